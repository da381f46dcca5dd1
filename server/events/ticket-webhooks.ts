import type { Selectable } from "kysely";
import type { DbOrTransaction } from "../../db/index.ts";
import type { EventRow, TicketTable } from "../../db/types.ts";
import { announce, type WebhookDeps } from "../webhooks/queue/queue.ts";
import { siteLink } from "../webhooks/queue/words.ts";
import { defaultTicketName } from "./default-ticket-types.ts";

// A ticket's webhook events (issue 36, item 1): sold, refunded, checked in at the door, each queued in the
// transaction that did it.

type TicketWords = Pick<Selectable<TicketTable>, "id" | "ticket_type" | "price" | "user_id">;

/**
 * A ticket sold, refunded or checked in, in the transaction that did it. Its type's name is the organiser's own, or
 * a default type's in French (`ownTicketType: 0`: a Discord post says it in its own language, server/webhooks/discord.ts).
 */
export async function announceTicket(
  deps: WebhookDeps,
  trx: DbOrTransaction,
  type: "event.ticket.sold" | "event.ticket.refunded" | "event.checkin",
  event: Pick<EventRow, "id" | "name" | "slug">,
  ticket: TicketWords,
): Promise<void> {
  const holder = await trx.selectFrom("user").select("username").where("id", "=", ticket.user_id).executeTakeFirst();
  const own = await trx.selectFrom("ticket_type").select("name").where("event_id", "=", event.id).where("type", "=", ticket.ticket_type).executeTakeFirst();
  await announce(
    deps,
    trx,
    type,
    { eventId: event.id },
    {
      event: event.name,
      eventId: event.id,
      ticketId: ticket.id,
      ticketType: ticket.ticket_type,
      ticketName: own?.name ?? defaultTicketName("fr", ticket.ticket_type) ?? ticket.ticket_type,
      ownTicketType: own ? 1 : 0,
      price: ticket.price,
      holder: holder?.username ?? "",
      url: siteLink(deps, `/events/${event.slug}`),
    },
  );
}
