import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { printedTicketCode } from "../../../../server/tickets/format.ts";
import type { CheckInClosed, CheckInWindowSchema, DeskCheckInSchema, TicketCheckedIn, TicketCheckInSchema, TournamentDone as Ok } from "../../../../server/tournaments/schemas.ts";
import { api } from "../../../lib/api.ts";
import { tournamentKeys } from "./queries.ts";

// Check-in (issue 19, item 2): every change refreshes the tournament's queries (page, players).

function useCheckInMutation<Input, Answer>(id: number, call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: tournamentKeys.one(id) }) });
}

const base = (id: number) => `/tournament/${id}/check-in`;

/** The window, `minutesBefore` the start; null takes it away. */
export const useSetCheckInWindow = (id: number) =>
  useCheckInMutation(id, (minutesBefore: number | null) => api<Ok>(base(id), { method: "PUT", body: { minutesBefore } satisfies z.input<typeof CheckInWindowSchema> }));
export const useCheckIn = (id: number) => useCheckInMutation(id, () => api<Ok>(base(id), { method: "POST" }));
export const useCloseCheckIn = (id: number) => useCheckInMutation(id, () => api<CheckInClosed>(`${base(id)}/close`, { method: "POST" }));
export const useDeskCheckIn = (id: number) =>
  useCheckInMutation(id, ({ participantId, checkedIn }: { participantId: number; checkedIn: boolean }) =>
    api<Ok>(`${base(id)}/${participantId}`, { method: "PUT", body: { checkedIn } satisfies z.input<typeof DeskCheckInSchema> }),
  );
/** From a ticket's printed code, or its QR code as the desk's camera (or a scanner) reads it. */
export const useTicketCheckIn = (id: number) =>
  useCheckInMutation(id, (scanned: string) => api<TicketCheckedIn>(`${base(id)}/ticket`, { method: "POST", body: { code: printedTicketCode(scanned) } satisfies z.input<typeof TicketCheckInSchema> }));

/** Where a check-in stands at `now`: none, not yet open, open, or closed (by the clock or its no-shows dropped). */
export function checkInPhase(t: { checkInOpensAt: string | null; checkInClosesAt: string | null; checkInClosedAt: string | null }, now = Date.now()): "none" | "upcoming" | "open" | "closed" {
  if (!t.checkInOpensAt || !t.checkInClosesAt) return "none";
  if (t.checkInClosedAt || now >= Date.parse(t.checkInClosesAt)) return "closed";
  return now < Date.parse(t.checkInOpensAt) ? "upcoming" : "open";
}
