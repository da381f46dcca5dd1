import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { EmbedFrame } from "../components/embeds/embed-frame.tsx";
import { StreamEmbed } from "../features/streams/components/stream-embed.tsx";

export const Route = createFileRoute("/embed/$username/")({ component: PlayerEmbedScreen });

/** The channel's player, for another site's page (issue 36, item 3). */
function PlayerEmbedScreen() {
  const { username } = Route.useParams();
  const { t } = useTranslation("streams");
  return (
    <EmbedFrame label={t("player_of", { username })} className="embed-page-player">
      <StreamEmbed key={username.toLowerCase()} username={username} />
    </EmbedFrame>
  );
}
