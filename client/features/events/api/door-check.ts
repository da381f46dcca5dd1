import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { TicketAdmitted, TicketValidateSchema } from "../../../../server/tickets/schemas.ts";
import { ApiError, api } from "../../../lib/api.ts";
import { checkOffline, pendingCheckIns } from "../offline-door.ts";
import { ticketKeys } from "./event-keys.ts";
import { useEventTickets, useTicketKey } from "./tickets.ts";
import "../../../i18n/screens/events-ui.ts";
import "../../../i18n/screens/errors.ts";

/** What the door shows after a scan: in, or refused with the reason (and whose ticket it is when known). */
export type DoorResult = ({ admitted: true; holder: string | null; ticketType: string } | { admitted: false; reason: string; holder: string | null }) & {
  id: number;
  /** Decided on this device because the server could not be reached. */
  offline?: boolean;
};

const RECENT_SCANS = 8;
/** How often a door with check-ins waiting asks the server again. */
const PENDING_RETRY_MS = 5000;

/** "19:42" (or "19:42:05"), in the door's language. */
export function clockTime(iso: string | number, lang: string, seconds = false): string {
  return new Date(iso).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit", ...(seconds ? { second: "2-digit" } : {}) });
}

/** Nothing answered: the network or the server is down (an answer, even a refusal, is not that). */
const unreachable = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * The door's checking: the server decides while it answers; when it does not, this device decides
 * with the server's public key and the last ticket list, keeps its check-ins, and hands them to the
 * server as soon as it answers again (a refusal then shows in the recent list).
 */
export function useDoorCheck(eventId: number) {
  const { t, i18n } = useTranslation("events-ui");
  const queryClient = useQueryClient();
  const tickets = useEventTickets(eventId);
  const key = useTicketKey();
  const [result, setResult] = useState<DoorResult | null>(null);
  const [recent, setRecent] = useState<DoorResult[]>([]);
  const [checking, setChecking] = useState(false);
  const [offline, setOffline] = useState(false);
  const [pending, setPending] = useState(() => pendingCheckIns.read(eventId).length);
  const checkedHere = useRef(new Map(pendingCheckIns.read(eventId).map((entry) => [entry.code, entry.at])));
  const syncing = useRef(false);

  const remember = useCallback((next: DoorResult) => setRecent((list) => [next, ...list].slice(0, RECENT_SCANS)), []);
  const alreadyUsed = useCallback((iso: string) => t("door_already_used", { time: clockTime(iso, i18n.language) }), [t, i18n.language]);
  const refreshTickets = useCallback(() => void queryClient.invalidateQueries({ queryKey: ticketKeys.ofEvent(eventId) }), [queryClient, eventId]);

  const refusal = useCallback(
    (error: ApiError): DoorResult => {
      const holder = typeof error.details.username === "string" ? error.details.username : null;
      // The server says the time in UTC; the door wants its own clock.
      const reason = error.code === "ticket_already_used" && typeof error.details.checkedInAt === "string" ? alreadyUsed(error.details.checkedInAt) : error.message;
      return { id: Date.now(), admitted: false, reason, holder };
    },
    [alreadyUsed],
  );

  const askServer = useCallback(
    async (qr: string): Promise<DoorResult | "unreachable"> => {
      try {
        const { ticket } = await api<TicketAdmitted>("/tickets/validate", { method: "POST", body: { qr, eventId } satisfies z.input<typeof TicketValidateSchema> });
        return { id: Date.now(), admitted: true, holder: ticket?.username ?? null, ticketType: ticket?.ticket_type ?? "" };
      } catch (error) {
        if (unreachable(error)) return "unreachable";
        if (error instanceof ApiError) return refusal(error);
        throw error;
      }
    },
    [eventId, refusal],
  );

  const decideHere = useCallback(
    (qr: string): DoorResult => {
      const id = Date.now();
      if (!key.data) return { id, admitted: false, reason: t("door_offline_no_key"), holder: null, offline: true };
      const verdict = checkOffline(qr, eventId, key.data, tickets.data ?? [], checkedHere.current);
      if (!verdict.admitted) {
        const reason = verdict.reason === "ticket_already_used" ? alreadyUsed(verdict.checkedInAt!) : t(`errors:${verdict.reason}`);
        return { id, admitted: false, reason, holder: verdict.holder, offline: true };
      }
      const at = new Date(id).toISOString();
      checkedHere.current.set(verdict.code, at);
      const queue = [...pendingCheckIns.read(eventId), { qr, code: verdict.code, at }];
      pendingCheckIns.write(eventId, queue);
      setPending(queue.length);
      return { id, admitted: true, holder: verdict.holder, ticketType: verdict.ticketType, offline: true };
    },
    [key.data, eventId, tickets.data, alreadyUsed, t],
  );

  /** Hands the offline check-ins to the server, oldest first; stops at the first that cannot reach it. */
  const sync = useCallback(async () => {
    if (syncing.current) return;
    syncing.current = true;
    try {
      for (const entry of pendingCheckIns.read(eventId)) {
        const answer = await askServer(entry.qr);
        if (answer === "unreachable") return;
        if (!answer.admitted) remember({ ...answer, reason: t("door_sync_refused", { reason: answer.reason }) });
        const rest = pendingCheckIns.read(eventId).filter((other) => other.code !== entry.code);
        pendingCheckIns.write(eventId, rest);
        setPending(rest.length);
      }
      setOffline(false);
      refreshTickets();
    } finally {
      syncing.current = false;
    }
  }, [eventId, askServer, remember, refreshTickets, t]);

  const check = useCallback(
    async (qr: string) => {
      setChecking(true);
      const answer = await askServer(qr);
      const shown = answer === "unreachable" ? decideHere(qr) : answer;
      setOffline(answer === "unreachable");
      if (answer !== "unreachable") void sync();
      setResult(shown);
      remember(shown);
      // A noisy hall: a phone at the door also says it with its vibrator (short: in; long: refused).
      navigator.vibrate?.(shown.admitted ? 80 : [200, 100, 200]);
      setChecking(false);
      refreshTickets();
    },
    [askServer, decideHere, sync, remember, refreshTickets],
  );

  // Back online (or opened with check-ins left from an earlier outage): hand them over.
  useEffect(() => {
    if (pendingCheckIns.read(eventId).length > 0) void sync();
    const onOnline = () => void sync();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [eventId, sync]);

  // The "online" event is not enough: a browser may never fire it (the phone kept its Wi-Fi while the server was
  // away, or the browser does not report it), so while check-ins wait the server is asked again every few seconds.
  useEffect(() => {
    if (pending === 0) return;
    const timer = setInterval(() => void sync(), PENDING_RETRY_MS);
    return () => clearInterval(timer);
  }, [pending, sync]);

  const show = (next: DoorResult) => {
    setResult(next);
    remember(next);
  };
  return { check, checking, result, next: () => setResult(null), show, recent, offline, pending, tickets: tickets.data };
}
