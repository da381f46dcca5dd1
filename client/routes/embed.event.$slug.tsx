import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { EmbedFrame } from "../components/embeds/embed-frame.tsx";
import { EventEmbed } from "../features/events/components/event-embed.tsx";

export const Route = createFileRoute("/embed/event/$slug")({ component: EventEmbedScreen });

/** An event's card and its ticket button, for another site's page (issue 36, item 3). */
function EventEmbedScreen() {
  const { slug } = Route.useParams();
  const { t } = useTranslation("embeds");
  return (
    <EmbedFrame label={t("get_ticket")}>
      <EventEmbed key={slug} slug={slug} />
    </EmbedFrame>
  );
}
