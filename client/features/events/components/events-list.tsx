import { Link } from "@tanstack/react-router";
import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { CalendarDays, CalendarX, MapPin, Plus, Search, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { readableChip } from "../../../lib/contrast.ts";
import { useSession } from "../../../data/session.ts";
import { openAuthModal, toast } from "../../../lib/ui.ts";
import { type ArenaEvent, useCategories, useEvents } from "../api/get-events.ts";
import { formatEuros, formatEventDate } from "../event-rules.ts";
import "../../../styles/events.css";
import "../../../i18n/screens/events-ui.ts";

/** Spec 02 §2: a card's description stops at 120 characters. */
const CARD_DESCRIPTION = 120;

/** /events (spec 02 §2): a text search, category tabs (All plus each), a Create Event button, cards, an empty state. */
export function EventsList() {
  const { t } = useTranslation("events-ui");
  const { isLoggedIn } = useSession();
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<number | null>(null);
  const categories = useCategories();
  const events = useEvents(search, category);
  const items = events.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <main className="page events-page">
      <header className="page-header">
        <h1>{t("events_title")}</h1>
        {isLoggedIn ? (
          <Link to="/events/create" className="btn btn-primary">
            <Plus size={18} aria-hidden /> {t("create_event")}
          </Link>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => openAuthModal("login")}>
            <Plus size={18} aria-hidden /> {t("create_event")}
          </button>
        )}
      </header>
      <label className="events-search">
        <Search size={18} aria-hidden />
        <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t("search_events")} aria-label={t("search_events")} />
      </label>
      <div className="events-categories" role="tablist" aria-label={t("categories")}>
        {[{ id: null, name: t("all") }, ...(categories.data ?? [])].map((c) => (
          <button key={c.id ?? "all"} type="button" role="tab" aria-selected={category === c.id} className="events-category" onClick={() => setCategory(c.id)}>
            {c.name}
          </button>
        ))}
      </div>
      <QueryState query={events} pending={<Skeleton height={240} />} failure={t("events_load_failed")}>
        {() =>
          items.length === 0 ? (
            <EmptyState icon={<CalendarX size={40} aria-hidden />} title={t("no_events")} />
          ) : (
            <>
              <div className="events-grid">
                {items.map((event) => (
                  <EventCard key={event.id} event={event} />
                ))}
              </div>
              <MoreEvents list={events} />
            </>
          )
        }
      </QueryState>
    </main>
  );
}

/** "Show more" under a list read a page at a time, while another page follows; a failure says so and keeps the cards. */
export function MoreEvents({ list }: { list: Pick<UseInfiniteQueryResult, "hasNextPage" | "isFetchingNextPage" | "isFetchNextPageError" | "fetchNextPage"> }) {
  const { t } = useTranslation("events-ui");
  useEffect(() => {
    if (list.isFetchNextPageError) toast.error(t("more_failed"));
  }, [list.isFetchNextPageError, t]);
  if (!list.hasNextPage) return null;
  return (
    <div className="events-more">
      <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        {t("more")}
      </Button>
    </div>
  );
}

function EventCard({ event }: { event: ArenaEvent }) {
  const { t, i18n } = useTranslation("events-ui");
  const description = event.description.length > CARD_DESCRIPTION ? `${event.description.slice(0, CARD_DESCRIPTION)}…` : event.description;
  return (
    <article className="event-card">
      <Link
        to="/events/$slug"
        params={{ slug: event.slug }}
        className="event-card-cover"
        style={{ background: event.coverImage ? `center / cover url(${JSON.stringify(event.coverImage)})` : `linear-gradient(135deg, ${event.category.color}, #14121f)` }}
        tabIndex={-1}
        aria-hidden
      >
        <span className="event-chip" style={readableChip(event.category.color)}>
          {event.category.name}
        </span>
      </Link>
      <div className="event-card-body">
        <p className="event-badges">
          <EventStateChip status={event.status} label={t(`list_status_${event.status}`)} />
        </p>
        <EventSummary event={event} description={description} withPlaceAndSeats />
        <p className="event-card-price tabular">
          <TicketPrices event={event} />
        </p>
        {event.ticketPrice > 0 ? (
          <p className="event-card-reference small muted">
            {t("price_reference_label")} <span>{formatEuros(event.ticketPrice, i18n.language)}</span>
          </p>
        ) : null}
      </div>
    </article>
  );
}

/**
 * What a ticket costs the viewer, in G-Coins, from the server's catalogue (the prices the purchase charges): one
 * price or a range, "Free" when nothing is charged, "No tickets on sale" when no type is on sale or to come. An event that sells
 * no tickets is free to register for.
 */
export function TicketPrices({ event }: { event: Pick<ArenaEvent, "sellsTickets" | "ticketPriceRange"> }) {
  const { t } = useTranslation("events-ui");
  const range = event.ticketPriceRange;
  if (!event.sellsTickets) return <>{t("free")}</>;
  if (!range) return <>{t("no_tickets_on_sale")}</>;
  if (range.min === range.max) return <>{range.max === 0 ? t("free") : t("gcoins", { value: range.max })}</>;
  return <>{t("price_range", { min: range.min, max: range.max })}</>;
}

/** A status in words (colour only repeats it): green while open, the live red while live, muted once over. */
export function EventStateChip({ status, label }: { status: ArenaEvent["status"]; label: string }) {
  return <span className={`event-chip event-state event-state-${status}`}>{label}</span>;
}

/** An event card's title, cut description and when (with where and how full, on the public list). */
export function EventSummary({ event, description, withPlaceAndSeats = false }: { event: ArenaEvent; description: string; withPlaceAndSeats?: boolean }) {
  const { i18n } = useTranslation("events-ui");
  return (
    <>
      <Link to="/events/$slug" params={{ slug: event.slug }} className="event-card-title">
        {event.name}
      </Link>
      <p className="muted small">{description}</p>
      <p className="event-card-meta small">
        <span>
          <CalendarDays size={14} aria-hidden /> {formatEventDate(event.startDate, i18n.language)}
        </span>
        {withPlaceAndSeats && event.location ? (
          <span>
            <MapPin size={14} aria-hidden /> {event.location}
          </span>
        ) : null}
        {withPlaceAndSeats ? (
          <span className="tabular">
            <Users size={14} aria-hidden /> {event.maxParticipants ? `${event.currentParticipants}/${event.maxParticipants}` : event.currentParticipants}
          </span>
        ) : null}
      </p>
    </>
  );
}
