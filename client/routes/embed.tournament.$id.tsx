import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { EmbedFrame } from "../components/embeds/embed-frame.tsx";
import { TournamentEmbed } from "../features/tournaments/components/tournament-embed.tsx";
import { idParams } from "../lib/routing.ts";

export const Route = createFileRoute("/embed/tournament/$id")({ params: idParams("id"), component: TournamentEmbedScreen });

/** A tournament's live bracket, for another site's page (issue 36, item 3). */
function TournamentEmbedScreen() {
  const { id } = Route.useParams();
  const { t } = useTranslation("tournaments-ui");
  return (
    <EmbedFrame label={t("brackets")}>
      <TournamentEmbed key={id} id={id} />
    </EmbedFrame>
  );
}
