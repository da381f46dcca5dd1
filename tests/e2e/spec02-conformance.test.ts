import { describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { pageFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { ADMIN_ENV, adminBrowserOf, auditLedger, fundedUser, type Member, publishedEvent } from "../fixtures/money.ts";

/**
 * Rows of docs/spec-conformance.md that were not "works" and are fixed here: the balance toast of
 * spec 02 §8, the ticket purchase call of §7, and registration's failure and login texts (§8).
 */
const h = useServerAndBrowser({ DEMO: "0", ...ADMIN_ENV });

const admin = () => adminBrowserOf(h.server);
const funded = async (coins: number) => fundedUser(h.server, await admin(), coins);

const pageOf = (member: Member | null, lang: "fr" | "en" = "fr"): Promise<Page> => pageFor(h, member, { language: lang });

describe("wallet balance failures (spec 02 §8)", () => {
  it('toasts "Erreur lors du chargement du solde" when the balance fails, but not for a missing wallet (404)', async () => {
    const member = await funded(500);
    const failing = await pageOf(member);
    await failing.route("**/api/wallet/balance/*", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ success: false, code: "internal", msg: "boom" }) }));
    await failing.goto(`${h.server.url}/events`);
    await failing.getByRole("alert").filter({ hasText: "Erreur lors du chargement du solde" }).first().waitFor();
    await failing.getByTitle("Service indisponible").waitFor();

    const missing = await pageOf(member);
    await missing.route("**/api/wallet/balance/*", (route) =>
      route.fulfill({ status: 404, contentType: "application/json", body: JSON.stringify({ success: false, code: "wallet_not_found", msg: "Wallet not found" }) }),
    );
    await missing.goto(`${h.server.url}/events`);
    await missing.getByTitle("Portefeuille introuvable").waitFor();
    // Kept: a toast would come from an effect of the render that drew this title, and nothing the page does later
    // tells that it did not; half a second is far more than that effect takes.
    await missing.waitForTimeout(500);
    expect(await missing.getByRole("alert").filter({ hasText: "Erreur lors du chargement du solde" }).count()).toBe(0);
  });
});

describe("wallet badge refresh (spec 02 §4, §9)", () => {
  it("reads the balance again every 30 seconds, not before, from a call that answers balance and currency GCOIN", async () => {
    const member = await funded(500);
    const page = await pageOf(member, "en");
    await page.clock.install();
    await page.goto(`${h.server.url}/events`);
    const badge = page.locator("a.wallet-badge");
    await badge.filter({ hasText: "500" }).waitFor();
    expect((await (await admin()).post("/api/wallet/credit", { userId: member.user.id, amount: 250 })).status).toBe(200);
    await page.clock.runFor(25_000);
    // Kept: a refetch due before 30 s would have been sent during runFor; its answer needs real time to reach the badge.
    await page.waitForTimeout(300);
    expect(await badge.textContent()).toBe("500");
    await page.clock.runFor(6_000);
    await badge.filter({ hasText: "750" }).waitFor();
    // The call the badge reads answers the balance and the currency, GCOIN by default.
    expect((await member.browser.get(`/api/wallet/balance/${member.user.id}`)).body).toMatchObject({ balance: 750, currency: "GCOIN" });
  });
});

describe("ticket purchase call (spec 02 §7)", () => {
  it("posts {userId as a string, eventId, ticketType, price} and gets the ticket with its QR code", async () => {
    const organiser = await funded(5000);
    const event = await publishedEvent(organiser);
    const buyer = await funded(1000);
    const page = await pageOf(buyer);
    await page.goto(`${h.server.url}/events/${event.slug}`);
    await page.getByRole("radio").first().check();
    const request = page.waitForRequest((r) => r.url().endsWith("/api/tickets/purchase") && r.method() === "POST");
    const response = page.waitForResponse((r) => r.url().endsWith("/api/tickets/purchase"));
    await page.getByRole("button", { name: "Acheter le billet" }).click();
    const body = (await request).postDataJSON();
    expect(body).toEqual({ userId: String(buyer.user.id), eventId: event.id, ticketType: "match", price: 100 });
    const answer = await (await response).json();
    expect(answer).toMatchObject({ success: true, ticket: { ticket_type: "match", price: 100, currency: "GCOIN" } });
    expect(typeof answer.ticket.id).toBe("number");
    expect(answer.ticket.qr_code.length).toBeGreaterThan(20);
    await page.getByRole("status").filter({ hasText: "Billet acheté avec succès!" }).first().waitFor();
    await page.locator(".ticket-qr svg").first().waitFor();
  });
});

describe("refused purchases (spec 02 §8)", () => {
  it("shows a 402's own message, a 400's own message, \"Erreur lors de l'achat du billet\" otherwise, each with the toast \"Échec de l'achat du billet\"", async () => {
    const organiser = await funded(5000);
    const event = await publishedEvent(organiser, { name: "Refusal Cup" });
    const page = await pageOf(await funded(1000));
    await page.goto(`${h.server.url}/events/${event.slug}`);
    const panel = page.getByRole("region", { name: "Billets" });
    await panel.getByRole("radio").first().check();
    const answers = [
      { status: 402, body: { success: false, code: "insufficient_funds", msg: "Il manque 12 G-Coins." }, shown: "Il manque 12 G-Coins." },
      { status: 400, body: { success: false, code: "ticket_price_changed", msg: "Le prix a changé : 120 G-Coins." }, shown: "Le prix a changé : 120 G-Coins." },
      { status: 500, body: { success: false, code: "internal", msg: "Erreur interne" }, shown: "Erreur lors de l'achat du billet" },
    ];
    for (const answer of answers) {
      await page.unroute("**/api/tickets/purchase");
      await page.route("**/api/tickets/purchase", (route) => route.fulfill({ status: answer.status, contentType: "application/json", body: JSON.stringify(answer.body) }));
      await panel.getByRole("button", { name: "Acheter le billet" }).click();
      await panel.getByRole("alert").filter({ hasText: answer.shown }).waitFor();
      await page.locator(".toast").filter({ hasText: "Échec de l'achat du billet" }).first().waitFor();
    }
  });
});

describe("the create form's seat field (spec 02 §5)", () => {
  it('says "Leave empty for unlimited" under the seat limit, which takes 1 at least', async () => {
    const page = await pageOf(await funded(0), "en");
    await page.goto(`${h.server.url}/events/create`);
    const seats = page.getByLabel("Seats");
    await seats.waitFor();
    expect(await seats.getAttribute("min")).toBe("1");
    await page.getByText("Leave empty for unlimited", { exact: true }).waitFor();
  });
});

describe("registration texts (spec 02 §8)", () => {
  it('tells a visitor "Please login to register for events" and opens the login; a registration with no answer says "Registration failed"', async () => {
    const organiser = await funded(5000);
    const event = await publishedEvent(organiser);
    const visitor = await pageOf(null, "en");
    await visitor.goto(`${h.server.url}/events/${event.slug}`);
    await visitor.getByRole("button", { name: "Login to Register" }).click();
    await visitor.getByRole("status").filter({ hasText: "Please login to register for events" }).first().waitFor();
    await visitor.getByRole("dialog").waitFor();

    const member = await pageOf(await funded(0), "en");
    await member.goto(`${h.server.url}/events/${event.slug}`);
    await member.route("**/api/event-participants/*", (route) => (route.request().method() === "POST" ? route.abort() : route.fallback()));
    await member.getByRole("button", { name: "Register Now" }).click();
    await member.getByRole("alert").filter({ hasText: "Registration failed" }).first().waitFor();
    await member.unroute("**/api/event-participants/*");
    await member.getByRole("button", { name: "Register Now" }).click();
    await member.getByRole("status").filter({ hasText: "Successfully registered for event!" }).first().waitFor();
  });
});

describe("what the cards, the page and the badge show (spec 02 §2, §9)", () => {
  it('cuts descriptions at 120 (list) and 100 (My Events) characters, prices in euros, lists 10 participants then "+N more participants", abbreviates the badge, and opens the top-up in a new tab', async () => {
    const organiser = await funded(5000);
    const event = await publishedEvent(organiser, { name: "Cut Cup", description: `${"d".repeat(120)}LISTTAIL`, ticketPrice: 12.5 });
    for (let i = 0; i < 12; i++) {
      const member = await funded(0);
      expect((await member.browser.post(`/api/event-participants/${event.id}`)).status).toBe(200);
    }
    const page = await pageOf(organiser, "en");
    await page.goto(`${h.server.url}/events`);
    const card = page.getByRole("article").filter({ hasText: "Cut Cup" });
    await card.getByText(`${"d".repeat(120)}…`, { exact: true }).waitFor();
    expect(await card.getByText("LISTTAIL").count()).toBe(0);
    await card.getByText("€12.50", { exact: true }).waitFor();

    await page.goto(`${h.server.url}/events/${event.slug}`);
    await page.getByText("+2 more participants", { exact: true }).waitFor();
    expect(await page.getByRole("region", { name: "Participants" }).getByRole("listitem").count()).toBe(10);
    await page.getByText("€12.50", { exact: true }).waitFor();

    await page.goto(`${h.server.url}/my-events`);
    const mine = page.getByRole("article").filter({ hasText: "Cut Cup" });
    await mine.getByText(`${"d".repeat(100)}…`, { exact: true }).waitFor();

    // 5,000 − the creation cost: over a thousand, the badge reads "n.nK" and opens the history in a new tab.
    const badge = page.locator("a.wallet-badge");
    const balance = (await organiser.browser.get(`/api/wallet/balance/${organiser.user.id}`)).body.balance as number;
    // The badge shows "…" until its balance has loaded: wait for a figure, then check it.
    await page.locator("a.wallet-badge", { hasText: /\d/ }).waitFor();
    expect(await badge.textContent()).toBe(`${Math.floor(balance / 100) / 10}K`);
    expect(await badge.getAttribute("href")).toBe(`/wallet/history?userId=${organiser.user.id}`);
    expect(await badge.getAttribute("target")).toBe("_blank");

    // The history's Top up opens /top-up?userId={id} in a new tab, as the spec opens it everywhere.
    await page.goto(`${h.server.url}/wallet/history`);
    const topUp = page.getByRole("link", { name: "Top up" });
    expect(await topUp.getAttribute("href")).toBe(`/top-up?userId=${organiser.user.id}`);
    expect(await topUp.getAttribute("target")).toBe("_blank");
  });
});

describe("the detail page's actions (spec 02 §2, §6)", () => {
  it('gives the creator Manage Event and no register button, a member Unregister after registering, and a live event "Registration Closed"', async () => {
    const organiser = await funded(5000);
    const event = await publishedEvent(organiser, { name: "Action Cup" });
    const mine = await pageOf(organiser, "en");
    await mine.goto(`${h.server.url}/events/${event.slug}`);
    await mine.getByRole("link", { name: "Manage Event" }).click();
    await mine.waitForURL(`${h.server.url}/events/${event.slug}/manage`);
    await mine.goto(`${h.server.url}/events/${event.slug}`);
    await mine.getByRole("link", { name: "Manage Event" }).waitFor();
    expect(await mine.getByRole("button", { name: /Register/ }).count()).toBe(0);

    const member = await pageOf(await funded(0), "en");
    await member.goto(`${h.server.url}/events/${event.slug}`);
    await member.getByRole("button", { name: "Register Now" }).click();
    await member.getByRole("button", { name: "Unregister" }).click();
    await member.getByRole("status").filter({ hasText: "Successfully unregistered from event" }).first().waitFor();
    await member.getByRole("button", { name: "Register Now" }).waitFor();

    expect((await organiser.browser.json("PATCH", `/api/events/${event.id}`, { status: "active" })).status).toBe(200);
    await member.reload();
    const closed = member.getByRole("button", { name: "Registration Closed" });
    await closed.waitFor();
    expect(await closed.isDisabled()).toBe(true);
  });
});

describe("rows that worked without a test (spec 02 §2, §5, §9)", () => {
  it("shows the rules and the tournament link, serves /create-event, prices from 0 by 0.01, asks for a streamer, links My events' empty states, and closes a toast after 3 s", async () => {
    const organiser = await funded(5000);
    const form = new FormData();
    for (const [key, value] of Object.entries({ tournamentName: "Linked Cup", format: "s_elim", size: "4", gameID: "1", timeZone: "UTC" })) form.append(key, value);
    const tournament = await organiser.browser.post("/api/tournament/create-tournament", form);
    expect(tournament.status).toBe(201);
    const event = await publishedEvent(organiser, { name: "Rules Night", categoryId: 1, tournamentId: tournament.body.id, rules: "Bring your own headset." });
    const member = await funded(0);
    expect((await member.browser.post(`/api/event-participants/${event.id}`)).status).toBe(200);

    const page = await pageOf(member, "en");
    await page.goto(`${h.server.url}/events/${event.slug}`);
    await page.getByRole("heading", { name: "Rules", exact: true }).waitFor();
    await page.getByText("Bring your own headset.", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "See the tournament" }).getAttribute("href")).toBe(`/tournament/${tournament.body.id}`);

    // Joined Events: the card links the tournament; My Events is empty and links to /events/create.
    await page.goto(`${h.server.url}/my-events`);
    expect(await page.getByRole("tabpanel").getByRole("link", { name: "Create Event" }).getAttribute("href")).toBe("/events/create");
    await page.getByRole("tab", { name: "Joined Events" }).click();
    const joined = page.getByRole("article").filter({ hasText: "Rules Night" });
    expect(await joined.getByRole("link", { name: "See the tournament" }).getAttribute("href")).toBe(`/tournament/${tournament.body.id}`);

    await page.goto(`${h.server.url}/create-event`);
    const price = page.getByLabel("Reference price (€)");
    await price.waitFor();
    expect([await price.getAttribute("min"), await price.getAttribute("step"), await price.inputValue()]).toEqual(["0", "0.01", "0"]);

    const manage = await pageOf(organiser, "en");
    await manage.goto(`${h.server.url}/events/${event.slug}/manage`);
    await manage.getByRole("tab", { name: "Streamers" }).click();
    await manage.getByRole("button", { name: "Assign" }).click();
    await manage.getByRole("alert").filter({ hasText: "Please select a streamer" }).waitFor();

    // A toast closes by itself after 3 s.
    await manage.getByRole("tab", { name: "Overview" }).click();
    await manage.getByRole("button", { name: "Start Event" }).click();
    await manage.getByRole("dialog").getByRole("button", { name: "Start Event" }).click();
    const toast = manage.getByRole("status").filter({ hasText: "Event started: it is live." });
    await toast.waitFor();
    const shown = Date.now();
    await toast.waitFor({ state: "detached", timeout: 6_000 });
    expect(Date.now() - shown).toBeGreaterThan(2_000);
    expect(Date.now() - shown).toBeLessThan(4_500);
  });
});

describe("the money after all this", () => {
  it("leaves every wallet equal to its ledger and no event over its seats", async () => await auditLedger(h.server.deps.db));
});
