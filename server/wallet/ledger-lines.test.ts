import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ADMIN_ENV, adminBrowserOf, auditLedger, fundedUser, publishedEvent } from "../../tests/fixtures/money.ts";
import { startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
});
afterAll(async () => {
  await auditLedger(server.deps.db);
  await server.stop();
});

const descriptions = async (browser: { speaking(lang: string): { get(path: string): Promise<{ body: { transactions: { description: string }[] } }> } }, lang: string) =>
  (await browser.speaking(lang).get("/api/wallet/transactions")).body.transactions.map((row) => row.description);

describe("ledger lines in the reader's language", () => {
  it("writes what Arena did as a line each member reads in their own language, and a typed reason as typed", async () => {
    const admin = await adminBrowserOf(server);
    const organiser = await fundedUser(server, admin, 5_000);
    const buyer = await fundedUser(server, admin, 1_000);
    expect((await admin.post("/api/wallet/credit", { userId: buyer.user.id, amount: 50, description: "Lot du tournoi de belote" })).status).toBe(200);
    const event = await publishedEvent(organiser, { name: "LAN d'hiver" });
    expect((await buyer.browser.post("/api/tickets/purchase", { userId: buyer.user.id, eventId: event.id, ticketType: "pass_day" })).status).toBe(201);
    expect((await organiser.browser.json("DELETE", `/api/events/${event.slug}`)).status).toBe(200);

    expect(await descriptions(buyer.browser, "fr")).toEqual(["Remboursement — LAN d'hiver", "Pass Journée — LAN d'hiver", "Lot du tournoi de belote", "Paiement au guichet"]);
    expect(await descriptions(buyer.browser, "en")).toEqual(["Refund — LAN d'hiver", "Day Pass — LAN d'hiver", "Lot du tournoi de belote", "Payment at the desk"]);
    expect((await descriptions(organiser.browser, "en")).at(-2)).toBe("Creating the event “LAN d'hiver”");
  });

  it("names the default ticket types in the reader's language, on the page and on the ticket", async () => {
    const admin = await adminBrowserOf(server);
    const organiser = await fundedUser(server, admin, 5_000);
    const buyer = await fundedUser(server, admin, 1_000);
    const event = await publishedEvent(organiser);
    const types = (lang: string) => buyer.browser.speaking(lang).get(`/api/tickets/types/${event.id}`);
    expect((await types("fr")).body.ticketTypes.map((t: { name: string }) => t.name)).toEqual(["Billet Match", "Pass Journée", "Pass Complet"]);
    const english = (await types("en")).body.ticketTypes;
    expect(english.map((t: { name: string }) => t.name)).toEqual(["Match Ticket", "Day Pass", "Full Pass"]);
    expect(english[2].features).toEqual(["Every match", "Priority entry", "Goodies"]);
    expect((await buyer.browser.post("/api/tickets/purchase", { userId: buyer.user.id, eventId: event.id, ticketType: "match" })).status).toBe(201);
    expect((await buyer.browser.speaking("en").get("/api/tickets/user")).body.tickets[0].ticket_name).toBe("Match Ticket");
  });
});
