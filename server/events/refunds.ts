import type { DbOrTransaction } from "../../db/index.ts";
import type { EventRow, TicketTable } from "../../db/types.ts";
import type { Selectable } from "kysely";
import { AppError } from "../http/errors.ts";
import { applyMovement, InsufficientFundsError } from "../ledger/ledger.ts";
import { announceTicket } from "./ticket-webhooks.ts";
import type { WebhookDeps } from "../webhooks/queue/queue.ts";

type Ticket = Selectable<TicketTable>;

/**
 * Refunds in full from the organiser's wallet, inside the caller's transaction: every ticket of a
 * cancelled event, or those of one holder (`holderId`) whose registration the organiser rejected.
 * If the organiser cannot cover every refund, nothing happens.
 */
export async function refundEventTickets(trx: DbOrTransaction, event: EventRow, deps: WebhookDeps, holderId?: number): Promise<void> {
  let query = trx.selectFrom("ticket").selectAll().where("event_id", "=", event.id).where("status", "=", "valid");
  if (holderId !== undefined) query = query.where("user_id", "=", holderId);
  const tickets = await query.execute();
  const total = tickets.reduce((sum, t) => sum + t.price, 0);
  for (const ticket of tickets) await refundTicket(trx, event, ticket, deps, total);
}

/**
 * One ticket back to its holder as G-Coins, in one step: the organiser's wallet pays the price back
 * and the ticket is refunded, so its seat is free (the caller then offers it to the waiting list).
 * `shortfall` is the amount the refusal names when the organiser cannot pay.
 */
export async function refundTicket(trx: DbOrTransaction, event: EventRow, ticket: Ticket, deps: WebhookDeps, shortfall = ticket.price): Promise<void> {
  const now = deps.now();
  if (ticket.price > 0) {
    try {
      await applyMovement(
        trx,
        { userId: event.created_by, amount: -ticket.price, type: "refund_reversal", description: { code: "refund", params: { event: event.name } }, refType: "ticket", refId: ticket.id },
        now,
      );
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw new AppError(402, "event_refund_insufficient", { params: { amount: shortfall } });
      throw error;
    }
    await applyMovement(
      trx,
      { userId: ticket.user_id, amount: ticket.price, type: "refund", description: { code: "refund", params: { event: event.name } }, refType: "ticket", refId: ticket.id },
      now,
    );
  }
  await trx.updateTable("ticket").set({ status: "refunded" }).where("id", "=", ticket.id).execute();
  await announceTicket(deps, trx, "event.ticket.refunded", event, ticket);
}
