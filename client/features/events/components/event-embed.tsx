import { CalendarDays, MapPin, Ticket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmbedMessage, SiteLink } from "../../../components/embeds/embed-frame.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { readableChip } from "../../../lib/contrast.ts";
import { useEvent } from "../api/get-event.ts";
import { formatEventDate } from "../event-rules.ts";
import { TicketPrices } from "./events-list.tsx";
import "../../../styles/events.css";
import "../../../i18n/screens/events-ui.ts";
import "../../../i18n/screens/embeds.ts";

/**
 * /embed/event/{slug} (issue 36, item 3): the event's name, when, where and what a ticket costs, and a button
 * to the event's page on the site, where the reader logs in and buys (a frame of another site cannot).
 */
export function EventEmbed({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation("embeds");
  const event = useEvent(slug);
  if (event.data === undefined) {
    if (event.isError) return <EmbedMessage icon={<Ticket size={32} aria-hidden />} title={t("not_found")} />;
    return <Skeleton height={200} />;
  }
  const data = event.data;
  return (
    <article className="embed-card embed-event" aria-labelledby="embed-event-name">
      <p className="event-badges">
        <span className="event-chip" style={readableChip(data.category.color)}>
          {data.category.name}
        </span>
      </p>
      <h1 id="embed-event-name">{data.name}</h1>
      <dl className="embed-facts">
        <dt>
          <CalendarDays size={16} aria-hidden />
          <span className="sr-only">{t("event_when")}</span>
        </dt>
        <dd>{formatEventDate(data.startDate, i18n.language)}</dd>
        {data.location ? (
          <>
            <dt>
              <MapPin size={16} aria-hidden />
              <span className="sr-only">{t("event_where")}</span>
            </dt>
            <dd>{data.location}</dd>
          </>
        ) : null}
        <dt>
          <Ticket size={16} aria-hidden />
          <span className="sr-only">{t("event_price")}</span>
        </dt>
        <dd className="tabular">
          <TicketPrices event={data} />
        </dd>
      </dl>
      <SiteLink path={`/events/${encodeURIComponent(data.slug)}`} text="get_ticket" primary />
    </article>
  );
}
