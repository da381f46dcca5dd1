import type { DbOrTransaction } from "../../db/index.ts";
import type { EventRow, TicketTypeRow, User } from "../../db/types.ts";
import { inTransaction } from "../../db/transaction.ts";
import { assertCanSeeEvent, canManageEvent } from "../access/policy.ts";
import { DEFAULT_TYPE_KEYS } from "../events/default-ticket-types.ts";
import { assertQuantitiesFit, ticketsSoldByType } from "../events/seats.ts";
import { type CatalogueType, catalogueTypeOf, type SaleState, saleFigures, saleStateOf, ticketsLeft } from "../events/ticket-catalogue.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError, BadRequestError, ForbiddenError, InvalidError, NotFoundError } from "../http/errors.ts";
import { fold } from "../../shared/fold.ts";
import type { TicketTypeCreate, TicketTypeUpdate } from "./schemas.ts";

/**
 * The organiser's ticket types (issue 34, item 1): listed, created, edited, reordered and deleted by the event's
 * organiser or an admin. Someone who may see the event but not run it is refused (403); someone who may not
 * even see it is told it does not exist (404). Quantities share the event's seats (events/seats.ts).
 */

async function managedEvent(db: DbOrTransaction, user: User, eventId: number): Promise<EventRow> {
  const event = await db.selectFrom("event").selectAll().where("id", "=", eventId).executeTakeFirst();
  if (!event) throw new NotFoundError("event_not_found");
  await assertCanSeeEvent(db, event, user);
  if (!canManageEvent(user, event)) throw new ForbiddenError("event_manage_forbidden");
  return event;
}

async function typeOf(db: DbOrTransaction, eventId: number, typeId: number): Promise<TicketTypeRow> {
  const row = await db.selectFrom("ticket_type").selectAll().where("id", "=", typeId).where("event_id", "=", eventId).executeTakeFirst();
  if (!row) throw new NotFoundError("ticket_type_not_found");
  return row;
}

/** The event's own types in their order, each with its tickets sold and its sale's state. */
export async function listManagedTypes(deps: AppDeps, user: User, eventId: number) {
  const event = await managedEvent(deps.db, user, eventId);
  return { types: await managedTypes(deps.db, event, deps.now()), seats: event.max_participants };
}

async function managedTypes(db: DbOrTransaction, event: EventRow, now: number) {
  const rows = await db.selectFrom("ticket_type").selectAll().where("event_id", "=", event.id).orderBy("position").orderBy("price").orderBy("id").execute();
  const figures = await saleFigures(db, event, undefined, now);
  const issued = new Set((await db.selectFrom("ticket").select("ticket_type").distinct().where("event_id", "=", event.id).execute()).map((row) => row.ticket_type));
  return rows.map((row) => {
    const type = catalogueTypeOf(row);
    return toManagedType(type, row.id, figures.soldByType.get(type.type) ?? 0, issued.has(type.type), saleStateOf(type, ticketsLeft(type, figures), now));
  });
}

function toManagedType(type: CatalogueType, id: number, sold: number, issued: boolean, state: SaleState) {
  return {
    id,
    type: type.type,
    name: type.name,
    price: type.price,
    description: type.description,
    features: type.features,
    quantity: type.quantity,
    saleStartsAt: type.saleStartsAt === null ? null : new Date(type.saleStartsAt).toISOString(),
    saleEndsAt: type.saleEndsAt === null ? null : new Date(type.saleEndsAt).toISOString(),
    hidden: type.hidden,
    closed: type.closed,
    sold,
    issued,
    state,
  };
}

/** The saved type as its organiser now sees it. */
async function managedTypeOf(db: DbOrTransaction, event: EventRow, typeId: number, now: number) {
  return (await managedTypes(db, event, now)).find((type) => type.id === typeId)!;
}

const dateOf = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);

/**
 * The key tickets of the type will carry, from its name ("Entrée samedi" → "entree-samedi"), unique in the event
 * and never a default type's key (a ticket bought before the organiser set types keeps naming the default one).
 */
async function newTypeKey(db: DbOrTransaction, eventId: number, name: string): Promise<string> {
  const base =
    fold(name)
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 32) || "billet";
  const taken = new Set([...DEFAULT_TYPE_KEYS, ...(await db.selectFrom("ticket_type").select("type").where("event_id", "=", eventId).execute()).map((row) => row.type)]);
  for (let n = 1; ; n++) {
    const key = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(key)) return key;
  }
}

export async function createTicketType(deps: AppDeps, user: User, eventId: number, input: TicketTypeCreate) {
  const now = deps.now();
  return inTransaction(deps.db, async (trx) => {
    const event = await managedEvent(trx, user, eventId);
    await assertQuantitiesFit(trx, event.id, event.max_participants, { typeId: null, quantity: input.quantity });
    const last = await trx
      .selectFrom("ticket_type")
      .select((eb) => eb.fn.max("position").as("position"))
      .where("event_id", "=", event.id)
      .executeTakeFirst();
    const inserted = await trx
      .insertInto("ticket_type")
      .values({
        event_id: event.id,
        type: await newTypeKey(trx, event.id, input.name),
        name: input.name,
        price: input.price,
        description: input.description,
        features: JSON.stringify(input.features),
        quantity: input.quantity,
        sale_starts_at: dateOf(input.saleStartsAt),
        sale_ends_at: dateOf(input.saleEndsAt),
        hidden: input.hidden ? 1 : 0,
        closed: input.closed ? 1 : 0,
        position: Number(last?.position ?? -1) + 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return managedTypeOf(trx, event, inserted.id, now);
  });
}

/**
 * An edit changes only what it names. Tickets already sold keep their price; the quantity cannot drop below the
 * tickets of the type still valid, nor the quantities add up to more than the event's seats.
 */
export async function updateTicketType(deps: AppDeps, user: User, eventId: number, typeId: number, input: TicketTypeUpdate) {
  const now = deps.now();
  return inTransaction(deps.db, async (trx) => {
    const event = await managedEvent(trx, user, eventId);
    const row = await typeOf(trx, event.id, typeId);
    const starts = input.saleStartsAt === undefined ? row.sale_starts_at : dateOf(input.saleStartsAt);
    const ends = input.saleEndsAt === undefined ? row.sale_ends_at : dateOf(input.saleEndsAt);
    if (starts !== null && ends !== null && ends <= starts) throw new InvalidError([{ field: "saleEndsAt", code: "ticket_type_window_invalid" }]);
    if (input.quantity !== undefined) {
      const sold = (await ticketsSoldByType(trx, event.id)).get(row.type) ?? 0;
      if (input.quantity !== null && input.quantity < sold) {
        throw new AppError(400, "ticket_type_quantity_below_sold", { params: { sold }, fields: [{ field: "quantity", code: "ticket_type_quantity_below_sold" }] });
      }
      await assertQuantitiesFit(trx, event.id, event.max_participants, { typeId: row.id, quantity: input.quantity });
    }
    await trx
      .updateTable("ticket_type")
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.price !== undefined ? { price: input.price } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.features !== undefined ? { features: JSON.stringify(input.features) } : {}),
        ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
        ...(input.hidden !== undefined ? { hidden: input.hidden ? 1 : 0 } : {}),
        ...(input.closed !== undefined ? { closed: input.closed ? 1 : 0 } : {}),
        sale_starts_at: starts,
        sale_ends_at: ends,
      })
      .where("id", "=", row.id)
      .execute();
    return managedTypeOf(trx, event, row.id, now);
  });
}

/**
 * A type no ticket was ever issued for is deleted; one with tickets (even refunded ones, which still name it in
 * their holders' lists) is closed or hidden instead, as pretix keeps a product that has orders.
 */
export async function deleteTicketType(deps: AppDeps, user: User, eventId: number, typeId: number): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const event = await managedEvent(trx, user, eventId);
    const row = await typeOf(trx, event.id, typeId);
    const ticket = await trx.selectFrom("ticket").select("id").where("event_id", "=", event.id).where("ticket_type", "=", row.type).executeTakeFirst();
    if (ticket) throw new AppError(409, "ticket_type_has_tickets");
    await trx.deleteFrom("ticket_type").where("id", "=", row.id).execute();
  });
}

/** The order buyers see the types in: `order` names every type of the event once. */
export async function reorderTicketTypes(deps: AppDeps, user: User, eventId: number, order: number[]) {
  const now = deps.now();
  return inTransaction(deps.db, async (trx) => {
    const event = await managedEvent(trx, user, eventId);
    const ids = (await trx.selectFrom("ticket_type").select("id").where("event_id", "=", event.id).execute()).map((row) => row.id);
    if (order.length !== ids.length || new Set(order).size !== order.length || !order.every((id) => ids.includes(id))) throw new BadRequestError("ticket_type_order_invalid");
    for (const [position, id] of order.entries()) await trx.updateTable("ticket_type").set({ position }).where("id", "=", id).execute();
    return { types: await managedTypes(trx, event, now), seats: event.max_participants };
  });
}
