import { describe, expect, it } from "bun:test";
import type { EventRow, User } from "../../db/types.ts";
import { auditLedger } from "../../tests/fixtures/money.ts";
import { freshDeps, HOUR, ledgerSum, refusal, START, storedBalance } from "../../tests/fixtures/service-world.ts";
import { assign } from "../assignments/service.ts";
import { getEvent, updateEvent } from "../events/service.ts";
import { listEvents } from "../events/queries.ts";
import { TicketTypeCreateSchema, TicketTypeUpdateSchema } from "./schemas.ts";
import { cancelTicket, purchase, ticketTypesFor, validateTicket } from "./service.ts";
import { createTicketType, deleteTicketType, listManagedTypes, reorderTicketTypes, updateTicketType } from "./type-editor.ts";

/**
 * The organiser's ticket types (issue 34, item 1) through the services, on a fresh database and the test's
 * clock: who may change them, their quantities within the event's seats, their sale window, hidden and closed,
 * and that what a buyer is charged is what the listing showed them, read back from the wallet ledger.
 */
const w = await freshDeps();
const { deps, db, signer } = w;

async function eventOf(overrides: Parameters<typeof w.makeEvent>[1] = {}) {
  const organiser = await w.makeUser({ role: "organizer" });
  const event = await w.makeEvent(organiser, overrides);
  return { organiser, event };
}

async function buyerWith(coins: number, role?: User["role"]) {
  const buyer = await w.makeUser({ role });
  if (coins > 0) await w.fundUser(buyer, coins);
  return buyer;
}

const create = (user: User, event: EventRow, input: Record<string, unknown>) => createTicketType(deps, user, event.id, TicketTypeCreateSchema.parse(input));
const update = (user: User, event: EventRow, typeId: number, input: Record<string, unknown>) => updateTicketType(deps, user, event.id, typeId, TicketTypeUpdateSchema.parse(input));
const buy = (buyer: User, event: EventRow, ticketType: string, price?: number) => purchase(deps, signer, buyer, { userId: buyer.id, eventId: event.id, ticketType, price }, "fr");
/** The rows of an event's types, read apart from the services. */
const typeRows = (event: EventRow) => db.selectFrom("ticket_type").selectAll().where("event_id", "=", event.id).orderBy("id").execute();
const listed = async (viewer: User | undefined, event: EventRow) => (await ticketTypesFor(deps, viewer, event.id, "fr")).types;

describe("who sets an event's ticket types", () => {
  it("lets the organiser and an admin add, edit, reorder and delete them, and nobody else, changing nothing", async () => {
    const { organiser, event } = await eventOf();
    const admin = await w.makeAdmin();
    const vip = await create(organiser, event, { name: "Entrée VIP", price: 300, features: ["Boisson offerte", "Place au premier rang"] });
    expect(vip).toMatchObject({ type: "entree-vip", name: "Entrée VIP", price: 300, features: ["Boisson offerte", "Place au premier rang"], sold: 0, issued: false, state: "on_sale" });
    const standard = await create(admin, event, { name: "Standard", price: 80 });
    await update(admin, event, vip.id, { description: "Le meilleur de la soirée" });
    expect((await reorderTicketTypes(deps, organiser, event.id, [standard.id, vip.id])).types.map((t) => t.name)).toEqual(["Standard", "Entrée VIP"]);

    const stranger = await w.makeUser({ role: "organizer" });
    const moderator = await w.makeUser({ role: "moderator" });
    const before = await typeRows(event);
    for (const intruder of [stranger, moderator]) {
      expect(await refusal(create(intruder, event, { name: "Pirate", price: 1 }))).toEqual({ status: 403, code: "event_manage_forbidden" });
      expect(await refusal(update(intruder, event, vip.id, { price: 1 }))).toEqual({ status: 403, code: "event_manage_forbidden" });
      expect(await refusal(deleteTicketType(deps, intruder, event.id, standard.id))).toEqual({ status: 403, code: "event_manage_forbidden" });
      expect(await refusal(reorderTicketTypes(deps, intruder, event.id, [vip.id, standard.id]))).toEqual({ status: 403, code: "event_manage_forbidden" });
      expect(await refusal(listManagedTypes(deps, intruder, event.id))).toEqual({ status: 403, code: "event_manage_forbidden" });
    }
    // A draft is not theirs to know of.
    const draft = await eventOf({ status: "draft" });
    expect(await refusal(create(stranger, draft.event, { name: "Pirate", price: 1 }))).toEqual({ status: 404, code: "event_not_found" });
    // Another event's type is not found through this one.
    const other = await eventOf();
    expect(await refusal(update(other.organiser, other.event, vip.id, { price: 1 }))).toEqual({ status: 404, code: "ticket_type_not_found" });
    expect(await typeRows(event)).toEqual(before);

    await deleteTicketType(deps, organiser, event.id, standard.id);
    expect((await listManagedTypes(deps, organiser, event.id)).types.map((t) => [t.name, t.description])).toEqual([["Entrée VIP", "Le meilleur de la soirée"]]);
  });

  it("gives each type a key of its own, never a default type's, kept when the type is renamed", async () => {
    const { organiser, event } = await eventOf();
    const first = await create(organiser, event, { name: "Match", price: 10 });
    const second = await create(organiser, event, { name: "Match!", price: 20 });
    expect([first.type, second.type]).toEqual(["match-2", "match-3"]);
    expect((await update(organiser, event, first.id, { name: "Match du soir" })).type).toBe("match-2");
  });
});

describe("quantities share the event's seats", () => {
  it("refuses quantities adding up to more than the seats, and seats lowered under the quantities, by their fields", async () => {
    const { organiser, event } = await eventOf({ maxParticipants: 40 });
    const early = await create(organiser, event, { name: "Lève-tôt", price: 50, quantity: 30 });
    expect(await refusal(create(organiser, event, { name: "Standard", price: 80, quantity: 11 }))).toEqual({ status: 400, code: "ticket_type_quantity_over_seats" });
    const standard = await create(organiser, event, { name: "Standard", price: 80, quantity: 10 });
    // A type with no quantity of its own sells within the seats left.
    await create(organiser, event, { name: "Sur place", price: 100 });
    expect(await refusal(update(organiser, event, early.id, { quantity: 31 }))).toEqual({ status: 400, code: "ticket_type_quantity_over_seats" });
    expect(await refusal(updateEvent(deps, organiser, event.slug, { maxParticipants: 39 }))).toEqual({ status: 400, code: "event_max_below_ticket_quantities" });
    await w.fundUser(organiser, 1000); // more seats cost more (spec 02 §9)
    await updateEvent(deps, organiser, event.slug, { maxParticipants: 60 });
    expect((await update(organiser, event, standard.id, { quantity: 30 })).quantity).toBe(30);
    const rows = await typeRows(event);
    expect(rows.reduce((sum, row) => sum + (row.quantity ?? 0), 0)).toBe(60);
  });

  it("sells a type up to its quantity, then says it is sold out, and frees a place when a ticket is given back", async () => {
    const { organiser, event } = await eventOf({ maxParticipants: 40 });
    const early = await create(organiser, event, { name: "Lève-tôt", price: 50, quantity: 2 });
    await create(organiser, event, { name: "Standard", price: 80 });
    const [a, b, c] = [await buyerWith(200), await buyerWith(200), await buyerWith(200)];
    const given = await buy(a, event, early.type, 50);
    expect((await listed(c, event)).map((t) => [t.name, t.state, t.remaining])).toEqual([
      ["Lève-tôt", "on_sale", 1],
      ["Standard", "on_sale", 39],
    ]);
    await buy(b, event, early.type, 50);
    expect((await listed(c, event)).find((t) => t.name === "Lève-tôt")).toMatchObject({ state: "sold_out", remaining: 0 });
    expect(await refusal(buy(c, event, early.type, 50))).toEqual({ status: 409, code: "ticket_type_sold_out" });
    expect(await storedBalance(db, c.id)).toBe(200);
    expect(await refusal(update(organiser, event, early.id, { quantity: 1 }))).toEqual({ status: 400, code: "ticket_type_quantity_below_sold" });
    await cancelTicket(deps, a, given.id);
    expect((await listed(c, event)).find((t) => t.name === "Lève-tôt")).toMatchObject({ state: "on_sale", remaining: 1 });
    await buy(c, event, early.type, 50);
    // The event's seats bound every type: two seats left make "Standard" show 2, whatever it could sell alone.
    await updateEvent(deps, organiser, event.slug, { maxParticipants: 4 });
    expect((await listed(a, event)).find((t) => t.name === "Standard")).toMatchObject({ remaining: 2 });
    await auditLedger(db);
  });

  it("lets fifty buyers race for a type of five: five tickets, and only their price moved", async () => {
    const { organiser, event } = await eventOf({ maxParticipants: 40 });
    const few = await create(organiser, event, { name: "Édition limitée", price: 120, quantity: 5 });
    const organiserBefore = await storedBalance(db, organiser.id);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyerWith(120)));
    const results = await Promise.allSettled(buyers.map((buyer) => buy(buyer, event, few.type, 120)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(5);
    expect(results.flatMap((result) => (result.status === "rejected" ? [result.reason.code] : []))).toEqual(Array(45).fill("ticket_type_sold_out"));
    const valid = await db.selectFrom("ticket").select("id").where("event_id", "=", event.id).where("ticket_type", "=", few.type).where("status", "=", "valid").execute();
    expect(valid).toHaveLength(5);
    expect(await storedBalance(db, organiser.id)).toBe(organiserBefore + 5 * 120);
    await auditLedger(db);
  });
});

describe("what a type sells, and when", () => {
  it("sells only within its window: 'not yet' before, 'ended' after, each refusal naming the type", async () => {
    const { organiser, event } = await eventOf();
    const opens = w.clock.now() + 2 * HOUR;
    const closes = w.clock.now() + 10 * HOUR;
    const window = await create(organiser, event, { name: "Prévente", price: 60, saleStartsAt: new Date(opens).toISOString(), saleEndsAt: new Date(closes).toISOString() });
    const buyer = await buyerWith(500);
    expect((await listed(buyer, event))[0]).toMatchObject({ state: "not_yet", saleStartsAt: opens, saleEndsAt: closes });
    expect(await refusal(buy(buyer, event, window.type))).toEqual({ status: 409, code: "ticket_type_not_on_sale_yet" });
    w.clock.set(opens);
    expect((await listed(buyer, event))[0]?.state).toBe("on_sale");
    expect((await buy(buyer, event, window.type, 60)).price).toBe(60);
    w.clock.set(closes);
    expect((await listed(buyer, event))[0]?.state).toBe("ended");
    expect(await refusal(buy(buyer, event, window.type))).toEqual({ status: 409, code: "ticket_type_sale_ended" });
    expect(await storedBalance(db, buyer.id)).toBe(440);
    w.clock.set(START);
  });

  it("refuses a window that ends before it starts, against the saved half too", async () => {
    const { organiser, event } = await eventOf();
    const start = new Date(w.clock.now() + 5 * HOUR).toISOString();
    const before = new Date(w.clock.now() + HOUR).toISOString();
    expect(TicketTypeCreateSchema.safeParse({ name: "Prévente", price: 1, saleStartsAt: start, saleEndsAt: before }).error?.issues[0]).toMatchObject({
      path: ["saleEndsAt"],
      message: "ticket_type_window_invalid",
    });
    const type = await create(organiser, event, { name: "Prévente", price: 1, saleStartsAt: start });
    expect(await refusal(update(organiser, event, type.id, { saleEndsAt: before }))).toEqual({ status: 400, code: "ticket_type_window_invalid" });
  });

  it("lists a closed type as closed and sells none; hides a hidden one from buyers, whose tickets still get in", async () => {
    const { organiser, event } = await eventOf();
    const crew = await create(organiser, event, { name: "Équipe", price: 0 });
    const standard = await create(organiser, event, { name: "Standard", price: 80 });
    const helper = await buyerWith(0);
    const ticket = await buy(helper, event, crew.type, 0);
    await update(organiser, event, crew.id, { hidden: true });
    await update(organiser, event, standard.id, { closed: true });
    const buyer = await buyerWith(500);
    expect((await listed(buyer, event)).map((t) => [t.name, t.state])).toEqual([["Standard", "closed"]]);
    expect(await refusal(buy(buyer, event, standard.type, 80))).toEqual({ status: 409, code: "ticket_type_closed" });
    expect(await refusal(buy(buyer, event, crew.type, 0))).toEqual({ status: 409, code: "ticket_type_unavailable" });
    // The organiser still sees both, and the helper's ticket of the hidden type still opens the door.
    expect((await listManagedTypes(deps, organiser, event.id)).types.map((t) => [t.name, t.hidden, t.closed, t.sold])).toEqual([
      ["Équipe", true, false, 1],
      ["Standard", false, true, 0],
    ]);
    expect((await validateTicket(deps, signer, organiser, ticket.qr_code, event.id)).valid).toBe(true);
    expect(await storedBalance(db, buyer.id)).toBe(500);
  });

  it("deletes a type no ticket was issued for, and refuses one with tickets, even refunded ones", async () => {
    const { organiser, event } = await eventOf();
    const sold = await create(organiser, event, { name: "Standard", price: 80 });
    const unsold = await create(organiser, event, { name: "Tardif", price: 90 });
    const buyer = await buyerWith(80);
    const ticket = await buy(buyer, event, sold.type, 80);
    expect(await refusal(deleteTicketType(deps, organiser, event.id, sold.id))).toEqual({ status: 409, code: "ticket_type_has_tickets" });
    await cancelTicket(deps, buyer, ticket.id);
    expect((await listManagedTypes(deps, organiser, event.id)).types.map((t) => [t.name, t.sold, t.issued])).toEqual([
      ["Standard", 0, true],
      ["Tardif", 0, false],
    ]);
    expect(await refusal(deleteTicketType(deps, organiser, event.id, sold.id))).toEqual({ status: 409, code: "ticket_type_has_tickets" });
    await deleteTicketType(deps, organiser, event.id, unsold.id);
    expect((await typeRows(event)).map((row) => row.name)).toEqual(["Standard"]);
  });

  it("sells the default types when the event has none and a reference price, nothing without one, its own types once it has some", async () => {
    const paid = await eventOf({ ticketPrice: 5 });
    const free = await eventOf({ ticketPrice: 0 });
    const buyer = await buyerWith(1000);
    expect((await ticketTypesFor(deps, buyer, paid.event.id, "fr")).types.map((t) => [t.type, t.price])).toEqual([
      ["match", 100],
      ["pass_day", 200],
      ["pass_full", 500],
    ]);
    expect(await ticketTypesFor(deps, buyer, free.event.id, "fr")).toMatchObject({ own: false, sells: false });
    expect(await refusal(buy(buyer, free.event, "match"))).toEqual({ status: 409, code: "event_sells_no_tickets" });
    const entry = await create(free.organiser, free.event, { name: "Entrée", price: 15 });
    expect(await ticketTypesFor(deps, buyer, free.event.id, "fr")).toMatchObject({ own: true, sells: true });
    expect(await refusal(buy(buyer, free.event, "match"))).toEqual({ status: 400, code: "ticket_type_required" });
    expect((await buy(buyer, free.event, entry.type, 15)).price).toBe(15);
  });
});

describe("the price charged is the price shown", () => {
  /** What the buyer's wallet lost over the purchase, read from their ledger lines. */
  async function chargedFor(buyer: User, event: EventRow, type: string, price: number): Promise<number> {
    const before = await ledgerSum(db, buyer.id);
    await buy(buyer, event, type, price);
    return before - (await ledgerSum(db, buyer.id));
  }

  it("charges each viewer exactly the price their list and the event's card show, free entry included", async () => {
    const { organiser, event } = await eventOf({ maxParticipants: 100 });
    await create(organiser, event, { name: "Standard", price: 80, features: ["Place assise"] });
    await create(organiser, event, { name: "Invitation", price: 0 });
    await create(organiser, event, { name: "VIP", price: 250, quantity: 10 });
    const member = await buyerWith(2000);
    const moderator = await buyerWith(2000, "moderator");
    const streamer = await buyerWith(2000, "streamer");
    await assign(deps, organiser, { eventId: event.id, streamerId: streamer.id, role: "main_streamer", notes: "" });

    for (const viewer of [member, moderator, streamer]) {
      const shown = await listed(viewer, event);
      const page = await getEvent(deps, event.slug, "fr", viewer);
      const shownPrices = shown.map((t) => t.yourPrice!);
      expect(page.ticketPriceRange).toEqual({ min: Math.min(...shownPrices), max: Math.max(...shownPrices) });
      expect((await listEvents(deps, "fr", { page: 1, limit: 100 }, viewer)).events.find((e) => e.id === event.id)?.ticketPriceRange).toEqual(page.ticketPriceRange);
      for (const type of shown) {
        // Each type is read again before it is bought: free entry is one ticket, so the second price may differ.
        const now = (await listed(viewer, event)).find((t) => t.type === type.type)!;
        expect({ viewer: viewer.role, type: now.name, charged: await chargedFor(viewer, event, now.type, now.yourPrice!) }).toEqual({ viewer: viewer.role, type: now.name, charged: now.yourPrice! });
      }
    }
    // Free entry: staff and the assigned streamer paid nothing for their first ticket (Standard), full price after.
    const paidByRole = async (user: User) => 2000 - (await storedBalance(db, user.id));
    expect([await paidByRole(member), await paidByRole(moderator), await paidByRole(streamer)]).toEqual([330, 250, 250]);
    await auditLedger(db);
  });

  it("shows a visitor the base prices, and a card the range of the types on sale or to come", async () => {
    const { organiser, event } = await eventOf();
    await create(organiser, event, { name: "Standard", price: 80 });
    const closed = await create(organiser, event, { name: "Dernière minute", price: 400 });
    await create(organiser, event, { name: "Caché", price: 1, hidden: true });
    expect((await listed(undefined, event)).map((t) => [t.name, t.price, t.yourPrice])).toEqual([
      ["Standard", 80, undefined],
      ["Dernière minute", 400, undefined],
    ]);
    expect((await getEvent(deps, event.slug, "fr")).ticketPriceRange).toEqual({ min: 80, max: 400 });
    await update(organiser, event, closed.id, { closed: true });
    expect((await getEvent(deps, event.slug, "fr")).ticketPriceRange).toEqual({ min: 80, max: 80 });
    await create(organiser, event, { name: "Prévente", price: 30, saleEndsAt: new Date(w.clock.now() + HOUR).toISOString() });
    expect((await getEvent(deps, event.slug, "fr")).ticketPriceRange).toEqual({ min: 30, max: 80 });
    w.clock.advance(HOUR);
    expect((await getEvent(deps, event.slug, "fr")).ticketPriceRange).toEqual({ min: 80, max: 80 });
    w.clock.set(START);
    const free = await eventOf({ ticketPrice: 0 });
    expect(await getEvent(deps, free.event.slug, "fr")).toMatchObject({ sellsTickets: false, ticketPriceRange: null });
  });
});
