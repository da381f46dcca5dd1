import { randomBytes } from "node:crypto";
import { showAlerts, ticketAlert } from "../overlays/alerts/alerts.ts";
import type { EventRow, User } from "../../db/types.ts";
import type { AppDeps } from "../http/context.ts";
import { assertCanBuy } from "../events/seats.ts";
import { assertCanSeeEvent, canManageEvent, isOwner } from "../access/policy.ts";
import { AppError, ConflictError, ForbiddenError, InvalidError, NotFoundError } from "../http/errors.ts";
import { notify } from "../notifications/service.ts";
import type { DbOrTransaction } from "../../db/index.ts";
import { applyMovement } from "../ledger/ledger.ts";
import type { Language } from "../i18n/messages.ts";
import { defaultTicketName } from "../events/default-ticket-types.ts";
import { type CatalogueType, eventTicketTypes, type ListedType, listedTypes, pricingFor, type SaleState, saleFigures, saleStateOf, sellsTickets, ticketsLeft } from "../events/ticket-catalogue.ts";
import { TICKET_CODE } from "./format.ts";
import type { TicketSigner } from "./signing.ts";
import { inTransaction } from "../../db/transaction.ts";
import { isOpenForSeats } from "../events/seats.ts";
import { refundTicket } from "../events/refunds.ts";
import { announceOffers, offerFreedPlaces, settleOwnOffer } from "../waitlist/places/offers.ts";
import { announceTicket } from "../events/ticket-webhooks.ts";
import type { WebhookDeps } from "../webhooks/queue/queue.ts";

/**
 * The types on an event's page, only for those who may see the event (hidden ones left out): each with its
 * sale state and what is left, and for a logged-in viewer the price the server will ask them (`yourPrice`)
 * and why, from the catalogue the purchase reads (events/ticket-catalogue.ts), so the panel never shows another.
 */
export async function ticketTypesFor(deps: AppDeps, viewer: User | undefined, eventId: number, lang: Language) {
  const event = await deps.db.selectFrom("event").selectAll().where("id", "=", eventId).executeTakeFirst();
  if (!event) throw new NotFoundError("event_not_found");
  await assertCanSeeEvent(deps.db, event, viewer);
  return listedTypes(deps.db, event, viewer, deps.now(), lang);
}

/** A listed type on the wire: its dates as ISO text, without what only its organiser reads (quantity, hidden, closed: its state says it). */
export function toTicketTypeResponse(type: ListedType) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    type: type.type,
    name: type.name,
    price: type.price,
    description: type.description,
    features: type.features,
    ...(type.yourPrice === undefined ? {} : { yourPrice: type.yourPrice }),
    state: type.state,
    remaining: type.remaining,
    saleStartsAt: iso(type.saleStartsAt),
    saleEndsAt: iso(type.saleEndsAt),
  };
}

/**
 * One transaction: check the type, the price, the seat rule (events/seats.ts: open, approved, room)
 * and the balance; debit the buyer, credit the organiser, write the ticket and the buyer's
 * registration. Fifty buyers for ten seats: ten tickets.
 */
export async function purchase(deps: AppDeps, signer: TicketSigner, user: User, input: { userId: number; eventId: number; ticketType?: string; price?: number }, lang: Language) {
  if (!isOwner(user, input.userId)) throw new ForbiddenError();
  const ticket = await inTransaction(deps.db, (trx) => buyTicket(trx, deps, user, input, lang, deps.now()));
  await announceSale(deps, user, ticket);
  return toTicketResponse(signer, lang, ticket, ticket.event);
}

type PurchaseInput = { eventId: number; ticketType?: string; price?: number };
export type BoughtTicket = Awaited<ReturnType<typeof buyTicket>>;

/**
 * The purchase itself, inside the caller's transaction: the ticket route's, or a waiting-list offer's accept
 * (server/waitlist/). The organiser's webhooks hear of the sale in the same transaction.
 */
export async function buyTicket(trx: DbOrTransaction, webhookDeps: WebhookDeps, user: User, input: PurchaseInput, lang: Language, now: number) {
  if (!input.ticketType) throw new InvalidError([{ field: "ticketType", code: "ticket_type_required" }]);
  const event = await trx.selectFrom("event").selectAll().where("id", "=", input.eventId).executeTakeFirst();
  if (!event) throw new NotFoundError("event_not_found");
  await assertCanSeeEvent(trx, event, user);
  const { own, types } = await eventTicketTypes(trx, event.id, lang);
  if (!sellsTickets(event, own)) throw new ConflictError([{ field: "eventId", code: "event_sells_no_tickets" }]);
  const type = types.find((t) => t.type === input.ticketType);
  if (!type) throw new InvalidError([{ field: "ticketType", code: "ticket_type_required" }]);
  await assertCanBuy(trx, event, user, now);
  await assertOnSale(trx, event, type, user, now, lang);
  const price = (await pricingFor(trx, user, event.id)).price(type.price);
  if (input.price !== undefined && input.price !== price) throw new AppError(400, "ticket_price_changed", { params: { price }, extra: { price } });
  const code = randomBytes(9).toString("base64url");
  const inserted = await trx
    .insertInto("ticket")
    .values({ code, event_id: event.id, user_id: user.id, ticket_type: type.type, price, checked_in_at: null, checked_in_by: null, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (price > 0) {
    const ticketLine = { code: "ticket", params: { ticketType: type.type, ticketName: type.name, event: event.name } } as const;
    await applyMovement(trx, { userId: user.id, amount: -price, type: "ticket_purchase", description: ticketLine, refType: "ticket", refId: inserted.id }, now);
    await applyMovement(trx, { userId: event.created_by, amount: price, type: "ticket_sale", description: ticketLine, refType: "ticket", refId: inserted.id }, now);
  }
  await trx
    .insertInto("event_participant")
    .values({ event_id: event.id, user_id: user.id, status: "approved", created_at: now })
    .onConflict((oc) => oc.columns(["event_id", "user_id"]).doUpdateSet({ status: "approved" }))
    .execute();
  await settleOwnOffer(trx, { kind: "event", id: event.id }, user.id, now);
  await announceTicket(webhookDeps, trx, "event.ticket.sold", event, inserted);
  return { ...inserted, type_name: type.name, event };
}

/** A type the buyer may take now: listed, not closed, within its sale window, not sold out (events/ticket-catalogue.ts). */
async function assertOnSale(trx: DbOrTransaction, event: EventRow, type: CatalogueType, user: User, now: number, lang: Language): Promise<void> {
  if (type.hidden) throw new AppError(409, "ticket_type_unavailable", { fields: [{ field: "ticketType", code: "ticket_type_unavailable" }] });
  const state = saleStateOf(type, ticketsLeft(type, await saleFigures(trx, event, user, now)), now);
  if (state === "on_sale") return;
  const code = SALE_REFUSALS[state];
  const opens = type.saleStartsAt === null ? "" : formatUtc(type.saleStartsAt, lang);
  throw new AppError(409, code, { params: { name: type.name, date: opens }, fields: [{ field: "ticketType", code }] });
}

const SALE_REFUSALS = {
  closed: "ticket_type_closed",
  ended: "ticket_type_sale_ended",
  not_yet: "ticket_type_not_on_sale_yet",
  sold_out: "ticket_type_sold_out",
} as const satisfies Record<Exclude<SaleState, "on_sale">, string>;

/** A date in a server message: the reader's language, in UTC (said so), since the server does not know their time zone. */
function formatUtc(ms: number, lang: Language): string {
  return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(ms);
}

/** The organiser hears of a sale once it is committed. */
export async function announceSale(deps: AppDeps, buyer: User, ticket: BoughtTicket): Promise<void> {
  await notify(deps, [ticket.event.created_by], {
    type: "ticket_sold",
    actorId: buyer.id,
    link: `/events/${ticket.event.slug}/manage`,
    data: { event: ticket.event.name, ticket: ticket.ticket_type },
  });
  showAlerts(deps, [ticketAlert(ticket.event.created_by, ticket.type_name ?? ticket.ticket_type, ticket.event.name)]);
}

export function ticketResponse(signer: TicketSigner, lang: Language, ticket: BoughtTicket) {
  return toTicketResponse(signer, lang, ticket, ticket.event);
}

function toTicketResponse(
  signer: TicketSigner,
  lang: Language,
  ticket: {
    id: number;
    code: string;
    event_id: number;
    ticket_type: string;
    type_name: string | null;
    price: number;
    currency: string;
    status: string;
    checked_in_at: number | null;
    created_at: number;
  },
  event: Pick<EventRow, "name" | "slug" | "start_date" | "location">,
) {
  return {
    id: ticket.id,
    code: ticket.code,
    ticket_type: ticket.ticket_type,
    /** The type's name as the buyer saw it ("Pass Journée"). */
    ticket_name: ticket.type_name ?? defaultTicketName(lang, ticket.ticket_type) ?? ticket.ticket_type,
    price: ticket.price,
    currency: ticket.currency,
    status: ticket.status,
    checkedInAt: ticket.checked_in_at ? new Date(ticket.checked_in_at).toISOString() : null,
    createdAt: new Date(ticket.created_at).toISOString(),
    qr_code: signer.sign({ c: ticket.code, e: ticket.event_id, k: ticket.ticket_type, i: Math.floor(ticket.created_at / 1000) }),
    event: { id: ticket.event_id, name: event.name, slug: event.slug, startDate: new Date(event.start_date).toISOString(), location: event.location },
  };
}

export async function userTickets(deps: AppDeps, signer: TicketSigner, user: User, lang: Language) {
  const rows = await deps.db
    .selectFrom("ticket")
    .innerJoin("event", "event.id", "ticket.event_id")
    .leftJoin("ticket_type", (join) => join.onRef("ticket_type.event_id", "=", "ticket.event_id").onRef("ticket_type.type", "=", "ticket.ticket_type"))
    .selectAll("ticket")
    .select(["event.name", "event.slug", "event.start_date", "event.location", "ticket_type.name as type_name"])
    .where("ticket.user_id", "=", user.id)
    .orderBy("ticket.created_at", "desc")
    .orderBy("ticket.id", "desc")
    .execute();
  return rows.map((row) => toTicketResponse(signer, lang, row, row));
}

/** The organiser's (or an admin's) list of an event's tickets, with who holds them and who is in. */
export async function eventTickets(deps: AppDeps, user: User, eventId: number) {
  const event = await deps.db.selectFrom("event").selectAll().where("id", "=", eventId).executeTakeFirst();
  if (!event || !canManageEvent(user, event)) throw new NotFoundError("event_not_found");
  const rows = await deps.db
    .selectFrom("ticket")
    .innerJoin("user", "user.id", "ticket.user_id")
    .selectAll("ticket")
    .select(["user.username"])
    .where("ticket.event_id", "=", eventId)
    .orderBy("ticket.created_at")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    username: row.username,
    ticket_type: row.ticket_type,
    price: row.price,
    status: row.status,
    checkedInAt: row.checked_in_at ? new Date(row.checked_in_at).toISOString() : null,
  }));
}

type ValidationResult = { valid: true; ticket: { code: string; username: string; ticket_type: string; checkedInAt: string } } | { valid: false; reason: string };

/**
 * What the scanner read: a signed QR payload (the signature is checked here), or the printed code a
 * doorkeeper typed when a phone screen would not scan. Anything else is forged or damaged.
 */
function ticketReference(signer: TicketSigner, qr: string): { code: string; eventId: number | null } {
  const text = qr.trim();
  if (TICKET_CODE.test(text)) return { code: text, eventId: null };
  const payload = signer.verify(text);
  if (!payload) throw new AppError(400, "ticket_forged");
  return { code: payload.c, eventId: payload.e };
}

/**
 * The door: a genuine signature (or a typed code), a ticket that exists, for this organiser's event
 * (and this event when the scanner names it), not refunded, and checked in once — the check-in is a
 * conditional update, so two scanners at two doors cannot both let the same ticket in. Refusals of a
 * real ticket name its holder, so the doorkeeper can tell who is in front of them.
 */
export async function validateTicket(deps: AppDeps, signer: TicketSigner, scanner: User, qr: string, expectedEventId?: number): Promise<ValidationResult> {
  const reference = ticketReference(signer, qr);
  const ticket = await deps.db
    .selectFrom("ticket")
    .innerJoin("event", "event.id", "ticket.event_id")
    .innerJoin("user", "user.id", "ticket.user_id")
    .selectAll("ticket")
    .select(["event.created_by", "user.username"])
    .where("ticket.code", "=", reference.code)
    .executeTakeFirst();
  if (!ticket && reference.eventId === null) throw new AppError(404, "ticket_unknown_code");
  if (!ticket || (reference.eventId !== null && ticket.event_id !== reference.eventId)) throw new AppError(400, "ticket_forged");
  if (!canManageEvent(scanner, ticket)) throw new ForbiddenError("ticket_foreign");
  const holder = { username: ticket.username, ticket_type: ticket.ticket_type };
  if (expectedEventId !== undefined && ticket.event_id !== expectedEventId) throw new AppError(409, "ticket_other_event", { extra: holder });
  if (ticket.status === "refunded") throw new AppError(409, "ticket_refunded", { extra: holder });
  const now = deps.now();
  const checked = await deps.db
    .updateTable("ticket")
    .set({ checked_in_at: now, checked_in_by: scanner.id })
    .where("id", "=", ticket.id)
    .where("checked_in_at", "is", null)
    .returning("checked_in_at")
    .executeTakeFirst();
  if (!checked) {
    const at = new Date(ticket.checked_in_at!).toISOString();
    throw new AppError(409, "ticket_already_used", { params: { time: at.slice(11, 16) }, extra: { ...holder, checkedInAt: at } });
  }
  const event = await deps.db.selectFrom("event").select(["id", "name", "slug"]).where("id", "=", ticket.event_id).executeTakeFirstOrThrow();
  await announceTicket(deps, deps.db, "event.checkin", event, ticket);
  return { valid: true, ticket: { code: ticket.code, username: ticket.username, ticket_type: ticket.ticket_type, checkedInAt: new Date(now).toISOString() } };
}

/** Codes of refunded tickets, for a scanner that works offline with the public key. */
export async function revokedCodes(deps: AppDeps, user: User, eventId: number): Promise<string[]> {
  const event = await deps.db.selectFrom("event").select("created_by").where("id", "=", eventId).executeTakeFirst();
  if (!event || !canManageEvent(user, event)) throw new NotFoundError("event_not_found");
  const rows = await deps.db.selectFrom("ticket").select("code").where("event_id", "=", eventId).where("status", "=", "refunded").execute();
  return rows.map((r) => r.code);
}

/**
 * The holder gives a ticket back before the event starts: its price returns to their wallet as
 * G-Coins in the same step (from the organiser's, as every refund), the seat is offered to the
 * waiting list in the same transaction, and a holder left with no ticket is no longer registered.
 */
export async function cancelTicket(deps: AppDeps, user: User, ticketId: number): Promise<{ refunded: number }> {
  const now = deps.now();
  const refunded = await inTransaction(deps.db, async (trx) => {
    const ticket = await trx.selectFrom("ticket").selectAll().where("id", "=", ticketId).where("user_id", "=", user.id).executeTakeFirst();
    if (!ticket) throw new NotFoundError("ticket_not_found");
    if (ticket.status !== "valid") throw new AppError(409, "ticket_refunded");
    const event = await trx.selectFrom("event").selectAll().where("id", "=", ticket.event_id).executeTakeFirstOrThrow();
    if (!isOpenForSeats(event, now) || ticket.checked_in_at !== null) throw new AppError(409, "ticket_cancel_closed");
    await refundTicket(trx, event, ticket, deps).catch((error: unknown) => {
      throw error instanceof AppError && error.code === "event_refund_insufficient" ? new AppError(409, "ticket_cancel_unfunded") : error;
    });
    const stillHeld = await trx.selectFrom("ticket").select("id").where("event_id", "=", event.id).where("user_id", "=", user.id).where("status", "=", "valid").executeTakeFirst();
    if (!stillHeld) await trx.deleteFrom("event_participant").where("event_id", "=", event.id).where("user_id", "=", user.id).execute();
    await offerFreedPlaces(trx, deps.places, { kind: "event", id: event.id }, now);
    return ticket.price;
  });
  await announceOffers(deps);
  return { refunded };
}
