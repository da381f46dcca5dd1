import { Link, useNavigate } from "@tanstack/react-router";
import { CalendarDays, Trophy } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Tabs } from "../../../components/tabs.tsx";
import { ApiError } from "../../../lib/api.ts";
import { readableChip } from "../../../lib/contrast.ts";
import { toast } from "../../../lib/ui.ts";
import { type ArenaEvent, useJoinedEvents, useMyEvents } from "../api/get-events.ts";
import { usePublishEvent } from "../api/manage-event.ts";
import { EventStateChip, EventSummary, MoreEvents } from "./events-list.tsx";
import "../../../styles/events.css";
import "../../../i18n/screens/events-ui.ts";

/** Spec 02 §2: descriptions on these cards stop at 100 characters. */
const DESCRIPTION = 100;

/** /my-events (spec 02 §2): the events one organises (Publish for drafts, View and Manage) and those one joined. */
export function MyEvents() {
  const { t } = useTranslation("events-ui");
  const [tab, setTab] = useState<"mine" | "joined">("mine");
  const mine = useMyEvents();
  const joined = useJoinedEvents();
  const list = tab === "mine" ? mine : joined;
  const items = list.data?.pages.flatMap((page) => page.events) ?? [];
  const navigate = useNavigate();
  const expired = [mine.error, joined.error].some((error) => error instanceof ApiError && error.status === 401);
  useEffect(() => {
    // Spec 02 §8: a 401 says so and goes to the login (here the home page with the login open).
    if (!expired) return;
    toast.error(t("login_to_view_events"));
    void navigate({ to: "/", search: { noAuth: true } });
  }, [expired, navigate, t]);
  return (
    <main className="page events-page">
      <header className="page-header">
        <h1>{t("my_events_title")}</h1>
        <Link to="/events/create" className="btn btn-primary">
          {t("create_event")}
        </Link>
      </header>
      <Tabs
        label={t("my_events_title")}
        value={tab}
        onChange={setTab}
        tabs={[
          { id: "mine", label: t("tab_my_events") },
          { id: "joined", label: t("tab_joined_events") },
        ]}
      />
      <div role="tabpanel" aria-label={tab === "mine" ? t("tab_my_events") : t("tab_joined_events")}>
        <QueryState query={list} pending={<Skeleton height={200} />} failure={expired ? t("login_to_view_events") : t("my_events_load_failed")}>
          {() =>
            items.length === 0 ? (
              <EmptyState
                icon={<CalendarDays size={40} aria-hidden />}
                title={tab === "mine" ? t("no_my_events") : t("no_joined_events")}
                action={
                  <Link to={tab === "mine" ? "/events/create" : "/events"} className="btn btn-primary">
                    {tab === "mine" ? t("create_event") : t("browse_events")}
                  </Link>
                }
              />
            ) : (
              <>
                <div className="events-grid">
                  {items.map((event) => (
                    <MyEventCard key={event.id} event={event} joined={tab === "joined"} />
                  ))}
                </div>
                <MoreEvents list={list} />
              </>
            )
          }
        </QueryState>
      </div>
    </main>
  );
}

function MyEventCard({ event, joined }: { event: ArenaEvent; joined: boolean }) {
  const { t } = useTranslation("events-ui");
  const publish = usePublishEvent(event.slug, {
    onSuccess: (answer) => toast.success(answer.message ?? t("published")),
    onError: () => toast.error(t("publish_failed")),
  });
  const description = event.description.length > DESCRIPTION ? `${event.description.slice(0, DESCRIPTION)}…` : event.description;
  return (
    <article className="event-card">
      <div className="event-card-body">
        <p className="event-badges">
          <span className="event-chip" style={readableChip(event.category.color)}>
            {event.category.name}
          </span>
          <EventStateChip status={event.status} label={joined ? t(`joined_status_${event.status}`) : t(`my_status_${event.status}`)} />
        </p>
        <EventSummary event={event} description={description} />
        {joined ? (
          <>
            <p className="small">{t("organized_by", { name: event.organizer.name })}</p>
            <p className="small">{t(`participant_${event.participantStatus ?? "pending"}`)}</p>
            {event.tournamentId ? (
              <Link to="/tournament/$id" params={{ id: event.tournamentId }} className="small">
                <Trophy size={14} aria-hidden /> {t("see_tournament")}
              </Link>
            ) : null}
          </>
        ) : (
          <div className="row">
            {event.status === "draft" ? (
              <Button size="sm" busy={publish.isPending} onClick={() => publish.mutate()}>
                {t("publish")}
              </Button>
            ) : (
              <Link to="/events/$slug" params={{ slug: event.slug }} className="btn btn-secondary btn-sm">
                {t("view")}
              </Link>
            )}
            <Link to="/events/$slug/manage" params={{ slug: event.slug }} className="btn btn-secondary btn-sm">
              {t("manage")}
            </Link>
          </div>
        )}
      </div>
    </article>
  );
}
