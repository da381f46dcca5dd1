import { Link, useNavigate } from "@tanstack/react-router";
import { ScanLine, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Tabs } from "../../../components/tabs.tsx";
import { ApiError } from "../../../lib/api.ts";
import { toast } from "../../../lib/ui.ts";
import type { EventDetail } from "../api/get-event.ts";
import {
  type Assignment,
  type AssignmentInput,
  type ParticipantStatus as Status,
  type StatusAction,
  useAssignments,
  useAssignStreamer,
  useChangeEventStatus,
  useDecideParticipant,
  useDeleteEvent,
  useParticipants,
  useRemoveAssignment,
  useStreamers,
} from "../api/manage-event.ts";
import { formatEventDate, statusActions } from "../event-rules.ts";
import { EventStateChip } from "./events-list.tsx";
import { OrganiserEvent } from "./organiser-event.tsx";
import { TicketTypeEditor } from "./ticket-type-editor.tsx";
import { useSession } from "../../../data/session.ts";
import { WaitlistManager } from "../../../components/waitlist/waitlist-manager.tsx";
import "../../../styles/events.css";
import "../../../i18n/screens/events-ui.ts";
import "../../../i18n/screens/errors.ts";

type Tab = "overview" | "participants" | "streamers" | "settings";

/** /events/{slug}/manage (spec 02 §2): Overview, Participants, Streamers, Settings. */
/** `integrations` draws the event's webhooks (the webhooks feature's panel, which the route passes in). */
export function ManageEvent({ slug, integrations }: { slug: string; integrations?: (eventId: number) => ReactNode }) {
  const { t } = useTranslation("errors");
  return (
    <OrganiserEvent slug={slug} refusal={t("event_manage_forbidden")} failure={t("events-ui:event_data_load_failed")} moderators redirect>
      {(event) => <ManageTabs event={event} integrations={integrations} />}
    </OrganiserEvent>
  );
}

function ManageTabs({ event, integrations }: { event: EventDetail; integrations: ((eventId: number) => ReactNode) | undefined }) {
  const { t } = useTranslation("events-ui");
  const { user } = useSession();
  const manager = managesEvent(user, event);
  const [tab, setTab] = useState<Tab>("overview");
  const tabs = (["overview", "participants", "streamers", "settings"] as const).map((id) => ({ id, label: t(`manage_tab_${id}`) }));
  return (
    <main className="page events-page">
      <header className="page-header">
        <h1>{event.name}</h1>
        <div className="row">
          <Link to="/events/$slug/scan" params={{ slug: event.slug }} className="btn btn-primary">
            <ScanLine size={18} aria-hidden /> {t("scan_tickets")}
          </Link>
          <Link to="/events/$slug" params={{ slug: event.slug }} className="btn btn-secondary">
            {t("view")}
          </Link>
        </div>
      </header>
      <Tabs label={event.name} value={tab} onChange={setTab} tabs={tabs} />
      <div role="tabpanel" aria-label={tabs.find((x) => x.id === tab)!.label}>
        {tab === "overview" ? <Overview event={event} onTab={setTab} /> : null}
        {tab === "participants" ? (
          <>
            <Participants event={event} />
            {event.maxParticipants !== null ? <WaitlistManager place={{ kind: "event", id: event.id }} /> : null}
          </>
        ) : null}
        {tab === "streamers" ? <Streamers event={event} /> : null}
        {tab === "settings" ? (
          <div className="manage-list">
            {manager ? <TicketTypeEditor event={event} /> : null}
            {manager && integrations ? integrations(event.id) : null}
            <DangerZone event={event} />
          </div>
        ) : null}
      </div>
    </main>
  );
}

/** Moderators open this page for the streamer panel; ticket types are the organiser's (and an admin's), as the server says. */
function managesEvent(user: ReturnType<typeof useSession>["user"], event: EventDetail): boolean {
  return user !== null && (String(user.id) === event.createdBy || user.role === "admin");
}

function Overview({ event, onTab }: { event: EventDetail; onTab: (tab: Tab) => void }) {
  const { t, i18n } = useTranslation("events-ui");
  const { user } = useSession();
  const participants = useParticipants(event.id);
  const count = (status?: Status) => (participants.data ?? []).filter((p) => !status || p.status === status).length;
  return (
    <div className="manage-overview">
      <div className="dashboard-stats">
        {(
          [
            ["total", count()],
            ["approved", count("approved")],
            ["pending", count("pending")],
            ["rejected", count("rejected")],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="dashboard-stat">
            <span className="dashboard-stat-value tabular">{participants.isPending ? "…" : value}</span>
            <span className="muted">{t(`stat_${key}`)}</span>
          </div>
        ))}
      </div>
      <div className="row">
        <Button variant="secondary" onClick={() => onTab("participants")}>
          {t("manage_tab_participants")}
        </Button>
        <Button variant="secondary" onClick={() => onTab("streamers")}>
          {t("manage_tab_streamers")}
        </Button>
        <Link to="/events/$slug/edit" params={{ slug: event.slug }} className="btn btn-secondary">
          {t("edit_event")}
        </Link>
        {managesEvent(user, event) ? (
          <Button variant="secondary" onClick={() => onTab("settings")}>
            {t("types_title")}
          </Button>
        ) : null}
      </div>
      <StatusActions event={event} />
      <p className="muted">
        <EventStateChip status={event.status} label={t(`my_status_${event.status}`)} /> {formatEventDate(event.startDate, i18n.language)}
        {event.location ? ` · ${event.location}` : ""}
      </p>
    </div>
  );
}

/** A reason worth showing after the spec's words: the server's own, not a generic failure. */
function reasonOf(error: unknown): string | null {
  return error instanceof ApiError && error.status > 0 && error.status < 500 && error.code !== "internal" ? error.message : null;
}

/**
 * Publish, Start (live), End and Cancel (spec 02 §4), each confirmed first. Cancelling refunds every
 * ticket sold, from the organiser's wallet, in the server's one transaction.
 */
function StatusActions({ event }: { event: EventDetail }) {
  const { t } = useTranslation("events-ui");
  const [asking, setAsking] = useState<StatusAction | null>(null);
  const change = useChangeEventStatus(event, {
    onSuccess: (_, action) => {
      setAsking(null);
      toast.success(t(`status_done_${action}`));
    },
    onError: (error) => {
      setAsking(null);
      const reason = reasonOf(error);
      toast.error(reason ? t("status_update_failed_reason", { reason }) : t("status_update_failed"));
    },
  });
  const actions = statusActions(event.status);
  if (actions.length === 0) return null;
  return (
    <section className="manage-status" aria-labelledby="manage-status-title">
      <h2 id="manage-status-title">{t("status_actions")}</h2>
      <div className="row">
        {actions.map((action) => (
          <Button key={action} variant={action === "cancel" ? "danger" : action === "end" ? "secondary" : "primary"} onClick={() => setAsking(action)}>
            {t(`status_action_${action}`)}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`status_confirm_title_${asking}`, { name: event.name }) : ""}
        confirmLabel={asking ? t(`status_action_${asking}`) : ""}
        cancelLabel={asking === "cancel" ? t("keep_event") : undefined}
        danger={asking === "cancel"}
        busy={change.isPending}
        onConfirm={() => asking && change.mutate(asking)}
        onCancel={() => setAsking(null)}
      >
        <p>{asking ? t(`status_confirm_text_${asking}`) : null}</p>
      </ConfirmDialog>
    </section>
  );
}

/** Registrants with Approve and Reject for the pending ones; the filters work (the spec's are display only). */
function Participants({ event }: { event: EventDetail }) {
  const { t } = useTranslation("events-ui");
  const [filter, setFilter] = useState<Status | "all">("all");
  const participants = useParticipants(event.id);
  const decide = useDecideParticipant(event.id, {
    onSuccess: (_, { status }) => toast.success(t(status === "approved" ? "approved_toast" : "rejected_toast")),
    onError: () => toast.error(t("participant_update_failed")),
  });
  const shown = (participants.data ?? []).filter((p) => filter === "all" || p.status === filter);
  return (
    <div className="manage-list">
      <div className="events-categories" role="group" aria-label={t("filter")}>
        {(["all", "pending", "approved", "rejected"] as const).map((f) => (
          <button key={f} type="button" className="events-category" aria-pressed={filter === f} onClick={() => setFilter(f)}>
            {t(`filter_${f}`)}
          </button>
        ))}
      </div>
      <QueryState query={participants} pending={<Skeleton height={120} />} failure={t("event_data_load_failed")}>
        {() =>
          shown.length === 0 ? (
            <p className="muted">{t("no_participants")}</p>
          ) : (
            <ul className="moderation-list">
              {shown.map((p) => (
                <li key={p.id} className="moderation-item manage-row">
                  <Avatar name={p.user.username} image={p.user.profilePicture} size={32} />
                  <span className="manage-row-name">
                    {p.user.name} <span className="muted small">{p.user.email}</span>
                  </span>
                  <span className="event-chip event-chip-status">{t(`participant_${p.status}`)}</span>
                  {p.status === "pending" ? (
                    <span className="row">
                      <Button size="sm" onClick={() => decide.mutate({ id: p.id, status: "approved" })} aria-label={t("approve_named", { name: p.user.username })}>
                        {t("approve")}
                      </Button>
                      <Button size="sm" variant="danger" onClick={() => decide.mutate({ id: p.id, status: "rejected" })} aria-label={t("reject_named", { name: p.user.username })}>
                        {t("reject")}
                      </Button>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}

/** The assignment panel: who streams the event, as main, co or backup streamer. */
const ASSIGNMENT_ROLES: NonNullable<AssignmentInput["role"]>[] = ["main_streamer", "co_streamer", "backup_streamer"];

function Streamers({ event }: { event: EventDetail }) {
  const { t } = useTranslation("events-ui");
  const [streamerId, setStreamerId] = useState("");
  const [role, setRole] = useState<NonNullable<AssignmentInput["role"]>>("main_streamer");
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Assignment | null>(null);
  const assignments = useAssignments(event.id);
  const streamers = useStreamers();
  const assign = useAssignStreamer(event.id, {
    onSuccess: () => {
      setStreamerId("");
      setNotes("");
      toast.success(t("assigned_toast"));
    },
    onError: (failure) => setError(reasonOf(failure) ?? t("assign_failed")),
  });
  const remove = useRemoveAssignment(event.id, {
    onSuccess: () => setRemoving(null),
    onError: () => {
      setRemoving(null);
      toast.error(t("unassign_failed"));
    },
  });
  return (
    <div className="manage-list">
      <form
        className="settings-form"
        onSubmit={(formEvent) => {
          formEvent.preventDefault();
          if (!streamerId) return setError(t("choose_streamer"));
          setError(null);
          assign.mutate({ streamerId: Number(streamerId), role, notes });
        }}
      >
        <div className="grid-2">
          <div className="field">
            <label htmlFor="assign-streamer">{t("streamer")}</label>
            <select id="assign-streamer" value={streamerId} onChange={(e) => setStreamerId(e.target.value)}>
              <option value="">{t("choose_streamer_option")}</option>
              {(streamers.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.username}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="assign-role">{t("assign_role")}</label>
            <select id="assign-role" value={role} onChange={(e) => setRole(ASSIGNMENT_ROLES.find((r) => r === e.target.value) ?? "main_streamer")}>
              {ASSIGNMENT_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`role_${r}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor="assign-notes">{t("notes")}</label>
          <textarea id="assign-notes" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" busy={assign.isPending}>
          {t("assign")}
        </Button>
      </form>
      <QueryState query={assignments} pending={<Skeleton height={64} />} failure={t("assignments_load_failed")}>
        {(list) => (
          <ul className="moderation-list">
            {list.map((a) => (
              <li key={a.id} className="moderation-item manage-row">
                <Avatar name={a.streamer.username} image={a.streamer.avatar} size={32} />
                <span className="manage-row-name">
                  {a.streamer.username} <span className="muted small">{a.notes}</span>
                </span>
                <span className="event-chip event-chip-status">{t(`role_${a.role}`)}</span>
                <button type="button" className="icon-btn" aria-label={t("unassign_named", { name: a.streamer.username })} onClick={() => setRemoving(a)}>
                  <Trash2 size={16} aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={removing !== null}
        title={t("unassign_title")}
        confirmLabel={t("unassign")}
        danger
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      >
        <p>{t("unassign_text", { name: removing?.streamer.username ?? "" })}</p>
      </ConfirmDialog>
    </div>
  );
}

/** Settings: a link to the edit screen and a Danger Zone whose Delete really deletes (tickets refunded). */
function DangerZone({ event }: { event: EventDetail }) {
  const { t } = useTranslation("events-ui");
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteEvent(event.slug, {
    onSuccess: (answer) => {
      toast.success(answer.message ?? t("deleted_toast"));
      void navigate({ to: "/my-events" });
    },
    onError: (failure) => {
      setConfirming(false);
      toast.error(failure.message);
    },
  });
  return (
    <div className="manage-list">
      <Link to="/events/$slug/edit" params={{ slug: event.slug }} className="btn btn-secondary">
        {t("edit_event")}
      </Link>
      <section className="danger-zone" aria-labelledby="danger-zone">
        <h2 id="danger-zone">{t("danger_zone")}</h2>
        <p className="muted">{t("delete_text")}</p>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t("delete_event")}
        </Button>
      </section>
      <ConfirmDialog
        open={confirming}
        title={t("delete_title", { name: event.name })}
        confirmLabel={t("delete_event")}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t("delete_text")}</p>
      </ConfirmDialog>
    </div>
  );
}
