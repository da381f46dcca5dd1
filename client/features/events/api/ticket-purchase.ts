import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { PurchaseSchema, Ticket, TicketBought } from "../../../../server/tickets/schemas.ts";
import { api } from "../../../lib/api.ts";
import type { MutationConfig } from "../../../lib/query.ts";
import { walletKeys } from "../../../data/wallet-balance.ts";
import { eventKeys, ticketKeys } from "./event-keys.ts";

// Apart from tickets.ts, whose reads route loaders start in the first load.

/** Buys a ticket: it joins the caller's list at once; the wallet, the event's counts and its types' figures are read again. */
export function usePurchaseTicket(config: MutationConfig<TicketBought, { userId: number; eventId: number; ticketType: string; price: number }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: ({ userId, ...rest }) => api<TicketBought>("/tickets/purchase", { method: "POST", body: { userId: String(userId), ...rest } satisfies z.input<typeof PurchaseSchema> }),
    onSuccess: (...args) => {
      queryClient.setQueryData<Ticket[]>(ticketKeys.mine, (tickets = []) => [args[0].ticket, ...tickets]);
      config.onSuccess?.(...args);
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
      // What is left of the type bought (and of the seats) changed.
      void queryClient.invalidateQueries({ queryKey: ticketKeys.types(args[1].eventId) });
    },
  });
}
