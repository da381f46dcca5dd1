import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { QrCamera } from "../../../components/qr-camera.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { toast } from "../../../lib/ui.ts";
import { checkInPhase, useCloseCheckIn, useDeskCheckIn, useSetCheckInWindow, useTicketCheckIn } from "../api/checkin.ts";
import type { Participant, Tournament } from "../api/types.ts";
import { formatDate } from "../lib/format.ts";
import "../../../i18n/screens/tournaments-ui.ts";

const WINDOWS = [15, 30, 60, 120, 1440];
/** After a read the camera rests this long: the time to take the ticket away. */
const CAMERA_REST_MS = 1500;
/** The same code read again within this long (a ticket left in front of the camera) is not sent again. */
const SAME_TICKET_MS = 10_000;

/**
 * The organiser's check-in desk (issue 19): the window before the start, who is in, a check-in by
 * hand for each entrant, one from an event ticket's code (typed, typed by a scanner, or read by the
 * camera), and closing early. Closing drops whoever is not checked in.
 */
export function CheckInDesk({ tournament, players }: { tournament: Tournament; players: Participant[] }) {
  const { t, i18n } = useTranslation("tournaments-ui");
  const phase = checkInPhase(tournament);
  const [minutes, setMinutes] = useState(30);
  const [code, setCode] = useState("");
  const [closing, setClosing] = useState(false);
  const setWindow = useSetCheckInWindow(tournament.id);
  const desk = useDeskCheckIn(tournament.id);
  const ticket = useTicketCheckIn(tournament.id);
  const close = useCloseCheckIn(tournament.id);
  if (tournament.isActive || tournament.isFinished) return null;
  const approved = players.filter((p) => p.status === "approved");
  const inCount = approved.filter((p) => p.checkedIn).length;
  const when = (iso: string | null) => formatDate(iso, i18n.language, tournament.timezone);
  const fail = (error: Error) => toast.error(error.message);

  const checkTicket = (text: string, onDone?: () => void) =>
    ticket.mutate(text, {
      onSuccess: (answer) => {
        onDone?.();
        toast.success(t("checked_in_name", { name: answer.username }));
      },
      onError: fail,
    });
  const onTicket = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) checkTicket(code.trim(), () => setCode(""));
  };

  return (
    <section className="t-stations checkin-desk" aria-labelledby="checkin-desk-title">
      <h2 id="checkin-desk-title">{t("checkin")}</h2>
      {phase === "none" ? (
        <div className="row">
          <div className="field">
            <label htmlFor="checkin-window">{t("checkin_window")}</label>
            <select id="checkin-window" value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
              {WINDOWS.map((m) => (
                <option key={m} value={m}>
                  {t("checkin_minutes_before", { count: m })}
                </option>
              ))}
            </select>
          </div>
          <Button onClick={() => setWindow.mutate(minutes, { onSuccess: () => toast.success(t("checkin_window_set")), onError: fail })} busy={setWindow.isPending}>
            {t("checkin_open_window")}
          </Button>
          {tournament.startDate ? null : <p className="muted small">{t("checkin_needs_start_hint")}</p>}
        </div>
      ) : (
        <>
          <p role="status">
            {phase === "upcoming" ? t("checkin_opens", { opens: when(tournament.checkInOpensAt), closes: when(tournament.checkInClosesAt) }) : null}
            {phase === "open" ? t("checkin_open_until", { closes: when(tournament.checkInClosesAt) }) : null}
            {phase === "closed" ? t("checkin_is_closed") : null} <strong className="tabular">{t("checkin_count", { in: inCount, total: approved.length })}</strong>
          </p>
          <div className="row checkin-tools">
            <form className="row" onSubmit={onTicket}>
              <TextField label={t("checkin_ticket_code")} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
              <Button type="submit" variant="secondary" busy={ticket.isPending}>
                {t("checkin_desk_check_in")}
              </Button>
            </form>
            <DeskCamera busy={ticket.isPending} onCode={checkTicket} />
            {tournament.checkInClosedAt ? null : (
              <>
                <Button variant="danger" onClick={() => setClosing(true)}>
                  {t("checkin_close_now")}
                </Button>
                {phase === "upcoming" ? (
                  <Button variant="ghost" onClick={() => setWindow.mutate(null, { onError: fail })}>
                    {t("checkin_remove_window")}
                  </Button>
                ) : null}
              </>
            )}
          </div>
          <ul className="checkin-list" aria-label={t("checkin_entrants")}>
            {approved.map((player) => (
              <li key={player.id}>
                <span className="checkin-name">{player.username}</span>
                {player.checkedIn ? <Badge tone="success">{t("checked_in")}</Badge> : <Badge tone="warning">{t("not_checked_in")}</Badge>}
                <Button
                  size="sm"
                  variant={player.checkedIn ? "ghost" : "secondary"}
                  busy={desk.isPending && desk.variables?.participantId === player.id}
                  onClick={() => desk.mutate({ participantId: player.id, checkedIn: !player.checkedIn }, { onError: fail })}
                  aria-label={player.checkedIn ? t("checkin_undo_name", { name: player.username }) : t("check_in_name", { name: player.username })}
                >
                  {player.checkedIn ? t("checkin_undo") : t("checkin_desk_check_in")}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={closing}
        title={t("checkin_close_title")}
        confirmLabel={t("checkin_close_now")}
        danger
        busy={close.isPending}
        onConfirm={() =>
          close.mutate(undefined, {
            onSuccess: (answer) => {
              setClosing(false);
              toast.success(t("checkin_closed_dropped", { count: answer.dropped }));
            },
            onError: fail,
          })
        }
        onCancel={() => setClosing(false)}
      >
        {t("checkin_close_text", { count: approved.length - inCount })}
      </ConfirmDialog>
    </section>
  );
}

/**
 * "Scan a ticket": the shared QR camera, off until the organiser turns it on (a desk is often a laptop
 * without one). A code read goes to the same check as a typed one; the camera pauses while it is in
 * flight and rests a moment after, and a ticket left in front of it is not sent again.
 */
function DeskCamera({ busy, onCode }: { busy: boolean; onCode: (code: string) => void }) {
  const { t } = useTranslation("tournaments-ui");
  const [resting, setResting] = useState(false);
  const last = useRef({ code: "", at: 0 });
  const send = useRef(onCode);
  send.current = onCode;
  const read = useCallback((code: string) => {
    const again = code === last.current.code && Date.now() - last.current.at < SAME_TICKET_MS;
    last.current = { code, at: Date.now() };
    if (!again) send.current(code);
    setResting(true);
  }, []);
  useEffect(() => {
    if (!resting || busy) return;
    const timer = window.setTimeout(() => setResting(false), CAMERA_REST_MS);
    return () => window.clearTimeout(timer);
  }, [resting, busy]);
  return (
    <section className="checkin-camera" aria-label={t("checkin_scan_ticket")}>
      <h3>{t("checkin_scan_ticket")}</h3>
      <QrCamera startOn={false} scanning={!busy && !resting} onCode={read} onPhotoWithoutCode={(message) => toast.error(message)} />
    </section>
  );
}
