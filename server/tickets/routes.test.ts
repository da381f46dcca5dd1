import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ADMIN_ENV, adminBrowserOf, auditLedger, balanceOf, fundedUser as fundedMember, inHours, type Member, publishedEvent } from "../../tests/fixtures/money.ts";
import { type Browser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

/**
 * The ticket type calls over HTTP (issue 34, item 1): the organiser's list, create, edit, order and delete, who
 * is refused and how, each field's message in the caller's language, and the buyer's refusals and price.
 */
let server: TestServer;
let adminBrowser: Browser;
beforeAll(async () => {
  server = await startTestServer({ DEMO: "0", ...ADMIN_ENV });
  adminBrowser = await adminBrowserOf(server);
});
afterAll(async () => {
  await auditLedger(server.deps.db);
  await server.stop();
});

const funded = (coins: number) => fundedMember(server, adminBrowser, coins);
const typesPath = (eventId: number) => `/api/tickets/event/${eventId}/types`;
const typeRows = (eventId: number) => server.deps.db.selectFrom("ticket_type").selectAll().where("event_id", "=", eventId).orderBy("id").execute();

async function addType(organiser: Member, eventId: number, body: Record<string, unknown>) {
  const created = await organiser.browser.post(typesPath(eventId), body);
  expect(created.status).toBe(201);
  return created.body.ticketType as { id: number; type: string; name: string };
}

describe("the organiser's ticket type calls", () => {
  it("lists, adds, edits, orders and deletes an event's types, each documented in the OpenAPI", async () => {
    const organiser = await funded(2000);
    const event = await publishedEvent(organiser);
    const vip = await addType(organiser, event.id, { name: "VIP", price: "250", features: ["Boisson offerte"], quantity: "10" });
    const standard = await addType(organiser, event.id, { name: "Standard", price: 80, description: "L'entrée simple" });
    const edited = await organiser.browser.speaking("fr").put(`${typesPath(event.id)}/${vip.id}`, { closed: true, saleEndsAt: inHours(24) });
    expect(edited).toMatchObject({ status: 200, body: { message: "Type de billet enregistré.", ticketType: { name: "VIP", closed: true, state: "closed", quantity: 10 } } });
    const ordered = await organiser.browser.put(`/api/tickets/event/${event.id}/type-order`, { order: [standard.id, vip.id] });
    expect(ordered.body.ticketTypes.map((t: { name: string }) => t.name)).toEqual(["Standard", "VIP"]);
    expect((await organiser.browser.get(typesPath(event.id))).body).toMatchObject({
      seats: 40,
      ticketTypes: [
        { name: "Standard", sold: 0 },
        { name: "VIP", sold: 0 },
      ],
    });
    expect((await organiser.browser.json("DELETE", `${typesPath(event.id)}/${standard.id}`)).status).toBe(200);
    expect((await typeRows(event.id)).map((row) => row.name)).toEqual(["VIP"]);

    const doc = (await adminBrowser.get("/api/openapi.json")).body as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths["/tickets/event/{eventId}/types"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/tickets/event/{eventId}/types/{typeId}"] ?? {}).sort()).toEqual(["delete", "put"]);
    expect(Object.keys(doc.paths["/tickets/event/{eventId}/type-order"] ?? {})).toEqual(["put"]);
  });

  it("refuses a visitor (401), another organiser on a published event (403) and on a draft (404), changing nothing", async () => {
    const organiser = await funded(2000);
    const event = await publishedEvent(organiser);
    const type = await addType(organiser, event.id, { name: "Standard", price: 80 });
    const draft = (await organiser.browser.post("/api/events", { name: "Brouillon", description: "Une soirée pas encore publiée", categoryId: 3, startDate: inHours(48) })).body.event as {
      id: number;
    };
    const draftType = await addType(organiser, draft.id, { name: "Standard", price: 80 });
    const other = await funded(0);
    const before = [await typeRows(event.id), await typeRows(draft.id)];
    const calls = (eventId: number, typeId: number) =>
      [
        ["GET", typesPath(eventId), undefined],
        ["POST", typesPath(eventId), { name: "Pirate", price: 1 }],
        ["PUT", `${typesPath(eventId)}/${typeId}`, { price: 1 }],
        ["DELETE", `${typesPath(eventId)}/${typeId}`, undefined],
        ["PUT", `/api/tickets/event/${eventId}/type-order`, { order: [typeId] }],
      ] as const;
    const visitor = new (adminBrowser.constructor as typeof Browser)(server.url);
    for (const [method, path, body] of calls(event.id, type.id)) {
      expect([method, path, (await visitor.json(method, path, body)).status]).toEqual([method, path, 401]);
      const refused = await other.browser.speaking("fr").json(method, path, body);
      expect([method, path, refused.status, refused.body.msg]).toEqual([method, path, 403, "Vous n'êtes pas autorisé à gérer cet événement"]);
    }
    for (const [method, path, body] of calls(draft.id, draftType.id)) {
      const refused = await other.browser.speaking("fr").json(method, path, body);
      expect([method, path, refused.status, refused.body.msg]).toEqual([method, path, 404, "Événement introuvable"]);
    }
    expect([await typeRows(event.id), await typeRows(draft.id)]).toEqual(before);
  });

  it("checks each field and says what is wrong under it, in the caller's language", async () => {
    const organiser = await funded(2000);
    const event = await publishedEvent(organiser, { maxParticipants: 20 });
    const french = organiser.browser.speaking("fr");
    const fieldsOf = async (body: Record<string, unknown>) => {
      const answer = await french.post(typesPath(event.id), body);
      expect(answer.status).toBe(400);
      return Object.fromEntries((answer.body.errors as { field: string; msg: string }[]).map((e) => [e.field, e.msg]));
    };
    expect(await fieldsOf({ name: "V", price: -1, quantity: 0 })).toEqual({
      name: "Le nom du type doit faire de 2 à 60 caractères.",
      price: "Le prix est un nombre entier de G-Coins : 0 (gratuit) ou plus.",
      quantity: "La quantité est un nombre entier d'au moins 1 (vide : pas de limite propre).",
    });
    expect(await fieldsOf({ name: "VIP", price: 1.5, features: Array(9).fill("Atout") })).toEqual({
      price: "Le prix est un nombre entier de G-Coins : 0 (gratuit) ou plus.",
      features: "Jusqu'à 8 atouts, de 80 caractères au plus chacun.",
    });
    expect(await fieldsOf({ name: "VIP", price: 10, saleStartsAt: inHours(5), saleEndsAt: inHours(2) })).toEqual({ saleEndsAt: "La fin de la vente doit venir après son début." });
    expect(await fieldsOf({ name: "VIP", price: 10, quantity: 21 })).toEqual({
      quantity: "Les quantités des types de billets ne peuvent pas dépasser les 20 places de l'événement : il en reste 20 pour ce type.",
    });
    const english = await organiser.browser.post(typesPath(event.id), { name: "VIP", price: "dix" });
    expect(english.body.errors).toEqual([{ field: "price", code: "ticket_type_price_invalid", msg: "The price is a whole number of G-Coins: 0 (free) or more." }]);
    expect(await typeRows(event.id)).toEqual([]);

    await addType(organiser, event.id, { name: "VIP", price: 10, quantity: 15 });
    const seats = await french.put(`/api/events/${event.slug}`, { maxParticipants: 10 });
    expect([seats.status, seats.body.errors]).toEqual([
      400,
      [{ field: "maxParticipants", code: "event_max_below_ticket_quantities", msg: "Vos types de billets prévoient 15 places : la limite ne peut pas descendre en dessous." }],
    ]);
  });
});

describe("buying an organiser's type", () => {
  it("charges exactly the price GET /api/tickets/types showed, as the buyer's wallet lines say", async () => {
    const organiser = await funded(2000);
    const event = await publishedEvent(organiser, { ticketPrice: 0 });
    await addType(organiser, event.id, { name: "Standard", price: 80, features: ["Place assise", "Vestiaire"] });
    await addType(organiser, event.id, { name: "Gratuit", price: 0 });
    const buyer = await funded(500);
    const listing = (await buyer.browser.get(`/api/tickets/types/${event.id}`)).body;
    expect(listing).toMatchObject({ own: true, sellsTickets: true, priceReason: "full_price" });
    for (const type of listing.ticketTypes as { type: string; yourPrice: number; remaining: number; state: string }[]) {
      expect(type).toMatchObject({ state: "on_sale", remaining: 40 });
      const before = (await buyer.browser.get("/api/wallet/transactions")).body.transactions as { amount: number }[];
      expect((await buyer.browser.post("/api/tickets/purchase", { userId: String(buyer.user.id), eventId: event.id, ticketType: type.type, price: type.yourPrice })).status).toBe(201);
      const after = (await buyer.browser.get("/api/wallet/transactions")).body.transactions as { amount: number }[];
      const charged = after.slice(0, after.length - before.length).reduce((sum, line) => sum - line.amount, 0);
      expect({ type: type.type, charged }).toEqual({ type: type.type, charged: type.yourPrice });
    }
    expect(await balanceOf(buyer)).toBe(420);
    // The page's card says what the list says: 0 to 80 G-Coins, and the euro price is only a reference (0 here).
    expect((await buyer.browser.get(`/api/events/${event.slug}`)).body.event).toMatchObject({ ticketPrice: 0, sellsTickets: true, ticketPriceRange: { min: 0, max: 80 } });
  });

  it("refuses a closed, ended, not yet open, sold-out or hidden type with its reason in the buyer's language, charging nothing", async () => {
    const organiser = await funded(2000);
    const event = await publishedEvent(organiser);
    const closed = await addType(organiser, event.id, { name: "Fermé", price: 10, closed: true });
    const ended = await addType(organiser, event.id, { name: "Prévente", price: 10, saleStartsAt: inHours(-5), saleEndsAt: inHours(-1) });
    const later = await addType(organiser, event.id, { name: "Tardif", price: 10, saleStartsAt: "2099-06-01T18:30:00.000Z" });
    const single = await addType(organiser, event.id, { name: "Unique", price: 10, quantity: 1 });
    const hidden = await addType(organiser, event.id, { name: "Équipe", price: 0, hidden: true });
    const first = await funded(100);
    expect((await first.browser.post("/api/tickets/purchase", { userId: first.user.id, eventId: event.id, ticketType: single.type, price: 10 })).status).toBe(201);
    const buyer = await funded(100);
    const french = buyer.browser.speaking("fr");
    const refusalOf = async (type: string) => {
      const answer = await french.post("/api/tickets/purchase", { userId: buyer.user.id, eventId: event.id, ticketType: type });
      return [answer.status, answer.body.msg, answer.body.errors?.[0]?.field];
    };
    expect(await refusalOf(closed.type)).toEqual([409, "La vente de « Fermé » est fermée.", "ticketType"]);
    expect(await refusalOf(ended.type)).toEqual([409, "La vente de « Prévente » est terminée.", "ticketType"]);
    expect(await refusalOf(later.type)).toEqual([409, "« Tardif » sera en vente le 1 juin 2099 à 18:30 (UTC).", "ticketType"]);
    expect(await refusalOf(single.type)).toEqual([409, "« Unique » est épuisé.", "ticketType"]);
    expect(await refusalOf(hidden.type)).toEqual([409, "Ce type de billet n'est pas en vente.", "ticketType"]);
    const english = await buyer.browser.post("/api/tickets/purchase", { userId: buyer.user.id, eventId: event.id, ticketType: later.type });
    expect(english.body.msg).toBe("“Tardif” goes on sale on 1 June 2099 at 18:30 (UTC).");
    expect(await balanceOf(buyer)).toBe(100);
    const listed = (await buyer.browser.get(`/api/tickets/types/${event.id}`)).body.ticketTypes as { name: string; state: string }[];
    expect(listed.map((t) => [t.name, t.state])).toEqual([
      ["Fermé", "closed"],
      ["Prévente", "ended"],
      ["Tardif", "not_yet"],
      ["Unique", "sold_out"],
    ]);
  });
});
