import { sql } from "kysely";
import type { DbOrTransaction } from "../../db/index.ts";

/**
 * What every dashboard calls "tickets sold" and "revenue": paid tickets still valid, and the G-Coins
 * their sales brought in minus what refunds took back, read from the ledger. An organiser's own, or
 * the whole site's without `organiserId`. A refunded sale counts in neither.
 */
export async function ticketSales(db: DbOrTransaction, organiserId?: number): Promise<{ ticketsSold: number; revenue: number }> {
  let money = db.selectFrom("wallet_transaction").select(sql<number>`COALESCE(SUM(amount), 0)`.as("n")).where("type", "in", ["ticket_sale", "refund_reversal"]);
  if (organiserId !== undefined) money = money.where("user_id", "=", organiserId);
  let tickets = db.selectFrom("ticket").innerJoin("event", "event.id", "ticket.event_id").select(sql<number>`COUNT(*)`.as("n")).where("ticket.status", "=", "valid").where("ticket.price", ">", 0);
  if (organiserId !== undefined) tickets = tickets.where("event.created_by", "=", organiserId);
  const [revenue, sold] = await Promise.all([money.executeTakeFirstOrThrow(), tickets.executeTakeFirstOrThrow()]);
  return { ticketsSold: Number(sold.n), revenue: Number(revenue.n) };
}
