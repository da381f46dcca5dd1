import { Link, useNavigate } from "@tanstack/react-router";
import { CalendarDays, CalendarPlus, MapPin, Moon, Trophy, Users } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { Button } from "../../../components/button.tsx";
import { EmbedShareButton } from "../../../components/embeds/embed-share.tsx";
import { QueryPending } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { ApiError } from "../../../lib/api.ts";
import { readableChip } from "../../../lib/contrast.ts";
import { useSession } from "../../../data/session.ts";
import { openAuthModal, toast } from "../../../lib/ui.ts";
import { type EventDetail, useEvent } from "../api/get-event.ts";
import { useRegistration } from "../api/manage-event.ts";
import { useTicketTypes } from "../api/tickets.ts";
import { closedReason, formatEuros, formatEventDate } from "../event-rules.ts";
import { EventTickets } from "./ticket-panel.tsx";
import { TicketPrices } from "./events-list.tsx";
import { WaitlistPanel } from "../../../components/waitlist/waitlist-panel.tsx";
import { useWaitlist } from "../../../data/waitlist.ts";
import "../../../styles/events.css";
import "../../../i18n/screens/events-ui.ts";
import "../../../i18n/screens/errors.ts";

const PREVIEW = 10;

/** /events/{slug} (spec 02 §2): everything about the event, what the viewer can do, the ticket panel. */
/** `renderBelowFacts`: what the route composes under the event's facts and buttons (its handle on the fediverse). */
export function EventPage({ slug, renderBelowFacts }: { slug: string; renderBelowFacts?: (eventId: number) => ReactNode }) {
  const { t } = useTranslation("events-ui");
  const navigate = useNavigate();
  const event = useEvent(slug);
  useEffect(() => {
    // Unknown or failing: a toast, then the list (spec 02 §2, §8).
    if (!event.isError) return;
    toast.error(event.error instanceof ApiError && event.error.status === 404 ? t("event_not_found") : t("event_load_failed"));
    void navigate({ to: "/events" });
  }, [event.isError, event.error, navigate, t]);
  if (!event.data)
    return (
      <main className="page">
        <QueryPending pending={<Skeleton height={320} />} />
      </main>
    );
  return <EventDetailView event={event.data} belowFacts={renderBelowFacts?.(event.data.id)} />;
}

function EventDetailView({ event, belowFacts }: { event: EventDetail; belowFacts: ReactNode }) {
  const { t, i18n } = useTranslation("events-ui");
  const { user, isLoggedIn } = useSession();
  const isCreator = user !== null && String(user.id) === event.createdBy;
  const reason = closedReason(event);
  // A full event still lets those who hold a seat unregister or pay for it; cancelled or over, nobody acts.
  const seated = event.participantStatus === "pending" || event.participantStatus === "approved";
  const closed = reason === "full" ? !seated && !isCreator : reason !== null;
  // A member offered a freed seat has one way in, the offer (issue 34, item 4): no register or buy panel beside it.
  const offered = useWaitlist({ kind: "event", id: event.id }, isLoggedIn && !isCreator).data?.entry?.status === "offered";
  return (
    <main className="page event-page">
      <header
        className="event-cover"
        style={{ background: event.coverImage ? `center / cover url(${JSON.stringify(event.coverImage)})` : `linear-gradient(135deg, ${event.category.color}, #14121f)` }}
      >
        <div className="event-cover-text">
          <p className="event-badges">
            <span className="event-chip" style={readableChip(event.category.color)}>
              {event.category.name}
            </span>
            <span className={`event-chip event-state event-state-${event.status}`}>{t(`detail_status_${event.status}`)}</span>
          </p>
          <h1>{event.name}</h1>
        </div>
      </header>
      <div className="event-layout">
        <div className="event-main">
          <p className="event-description">{event.description}</p>
          <dl className="event-facts">
            <dt>
              <CalendarDays size={16} aria-hidden /> {t("dates")}
            </dt>
            <dd>
              {formatEventDate(event.startDate, i18n.language)}
              {event.endDate ? ` → ${formatEventDate(event.endDate, i18n.language)}` : ""}
            </dd>
            <dt>
              <Users size={16} aria-hidden /> {t("participants")}
            </dt>
            <dd className="tabular">{event.maxParticipants ? `${event.currentParticipants} / ${event.maxParticipants}` : event.currentParticipants}</dd>
            {event.location ? (
              <>
                <dt>
                  <MapPin size={16} aria-hidden /> {t("location")}
                </dt>
                <dd>{event.location}</dd>
              </>
            ) : null}
            <dt>{t("tickets")}</dt>
            <dd className="tabular">
              <TicketPrices event={event} />
            </dd>
            {event.ticketPrice > 0 ? (
              <>
                <dt>{t("price_reference")}</dt>
                <dd>
                  <span>{formatEuros(event.ticketPrice, i18n.language)}</span> <span className="muted small">{t("price_reference_hint")}</span>
                </dd>
              </>
            ) : null}
            <dt>{t("organizer")}</dt>
            <dd>
              <Link to="/profile/$username" params={{ username: event.organizer.username }}>
                {event.organizer.name}
              </Link>
            </dd>
          </dl>
          <div className="row">
            <a className="btn btn-secondary btn-sm" href={`/api/events/${event.slug}/calendar.ics`} download>
              <CalendarPlus size={16} aria-hidden /> {t("add_to_calendar")}
            </a>
            {event.category.slug === "tournament" && event.tournamentId ? (
              <Link to="/tournament/$id" params={{ id: event.tournamentId }} className="btn btn-secondary btn-sm">
                <Trophy size={16} aria-hidden /> {t("see_tournament")}
              </Link>
            ) : null}
            {event.isPublic && event.status !== "draft" ? <EmbedShareButton targets={[{ kind: "event", key: event.slug, title: event.name }]} /> : null}
            {event.tournamentId ? (
              <Link to="/events/$slug/night" params={{ slug: event.slug }} className="btn btn-secondary btn-sm">
                <Moon size={16} aria-hidden /> {t("night_programme")}
              </Link>
            ) : null}
          </div>
          {belowFacts}
          {event.rules.trim() ? (
            <section>
              <h2>{t("rules")}</h2>
              <p className="event-rules">{event.rules}</p>
            </section>
          ) : null}
          <Participants event={event} />
        </div>
        <aside className="event-side">
          {closed && reason ? (
            <p className={`event-closed event-closed-${reason}`} role="status">
              {t(`closed_${reason}`)}
            </p>
          ) : null}
          {isLoggedIn && !isCreator ? <EventWaitlist event={event} /> : null}
          {(closed && !isCreator) || offered ? null : <EventAction event={event} isCreator={isCreator} />}
          {isLoggedIn && event.sellsTickets ? <EventTickets event={event} closed={closed || offered} /> : null}
        </aside>
      </div>
    </main>
  );
}

/** Manage Event for its creator; Register Now, Unregister or Registration Closed for others; Login to Register for visitors. */
function EventAction({ event, isCreator }: { event: EventDetail; isCreator: boolean }) {
  const { t } = useTranslation("events-ui");
  const { isLoggedIn } = useSession();
  const register = useRegistration(event.id, {
    onSuccess: (answer) => toast.success(answer.message),
    // Spec 02 §8: the server's message, else (no answer, or a server failure) "Registration failed".
    onError: (error) => toast.error(error instanceof ApiError && error.status > 0 && error.status < 500 && error.code !== "internal" ? error.message : t("registration_failed")),
  });
  if (isCreator) {
    return (
      <Link to="/events/$slug/manage" params={{ slug: event.slug }} className="btn btn-primary">
        {t("manage_event")}
      </Link>
    );
  }
  if (!isLoggedIn) {
    // Spec 02 §8's info toast, then this product's login (a dialog, not a /login page).
    return (
      <Button
        onClick={() => {
          toast.info(t("login_to_register_toast"));
          openAuthModal("login");
        }}
      >
        {t("login_to_register")}
      </Button>
    );
  }
  if (event.participantStatus === "pending" || event.participantStatus === "approved") {
    return (
      <div className="event-registered">
        <p className="small">{t(`registration_${event.participantStatus}`)}</p>
        <Button variant="secondary" busy={register.isPending} onClick={() => register.mutate(false)}>
          {t("unregister")}
        </Button>
      </div>
    );
  }
  if (event.participantStatus === "rejected") return <p className="small">{t("errors:event_registration_rejected")}</p>;
  if (event.registrationRefusal) {
    return (
      <div className="event-registered">
        <Button disabled>{t("registration_closed")}</Button>
        {event.registrationRefusal === "event_full" ? <p className="small muted">{t("errors:event_full")}</p> : null}
      </div>
    );
  }
  return (
    <Button busy={register.isPending} onClick={() => register.mutate(true)}>
      {t("register_now")}
    </Button>
  );
}

/** The waiting list of a full event; on one that sells tickets, an accepted offer buys one of the types on sale. */
function EventWaitlist({ event }: { event: EventDetail }) {
  const types = useTicketTypes(event.sellsTickets ? event.id : 0, event.sellsTickets);
  return <WaitlistPanel place={{ kind: "event", id: event.id }} ticketTypes={types.data?.ticketTypes.filter((type) => type.state === "on_sale")} />;
}

function Participants({ event }: { event: EventDetail }) {
  const { t } = useTranslation("events-ui");
  if (event.participantCount === 0) return null;
  const more = event.participantCount - Math.min(PREVIEW, event.participants.length);
  return (
    <section aria-labelledby="event-participants">
      <h2 id="event-participants">{t("participants")}</h2>
      <ul className="event-participants">
        {event.participants.slice(0, PREVIEW).map((participant) => (
          <li key={participant.id}>
            <Avatar name={participant.user.username} image={participant.user.profilePicture} size={28} />
            <span>{participant.user.name}</span>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="muted small">{t("more_participants", { count: more })}</p> : null}
    </section>
  );
}
