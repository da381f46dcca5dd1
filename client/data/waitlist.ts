import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TicketCancelled } from "../../server/tickets/schemas.ts";
import type { z } from "zod";
import type {
  AcceptSchema,
  HoldSchema,
  WaitlistAccepted,
  WaitlistDoneResponseSchema,
  WaitlistEntries,
  WaitlistJoinedResponseSchema,
  WaitlistTakenResponseSchema,
  WaitlistView,
} from "../../server/waitlist/schemas.ts";
import { api } from "../lib/api.ts";
import { walletKeys } from "./wallet-balance.ts";

export type { WaitlistEntry } from "../../server/waitlist/schemas.ts";

/** An event's seats or a tournament's slots: what a waiting list is for. */
export interface Place {
  kind: "event" | "tournament";
  id: number;
}

type Done = z.infer<typeof WaitlistDoneResponseSchema>;

const waitlistKeys = {
  all: ["waitlist"] as const,
  view: (place: Place) => ["waitlist", place.kind, place.id, "view"] as const,
  entries: (place: Place) => ["waitlist", place.kind, place.id, "entries"] as const,
};

/** The viewer's side of the list: can they join, their place, their offer and its deadline. */
const waitlistQueryOptions = (place: Place) =>
  queryOptions({ queryKey: waitlistKeys.view(place), queryFn: ({ signal }) => api<WaitlistView>(`/waitlist/${place.kind}/${place.id}`, { signal }) });
export const useWaitlist = (place: Place, enabled = true) => useQuery({ ...waitlistQueryOptions(place), enabled });

/** The organiser's list, in order. */
export const useWaitlistEntries = (place: Place) =>
  useQuery({ queryKey: waitlistKeys.entries(place), queryFn: ({ signal }) => api<WaitlistEntries>(`/waitlist/${place.kind}/${place.id}/entries`, { signal }) });

/**
 * Every change to a list may move seats, tickets and G-Coins: the lists, the wallet and the pages of
 * events and tournaments are read again.
 */
function useWaitlistChange<TData, TVariables>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      for (const key of [waitlistKeys.all, walletKeys.all, ["events"], ["tickets"], ["tournament"], ["tournaments"]]) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export const useJoinWaitlist = (place: Place) => useWaitlistChange(() => api<z.infer<typeof WaitlistJoinedResponseSchema>>(`/waitlist/${place.kind}/${place.id}`, { method: "POST" }));
export const useLeaveWaitlist = (place: Place) => useWaitlistChange(() => api<Done>(`/waitlist/${place.kind}/${place.id}`, { method: "DELETE" }));
export const useAcceptOffer = () =>
  useWaitlistChange(({ entryId, ticketType, price }: { entryId: number; ticketType?: string; price?: number }) =>
    api<WaitlistAccepted>(`/waitlist/offers/${entryId}/accept`, { method: "POST", body: { ticketType, price } satisfies z.input<typeof AcceptSchema> }),
  );
export const useDeclineOffer = () => useWaitlistChange((entryId: number) => api<Done>(`/waitlist/offers/${entryId}/decline`, { method: "POST" }));
export const useTakeFromList = () => useWaitlistChange((entryId: number) => api<z.infer<typeof WaitlistTakenResponseSchema>>(`/waitlist/entries/${entryId}/take`, { method: "POST" }));
export const useSetHold = (place: Place) =>
  useWaitlistChange((minutes: number) => api<Done>(`/waitlist/${place.kind}/${place.id}/hold`, { method: "PUT", body: { minutes } satisfies z.input<typeof HoldSchema> }));
/** A holder gives a ticket back: refunded in G-Coins at once, its seat offered to the list. */
export const useCancelTicket = () => useWaitlistChange((ticketId: number) => api<TicketCancelled>(`/tickets/${ticketId}/cancel`, { method: "POST" }));
