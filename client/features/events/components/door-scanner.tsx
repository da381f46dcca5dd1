import { Link } from "@tanstack/react-router";
import { CircleCheck, CircleX, CloudAlert, CloudCheck, WifiOff } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { QrCamera } from "../../../components/qr-camera.tsx";
import { TextField } from "../../../components/text-field.tsx";
import type { ArenaEvent } from "../api/get-events.ts";
import { useTicketTypes } from "../api/tickets.ts";
import { useManagedTicketTypes } from "../api/ticket-types.ts";
import { clockTime, type DoorResult, useDoorCheck } from "../api/door-check.ts";
import { type DoorWorkerState, useDoorWorker } from "../api/door-worker.ts";
import type { DoorTicket } from "../offline-door.ts";
import { OrganiserEvent } from "./organiser-event.tsx";
import "../../../styles/events.css";
import "../../../i18n/screens/events-ui.ts";

/** /events/{slug}/scan: the organiser's door. The camera reads QR codes in the page; a code can be typed. */
export function DoorScanner({ slug }: { slug: string }) {
  const { t } = useTranslation("events-ui");
  return (
    <OrganiserEvent slug={slug} refusal={t("door_not_organiser")}>
      {(event) => <Door event={event} />}
    </OrganiserEvent>
  );
}

function Door({ event }: { event: ArenaEvent }) {
  const { t } = useTranslation("events-ui");
  const door = useDoorCheck(event.id);
  const worker = useDoorWorker(event);
  const typeNames = useTicketTypeNames(event.id);
  return (
    <main className="page door-page">
      <header className="page-header">
        <div>
          <h1>{t("door_title")}</h1>
          <p className="muted">{event.name}</p>
        </div>
        <Link to="/events/$slug/manage" params={{ slug: event.slug }} className="btn btn-secondary">
          {t("manage_event")}
        </Link>
      </header>
      <OfflineReadiness state={worker} />
      <DoorCount tickets={door.tickets} />
      {door.offline || door.pending > 0 ? (
        <p className="door-offline">
          <WifiOff size={18} aria-hidden /> {t(door.offline ? "door_offline" : "door_syncing", { count: door.pending })}
        </p>
      ) : null}
      <div className="door-layout">
        <section className="door-reader" aria-label={t("door_camera")}>
          <QrCamera
            startOn
            scanning={door.result === null && !door.checking}
            onCode={door.check}
            onPhotoWithoutCode={(reason) => door.show({ id: Date.now(), admitted: false, reason, holder: null })}
          />
          <ManualEntry busy={door.checking} onCode={door.check} />
        </section>
        <section className="door-result-panel" aria-live="assertive" aria-label={t("door_result")}>
          {door.result ? <ResultCard result={door.result} typeNames={typeNames} onNext={door.next} /> : <p className="door-waiting">{door.checking ? t("door_checking") : t("door_waiting")}</p>}
        </section>
      </div>
      <RecentScans scans={door.recent} typeNames={typeNames} />
    </main>
  );
}

/** A ticket's type by name: the organiser's own types (hidden ones included), else the listed (default) ones. */
function useTicketTypeNames(eventId: number): (type: string) => string {
  const listed = useTicketTypes(eventId);
  const own = useManagedTicketTypes(eventId);
  const known = [...(own.data?.ticketTypes ?? []), ...(listed.data?.ticketTypes ?? [])];
  return (type) => known.find((candidate) => candidate.type === type)?.name ?? type;
}

/** Whether a reload with no network would still open the door here, and what to do when it would not. */
function OfflineReadiness({ state }: { state: DoorWorkerState }) {
  const { t } = useTranslation("events-ui");
  if (state === "ready")
    return (
      <p className="door-worker small muted">
        <CloudCheck size={16} aria-hidden /> {t("door_worker_ready")}
      </p>
    );
  if (state === "insecure")
    return (
      <p className="door-worker door-worker-insecure small">
        <CloudAlert size={16} aria-hidden /> {t("door_worker_insecure")}
      </p>
    );
  return null;
}

/** "12 / 40 entered", from the organiser's list of the event's tickets (refreshed after every scan). */
function DoorCount({ tickets }: { tickets: DoorTicket[] | undefined }) {
  const { t } = useTranslation("events-ui");
  if (!tickets) return null;
  const valid = tickets.filter((ticket) => ticket.status === "valid");
  const entered = valid.filter((ticket) => ticket.checkedInAt !== null).length;
  return <p className="door-count tabular">{t("door_count", { entered, total: valid.length })}</p>;
}

/** The fallback every door needs: a cracked screen or a printout too faint to scan. */
function ManualEntry({ busy, onCode }: { busy: boolean; onCode: (code: string) => Promise<void> }) {
  const { t } = useTranslation("events-ui");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(t("door_code_required"));
    setError(undefined);
    await onCode(code.trim());
    setCode("");
  };
  return (
    <form className="door-manual" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label={t("door_code")}
        hint={t("door_code_hint")}
        value={code}
        error={error}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={200}
      />
      <Button type="submit" variant="secondary" busy={busy}>
        {t("door_check")}
      </Button>
    </form>
  );
}

function ResultCard({ result, typeNames, onNext }: { result: DoorResult; typeNames: (type: string) => string; onNext: () => void }) {
  const { t } = useTranslation("events-ui");
  return (
    <div className={result.admitted ? "door-result door-admitted" : "door-result door-refused"} role="status">
      {result.admitted ? <CircleCheck size={56} aria-hidden /> : <CircleX size={56} aria-hidden />}
      <p className="door-verdict">{t(result.admitted ? "door_admitted" : "door_refused")}</p>
      {result.holder ? <p className="door-holder">{result.holder}</p> : result.admitted ? <p className="door-detail">{t("door_holder_not_listed")}</p> : null}
      <p className="door-detail">{result.admitted ? typeNames(result.ticketType) : result.reason}</p>
      {result.offline ? <p className="small">{t("door_checked_offline")}</p> : null}
      <Button onClick={onNext} autoFocus>
        {t("door_next")}
      </Button>
    </div>
  );
}

function RecentScans({ scans, typeNames }: { scans: DoorResult[]; typeNames: (type: string) => string }) {
  const { t, i18n } = useTranslation("events-ui");
  if (scans.length === 0) return null;
  return (
    <section aria-labelledby="door-recent">
      <h2 id="door-recent">{t("door_recent")}</h2>
      <ul className="door-recent">
        {scans.map((scan, index) => (
          <li key={`${scan.id}-${index}`} className={scan.admitted ? "door-recent-in" : "door-recent-out"}>
            {scan.admitted ? <CircleCheck size={16} aria-hidden /> : <CircleX size={16} aria-hidden />}
            <span>{scan.holder ?? t("door_unknown_holder")}</span>
            <span className="muted small">{scan.admitted ? typeNames(scan.ticketType) : scan.reason}</span>
            <time className="muted small tabular">{clockTime(scan.id, i18n.language, true)}</time>
          </li>
        ))}
      </ul>
    </section>
  );
}
