import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { toast } from "../../../lib/ui.ts";
import { checkInPhase, useCloseCheckIn, useDeskCheckIn, useSetCheckInWindow, useTicketCheckIn } from "../api/checkin.ts";
import type { Participant, Tournament } from "../api/types.ts";
import { formatDate } from "../lib/format.ts";
import "../../../i18n/screens/tournaments-ui.ts";

const WINDOWS = [15, 30, 60, 120, 1440];

/**
 * The organiser's check-in desk (issue 19): the window before the start, who is in, a check-in by
 * hand for each entrant, one from an event ticket's code (a scanner types it into the field), and
 * closing early. Closing drops whoever is not checked in.
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

  const onTicket = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    ticket.mutate(code.trim(), {
      onSuccess: (answer) => {
        setCode("");
        toast.success(t("checked_in_name", { name: answer.username }));
      },
      onError: fail,
    });
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
          <div className="row">
            <form className="row" onSubmit={onTicket}>
              <TextField label={t("checkin_ticket_code")} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
              <Button type="submit" variant="secondary" busy={ticket.isPending}>
                {t("check_in")}
              </Button>
            </form>
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
                  {player.checkedIn ? t("checkin_undo") : t("check_in")}
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
