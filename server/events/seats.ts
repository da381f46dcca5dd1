import { sql } from "kysely";
import type { EventRow, User } from "../../db/types.ts";
import { AppError, ConflictError } from "../http/errors.ts";
import type { ErrorCode } from "../i18n/messages.ts";
import type { DbOrTransaction } from "../../db/index.ts";
import { canManageEvent, isOwner } from "../access/policy.ts";
import { offersHeldOn } from "../waitlist/places/held.ts";
import type { PlaceReader } from "../http/context.ts";

/**
 * The one rule for an event's seats, called by every path that takes or shows one: registration,
 * ticket purchase, the edit form's seat limit, and every count shown on a page or a dashboard.
 *
 * A seat is a place for one person. It comes from a valid ticket (a buyer may hold several, one for
 * each person they bring) or from a registration, pending or approved, of a member who holds no
 * valid ticket: when a registrant buys, the registration's seat becomes the ticket's, and nothing is
 * counted twice. A refunded ticket, a rejected or withdrawn registration frees its seat, and the
 * waiting list (server/waitlist/) offers it to the next in line; while that offer runs, it holds the
 * seat for everyone else (`seatsHeld`).
 */
async function seatsTaken(db: DbOrTransaction, eventId: number): Promise<number> {
  return (await seatsTakenOf(db, [eventId])).get(eventId) ?? 0;
}

/** `seatsTaken` of many events in one query (the events lists' cards). */
async function seatsTakenOf(db: DbOrTransaction, eventIds: number[]): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("event")
    .select([
      "id",
      sql<number>`(SELECT COUNT(*) FROM ticket WHERE ticket.event_id = event.id AND ticket.status = 'valid')`.as("tickets"),
      sql<number>`(SELECT COUNT(*) FROM event_participant p WHERE p.event_id = event.id AND p.status IN ('pending', 'approved')
        AND NOT EXISTS (SELECT 1 FROM ticket WHERE ticket.event_id = p.event_id AND ticket.user_id = p.user_id AND ticket.status = 'valid'))`.as("registrations"),
    ])
    .where("id", "in", eventIds)
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.tickets) + Number(row.registrations)]));
}

/**
 * The door count of the night page (issue 18): the people who came in, over the seats. Someone came in
 * when their valid ticket was scanned at the door (tickets/service.ts checkIn); a refunded ticket no
 * longer counts. The seats are the event's limit, or, with no limit, the seats taken (seatsTaken).
 */
export async function doorCount(db: DbOrTransaction, event: Pick<EventRow, "id" | "max_participants">): Promise<{ entered: number; seats: number }> {
  const { n } = await db
    .selectFrom("ticket")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("event_id", "=", event.id)
    .where("status", "=", "valid")
    .where("checked_in_at", "is not", null)
    .executeTakeFirstOrThrow();
  return { entered: Number(n), seats: event.max_participants ?? (await seatsTaken(db, event.id)) };
}

/** Seats open to new registrations and sales: published, not started yet (an event that is live, over or cancelled sells nothing). */
export function isOpenForSeats(event: EventRow, now: number): boolean {
  return event.status === "published" && event.start_date > now;
}

type Registration = { status: "pending" | "approved" | "rejected" } | undefined;

async function registrationOf(db: DbOrTransaction, eventId: number, userId: number): Promise<Registration> {
  return db.selectFrom("event_participant").select("status").where("event_id", "=", eventId).where("user_id", "=", userId).executeTakeFirst();
}

async function holdsTicket(db: DbOrTransaction, eventId: number, userId: number): Promise<boolean> {
  const ticket = await db.selectFrom("ticket").select("id").where("event_id", "=", eventId).where("user_id", "=", userId).where("status", "=", "valid").executeTakeFirst();
  return ticket !== undefined;
}

/** The streamers the organiser assigned to the event need no approval (nor do its managers). */
async function isAssignedStreamer(db: DbOrTransaction, event: EventRow, user: User): Promise<boolean> {
  const assignment = await db.selectFrom("assignment").select("id").where("event_id", "=", event.id).where("streamer_id", "=", user.id).executeTakeFirst();
  return assignment !== undefined;
}

/** Seats taken plus the seats held by waiting-list offers made to others than `userId` (server/waitlist/). */
export async function seatsHeld(db: DbOrTransaction, eventId: number, now: number, userId?: number): Promise<number> {
  return (await seatsHeldOf(db, [eventId], now, userId)).get(eventId) ?? 0;
}

/** `seatsHeld` of many events in two queries whatever their number (the events lists' cards). */
export async function seatsHeldOf(db: DbOrTransaction, eventIds: number[], now: number, userId?: number): Promise<Map<number, number>> {
  const [taken, offered] = await Promise.all([seatsTakenOf(db, eventIds), offersHeldOn(db, "event", eventIds, now, userId)]);
  return new Map(eventIds.map((id) => [id, (taken.get(id) ?? 0) + (offered.get(id) ?? 0)]));
}

/** What a member has to do with an event, as the seat and price rules read it; a visitor has none of it. */
export interface SeatTies {
  registration: "pending" | "approved" | "rejected" | undefined;
  /** A valid ticket, and whether one of them was free (free entry is one ticket: see `pricingOf`). */
  holdsTicket: boolean;
  holdsFreeTicket: boolean;
  /** A streamer the organiser assigned to the event. */
  assigned: boolean;
}

export const NO_TIES: SeatTies = { registration: undefined, holdsTicket: false, holdsFreeTicket: false, assigned: false };

/** `user`'s ties to each of `eventIds` in three queries whatever their number; none for a visitor. An event with no tie is absent. */
export async function seatTiesOf(db: DbOrTransaction, eventIds: number[], user: User | undefined): Promise<Map<number, SeatTies>> {
  if (!user || eventIds.length === 0) return new Map();
  const [registrations, tickets, assignments] = await Promise.all([
    db.selectFrom("event_participant").select(["event_id", "status"]).where("user_id", "=", user.id).where("event_id", "in", eventIds).execute(),
    db
      .selectFrom("ticket")
      .select(["event_id", (eb) => eb.fn.min<number>("price").as("lowest")])
      .where("user_id", "=", user.id)
      .where("event_id", "in", eventIds)
      .where("status", "=", "valid")
      .groupBy("event_id")
      .execute(),
    db.selectFrom("assignment").select("event_id").where("streamer_id", "=", user.id).where("event_id", "in", eventIds).execute(),
  ]);
  const ties = new Map<number, SeatTies>();
  const tiesOf = (eventId: number) => ties.get(eventId) ?? ties.set(eventId, { ...NO_TIES }).get(eventId)!;
  for (const row of registrations) tiesOf(row.event_id).registration = row.status;
  for (const row of tickets) Object.assign(tiesOf(row.event_id), { holdsTicket: true, holdsFreeTicket: Number(row.lowest) === 0 });
  for (const row of assignments) tiesOf(row.event_id).assigned = true;
  return ties;
}

/**
 * How many tickets a member could still buy as far as the seats go: the seats nobody else holds, plus the seat
 * their own registration holds, which their first ticket takes. Null when the event has no limit.
 */
export function seatsLeftFrom(maxParticipants: number | null, heldByOthers: number, ties: SeatTies): number | null {
  if (maxParticipants === null) return null;
  const seatOfRegistration = ties.registration !== undefined && ties.registration !== "rejected" && !ties.holdsTicket;
  return Math.max(0, maxParticipants - heldByOthers) + (seatOfRegistration ? 1 : 0);
}

/**
 * How many tickets `user` could still buy as far as the event's seats go (`seatsLeftFrom`), offers to `user` left
 * out. A visitor counts as a stranger. The ticket panel's "left" and the purchase's refusal (assertCanBuy) both read it.
 */
export async function seatsLeftToBuy(db: DbOrTransaction, event: EventRow, user: User | undefined, now: number): Promise<number | null> {
  if (event.max_participants === null) return null;
  const [held, ties] = await Promise.all([seatsHeld(db, event.id, now, user?.id), seatTiesOf(db, [event.id], user)]);
  return seatsLeftFrom(event.max_participants, held, ties.get(event.id) ?? NO_TIES);
}

/** Valid tickets of each of an event's ticket types: what a type's quantity has sold (a refund gives it back). */
export async function ticketsSoldByType(db: DbOrTransaction, eventId: number): Promise<Map<string, number>> {
  return (await ticketsSoldByTypeOf(db, [eventId])).get(eventId) ?? new Map();
}

/** `ticketsSoldByType` of many events in one query; an event that sold none is absent. */
export async function ticketsSoldByTypeOf(db: DbOrTransaction, eventIds: number[]): Promise<Map<number, Map<string, number>>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("ticket")
    .select(["event_id", "ticket_type", (eb) => eb.fn.countAll<number>().as("n")])
    .where("event_id", "in", eventIds)
    .where("status", "=", "valid")
    .groupBy(["event_id", "ticket_type"])
    .execute();
  const sold = new Map<number, Map<string, number>>();
  for (const row of rows) (sold.get(row.event_id) ?? sold.set(row.event_id, new Map()).get(row.event_id)!).set(row.ticket_type, Number(row.n));
  return sold;
}

/**
 * An event's ticket types share its seats: the quantities they set may not add up to more than the seat limit
 * (types without a quantity sell within the seats left). Checked when a type's quantity is set (`change`, the
 * type and its new quantity; the error names the quantity field and how many are left for it) and when the
 * event's limit is lowered (no `change`; the error names the seat field).
 */
export async function assertQuantitiesFit(db: DbOrTransaction, eventId: number, seats: number | null, change?: { typeId: number | null; quantity: number | null }): Promise<void> {
  if (seats === null) return;
  let others = db.selectFrom("ticket_type").select(sql<number>`COALESCE(SUM(quantity), 0)`.as("n")).where("event_id", "=", eventId);
  if (change?.typeId != null) others = others.where("id", "!=", change.typeId);
  const othersTotal = Number((await others.executeTakeFirstOrThrow()).n);
  if (!change) {
    if (othersTotal > seats)
      throw new AppError(400, "event_max_below_ticket_quantities", { params: { total: othersTotal }, fields: [{ field: "maxParticipants", code: "event_max_below_ticket_quantities" }] });
    return;
  }
  if (change.quantity !== null && othersTotal + change.quantity > seats) {
    throw new AppError(400, "ticket_type_quantity_over_seats", { params: { seats, left: Math.max(0, seats - othersTotal) }, fields: [{ field: "quantity", code: "ticket_type_quantity_over_seats" }] });
  }
}

async function assertRoomFor(db: DbOrTransaction, event: EventRow, user: User, seats: number, now: number): Promise<void> {
  if (seats > 0 && event.max_participants !== null && (await seatsHeld(db, event.id, now, user.id)) + seats > event.max_participants) {
    throw new ConflictError([{ field: "eventId", code: "event_full" }]);
  }
}

/** Registration (spec 02: open when published and not full). Call inside the registration's transaction. */
export async function assertCanRegister(db: DbOrTransaction, event: EventRow, user: User, now: number): Promise<void> {
  if (isOwner(user, event.created_by)) throw new ConflictError([{ field: "eventId", code: "event_own_registration" }]);
  if (!isOpenForSeats(event, now)) throw new ConflictError([{ field: "eventId", code: "event_registration_closed" }]);
  if (await registrationOf(db, event.id, user.id)) throw new ConflictError([{ field: "eventId", code: "event_already_registered" }]);
  // A ticket holder already has a seat; the registration only records them.
  await assertRoomFor(db, event, user, (await holdsTicket(db, event.id, user.id)) ? 0 : 1, now);
}

/**
 * A ticket purchase, inside its transaction. On an event that needs approval, the organiser decides
 * who comes before anyone pays, as pretix does (an order waits for approval, payment follows it):
 * only an approved registrant buys; a pending one waits, a rejected one is refused, and a stranger is
 * told to register first. The people the organiser placed themselves (assigned streamers) and admins
 * are already approved. A registrant's first ticket takes the seat their registration held.
 */
export async function assertCanBuy(db: DbOrTransaction, event: EventRow, user: User, now: number): Promise<void> {
  if (!isOpenForSeats(event, now)) throw new ConflictError([{ field: "eventId", code: "event_registration_closed" }]);
  const registration = await registrationOf(db, event.id, user.id);
  if (registration?.status === "rejected") throw new ConflictError([{ field: "eventId", code: "event_registration_rejected" }]);
  if (event.requires_approval && !canManageEvent(user, event) && !(await isAssignedStreamer(db, event, user))) {
    if (!registration) throw new ConflictError([{ field: "eventId", code: "event_approval_required" }]);
    if (registration.status === "pending") throw new ConflictError([{ field: "eventId", code: "event_approval_pending" }]);
  }
  const left = await seatsLeftToBuy(db, event, user, now);
  if (left !== null && left < 1) throw new ConflictError([{ field: "eventId", code: "event_full" }]);
}

/**
 * What the event page may offer `user` now, from the same checks the server applies when they act:
 * null where registering or buying would be accepted, else the refusal's error code, which the page
 * shows instead of a button that could only fail.
 */
export async function seatOffer(db: DbOrTransaction, event: EventRow, user: User, now: number): Promise<{ registration: ErrorCode | null; purchase: ErrorCode | null }> {
  return { registration: await refusalOf(assertCanRegister(db, event, user, now)), purchase: await refusalOf(assertCanBuy(db, event, user, now)) };
}

async function refusalOf(check: Promise<void>): Promise<ErrorCode | null> {
  try {
    await check;
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

/** An event's seats as the waiting list (server/waitlist/) reads them, the same rule as registration and sales; wired in server/places.ts. */
export const eventPlace: PlaceReader = async (db, id, now) => {
  const event = await db.selectFrom("event").selectAll().where("id", "=", id).executeTakeFirst();
  if (!event) return undefined;
  const open = isOpenForSeats(event, now);
  return {
    open,
    over: !open && event.status !== "draft",
    capacity: event.max_participants ?? Number.POSITIVE_INFINITY,
    taken: await seatsTaken(db, event.id),
    closesAt: event.start_date,
    name: event.name,
    link: `/events/${event.slug}`,
    organiserId: event.created_by,
  };
};
