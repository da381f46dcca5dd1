import { describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { makeImage } from "../fixtures/images.ts";
import { pageFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { ADMIN_ENV, adminBrowserOf, auditLedger, fundedUser, inHours, type Member, publishedEvent } from "../fixtures/money.ts";

/**
 * What a player, an organiser and a visitor see of events in chromium (issue 14, items 2 to 6): the
 * statuses in the spec's words, closed events that say why, the create and edit form, failures that
 * never pass for empty lists, the wallet's low flag and timeout, and the tournament request dialog.
 */
const h = useServerAndBrowser({ DEMO: "0", ...ADMIN_ENV });

const admin = () => adminBrowserOf(h.server);
const funded = async (coins: number) => fundedUser(h.server, await admin(), coins);

const pageOf = (member: Member | null, lang: "fr" | "en" = "en"): Promise<Page> => pageFor(h, member, { language: lang });

const setStatus = async (organiser: Member, id: number, status: string) => expect((await organiser.browser.json("PATCH", `/api/events/${id}`, { status })).status).toBe(200);
const localInput = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

async function tournamentOf(organiser: Member, name: string): Promise<number> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ tournamentName: name, format: "s_elim", size: "4", gameID: "1", timeZone: "Europe/Paris", description: "Friendly cup", rules: "Bo1" }))
    form.append(key, value);
  const created = await organiser.browser.post("/api/tournament/create-tournament", form);
  expect(created.status).toBe(201);
  return created.body.id as number;
}

describe("statuses in the spec's words", () => {
  it("reads Registration Open / Event Live / Event Ended / Event Cancelled on the page, Open / Live / Ended / Cancelled on the list, Registered / Live Now / Attended / Cancelled on joined events", async () => {
    const organiser = await funded(5000);
    const viewer = await funded(0);
    const names = ["Quiz night", "Speedrun marathon", "Retro LAN", "Cosplay contest"];
    const events = [];
    for (const name of names) {
      const event = await publishedEvent(organiser, { name, maxParticipants: 40 });
      expect((await viewer.browser.post(`/api/event-participants/${event.id}`)).status).toBe(200);
      events.push(event);
    }
    await setStatus(organiser, events[1]!.id, "active");
    await setStatus(organiser, events[2]!.id, "active");
    await setStatus(organiser, events[2]!.id, "completed");
    await setStatus(organiser, events[3]!.id, "cancelled");
    const page = await pageOf(viewer);
    const expected = [
      ["Registration Open", "Open", "Registered"],
      ["Event Live", "Live", "Live Now"],
      ["Event Ended", "Ended", "Attended"],
      ["Event Cancelled", "Cancelled", "Cancelled"],
    ];
    for (const [i, event] of events.entries()) {
      await page.goto(`${h.server.url}/events/${event.slug}`);
      await page.locator("header.event-cover").filter({ hasText: names[i]! }).getByText(expected[i]![0]!, { exact: true }).waitFor();
    }
    await page.goto(`${h.server.url}/events`);
    for (const [i, name] of names.entries()) await page.getByRole("article").filter({ hasText: name }).getByText(expected[i]![1]!, { exact: true }).waitFor();
    await page.goto(`${h.server.url}/my-events`);
    await page.getByRole("tab", { name: "Joined Events" }).click();
    for (const [i, name] of names.entries()) await page.getByRole("article").filter({ hasText: name }).getByText(expected[i]![2]!, { exact: true }).waitFor();
  });

  it("shows no register button and no ticket panel on a cancelled, ended or full event, and says why", async () => {
    const organiser = await funded(5000);
    const cancelled = await publishedEvent(organiser, { name: "Called off" });
    await setStatus(organiser, cancelled.id, "cancelled");
    const ended = await publishedEvent(organiser, { name: "All over" });
    await setStatus(organiser, ended.id, "active");
    await setStatus(organiser, ended.id, "completed");
    const full = await publishedEvent(organiser, { name: "Sold out", maxParticipants: 1 });
    const seated = await funded(0);
    expect((await seated.browser.post(`/api/event-participants/${full.id}`)).status).toBe(200);
    const open = await publishedEvent(organiser, { name: "Still open" });

    const viewer = await funded(500);
    for (const page of [await pageOf(viewer), await pageOf(null)]) {
      await page.goto(`${h.server.url}/events/${open.slug}`);
      await page.getByRole("button", { name: /^(Register Now|Login to Register)$/ }).waitFor();
      const cases = [
        [cancelled.slug, "This event was cancelled: no more registrations or tickets. Tickets sold have been refunded."],
        [ended.slug, "This event is over: registrations and ticket sales are closed."],
        [full.slug, "This event is full: every seat is taken."],
      ] as const;
      for (const [slug, why] of cases) {
        await page.goto(`${h.server.url}/events/${slug}`);
        await page.getByRole("status").filter({ hasText: why }).waitFor();
        expect(await page.getByRole("button", { name: /Register|Registration Closed|Buy ticket/ }).count()).toBe(0);
        expect(await page.getByRole("region", { name: "Tickets" }).count()).toBe(0);
      }
    }
    // The one who holds the full event's seat keeps their way out.
    const holder = await pageOf(seated);
    await holder.goto(`${h.server.url}/events/${full.slug}`);
    await holder.getByRole("button", { name: "Unregister" }).waitFor();
  });
});

describe("the list, a page at a time", () => {
  it("shows 24 cards, then the next ones under Show more, and no Show more once all are there", async () => {
    const organiser = await funded(5000);
    for (let i = 1; i <= 25; i++) await publishedEvent(organiser, { name: `Pagenight ${String(i).padStart(2, "0")}`, startDate: inHours(100 + i), endDate: null, maxParticipants: 10 });
    const page = await pageOf(null);
    await page.goto(`${h.server.url}/events`);
    await page.getByLabel("Search events").fill("pagenight");
    const cards = page.getByRole("article");
    await cards.filter({ hasText: "Pagenight 24" }).waitFor();
    expect(await cards.count()).toBe(24);
    expect(await cards.filter({ hasText: "Pagenight 25" }).count()).toBe(0);
    await page.getByRole("button", { name: "Show more" }).click();
    await cards.filter({ hasText: "Pagenight 25" }).waitFor();
    expect(await cards.count()).toBe(25);
    expect(await page.getByRole("button", { name: "Show more" }).count()).toBe(0);
  });
});

describe("the create and edit form", () => {
  it("edits from the saved approval, privacy, seats and tournament link, and keeps them when saved untouched", async () => {
    const organiser = await funded(5000);
    const tournamentId = await tournamentOf(organiser, "Spring Cup");
    const created = await organiser.browser.post("/api/events", {
      name: "Cup night",
      description: "The cup on the big screen",
      categoryId: 1,
      startDate: inHours(72),
      maxParticipants: 12,
      isPublic: false,
      requiresApproval: true,
      tournamentId,
    });
    expect(created.status).toBe(201);
    const page = await pageOf(organiser);
    await page.goto(`${h.server.url}/events/${created.body.event.slug}/edit`);
    await page.getByLabel("Event name").waitFor();
    expect(await page.getByLabel("Approve each registration").isChecked()).toBe(true);
    expect(await page.getByLabel("Public event").isChecked()).toBe(false);
    expect(await page.getByLabel("Seats").inputValue()).toBe("12");
    await page.getByLabel("Linked tournament").locator("option", { hasText: "Spring Cup" }).waitFor({ state: "attached" });
    expect(await page.getByLabel("Linked tournament").inputValue()).toBe(String(tournamentId));
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`${h.server.url}/events/${created.body.event.slug}`);
    expect((await organiser.browser.get(`/api/events/${created.body.event.slug}`)).body.event).toMatchObject({ requiresApproval: true, isPublic: false, maxParticipants: 12, tournamentId });
  });

  it("toasts the first broken rule, clears a field's error once it is valid, uploads a cover, picks a tournament, and creates", async () => {
    const organiser = await funded(5000);
    const tournamentId = await tournamentOf(organiser, "Autumn Cup");
    const page = await pageOf(organiser);
    await page.goto(`${h.server.url}/events/create`);
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByRole("alert").filter({ hasText: "Event name is required and must be at least 3 characters" }).first().waitFor();
    const nameError = page.locator(".field", { has: page.getByLabel("Event name") }).locator(".field-error");
    const descriptionError = page.locator(".field", { has: page.getByLabel("Description", { exact: true }) }).locator(".field-error");
    await nameError.waitFor();
    await page.getByLabel("Event name").fill("Au");
    expect(await nameError.count()).toBe(1);
    await page.getByLabel("Event name").fill("Autumn finals");
    await nameError.waitFor({ state: "detached" });
    expect(await descriptionError.textContent()).toBe("Event description is required and must be at least 10 characters");
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByRole("alert").filter({ hasText: "Event description is required and must be at least 10 characters" }).first().waitFor();
    await page.getByLabel("Description", { exact: true }).fill("The finals of the autumn cup, on stage");
    await descriptionError.waitFor({ state: "detached" });

    expect(await page.getByLabel("Linked tournament").count()).toBe(0);
    await page.getByLabel("Category").selectOption({ label: "Tournament" });
    await page.getByLabel("Linked tournament").selectOption({ label: "Autumn Cup" });
    await page.getByLabel("Start").fill(localInput(new Date(Date.now() + 5 * 24 * 3600_000)));
    await page.getByLabel("Cover image (optional)").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: Buffer.from(await makeImage("png", "1600x900")) });
    await page.getByRole("img", { name: "Cover preview" }).waitFor();
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.waitForURL(`${h.server.url}/my-events`);
    const event = (await organiser.browser.get("/api/events/my-events")).body.events.find((e: { name: string }) => e.name === "Autumn finals");
    expect(event).toMatchObject({ tournamentId, category: { slug: "tournament" } });
    expect(event.coverImage).toMatch(/^\/uploads\/event-covers\/.+\.webp$/);
  });

  it("disables creating with a clear note when the wallet is short, and says why a create call failed", async () => {
    const poor = await funded(50);
    const page = await pageOf(poor);
    await page.goto(`${h.server.url}/events/create`);
    await page.getByLabel("Event name").fill("Big convention");
    await page.getByLabel("Description", { exact: true }).fill("Three halls of games and talks");
    await page.getByLabel("Category").selectOption({ label: "Convention" });
    await page.getByLabel("Start").fill(localInput(new Date(Date.now() + 5 * 24 * 3600_000)));
    const submit = page.getByRole("button", { name: "Create Event" });
    await page.getByText("Not enough G-Coins: creating this event costs 375 G-Coins, you have 50.").waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel("Category").selectOption({ label: "Meetup" });
    await page.getByText("Not enough G-Coins: creating this event costs 150 G-Coins, you have 50.").waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel("Seats").fill("10");
    await page.getByText(/^Not enough G-Coins/).waitFor({ state: "detached" });
    expect(await submit.isDisabled()).toBe(false);

    const rich = await funded(2000);
    const richPage = await pageOf(rich);
    await richPage.goto(`${h.server.url}/events/create`);
    await richPage.getByLabel("Event name").fill("Net drop");
    await richPage.getByLabel("Description", { exact: true }).fill("A meetup that the network eats");
    await richPage.getByLabel("Category").selectOption({ label: "Meetup" });
    await richPage.getByLabel("Start").fill(localInput(new Date(Date.now() + 5 * 24 * 3600_000)));
    await richPage.route("**/api/events", (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback()));
    await richPage.getByRole("button", { name: "Create Event" }).click();
    await richPage.getByRole("alert").filter({ hasText: "Network error - please check your connection" }).waitFor();
    expect(richPage.url()).toBe(`${h.server.url}/events/create`);
  });
});

describe("failures never look like empty lists", () => {
  it('says "Failed to load events" on the list, not its empty text, and "Failed to load event details" before going back to the list', async () => {
    const page = await pageOf(null);
    await page.route("**/api/events?*", (route) => route.abort("internetdisconnected"));
    await page.goto(`${h.server.url}/events`);
    await page.getByRole("alert").getByText("Failed to load events").waitFor();
    expect(await page.getByText("No event yet.").count()).toBe(0);
    await page.unroute("**/api/events?*");
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByText("Failed to load events").waitFor({ state: "detached" });

    await page.route("**/api/events/some-event", (route) => route.abort("internetdisconnected"));
    await page.goto(`${h.server.url}/events/some-event`);
    await page.getByRole("alert").filter({ hasText: "Failed to load event details" }).waitFor();
    await page.waitForURL(`${h.server.url}/events`);
    await page.goto(`${h.server.url}/events/no-such-event`);
    await page.getByRole("alert").filter({ hasText: "Event not found" }).waitFor();
  });

  it('says "Failed to load your events", "Please login to view your events" and "Failed to publish event" on My events', async () => {
    const organiser = await funded(2000);
    expect((await organiser.browser.post("/api/events", { name: "Draft night", description: "Not published yet at all", categoryId: 3, startDate: inHours(48) })).status).toBe(201);
    const page = await pageOf(organiser);
    await page.route("**/api/events/my-events?*", (route) => route.abort("internetdisconnected"));
    await page.goto(`${h.server.url}/my-events`);
    await page.getByRole("alert").getByText("Failed to load your events").waitFor();
    expect(await page.getByText("You organise no event.").count()).toBe(0);
    await page.unroute("**/api/events/my-events?*");
    await page.getByRole("button", { name: "Retry" }).click();
    const card = page.getByRole("article").filter({ hasText: "Draft night" });
    await card.getByText("Draft", { exact: true }).waitFor();
    await page.route("**/api/events/*/publish", (route) => route.abort("internetdisconnected"));
    await card.getByRole("button", { name: "Publish" }).click();
    await page.getByRole("alert").filter({ hasText: "Failed to publish event" }).waitFor();

    // The session ends on the server while the page still thinks it is logged in: a real 401.
    expect((await organiser.browser.post("/api/auth/logout")).status).toBe(200);
    await page.goto(`${h.server.url}/my-events`);
    await page.getByRole("alert").filter({ hasText: "Please login to view your events" }).first().waitFor();
    await page.waitForURL(/\/\?noAuth=true$/);
  });

  it('says "Erreur lors du chargement du tableau de bord" when the dashboard cannot load, and shows no empty cards', async () => {
    const member = await funded(0);
    const page = await pageOf(member, "fr");
    await page.route("**/api/dashboard", (route) => route.abort("internetdisconnected"));
    await page.goto(`${h.server.url}/dashboard`);
    await page.getByRole("alert").getByText("Erreur lors du chargement du tableau de bord").waitFor();
    expect(await page.getByRole("region", { name: "Statistiques" }).count()).toBe(0);
    await page.unroute("**/api/dashboard");
    await page.getByRole("button", { name: "Réessayer" }).click();
    await page.getByText("Erreur lors du chargement du tableau de bord").waitFor({ state: "detached" });
  });
});

describe("wallet", () => {
  it("flags a balance below 1,000 as low, not one of 1,000", async () => {
    const low = await pageOf(await funded(999));
    await low.goto(`${h.server.url}/events`);
    await low.getByRole("link", { name: "Wallet: 999 G-Coins, low balance" }).waitFor();
    const enough = await pageOf(await funded(1000));
    await enough.goto(`${h.server.url}/events`);
    await enough.getByRole("link", { name: "Wallet: 1K G-Coins", exact: true }).waitFor();
  });

  it("gives up on a balance call after 5 seconds and says so", async () => {
    const member = await funded(500);
    const page = await pageOf(member);
    // The call never gets an answer. Its start is read in the page, when the app calls fetch (this process hears of
    // it later on a busy machine); its failure when this process hears of it: the gap can only look longer.
    await page.addInitScript(() => {
      const fetchOfPage = window.fetch;
      window.fetch = Object.assign((input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input instanceof Request ? input.url : input).includes("/api/wallet/balance/")) (window as { balanceAskedAt?: number }).balanceAskedAt ??= Date.now();
        return fetchOfPage(input, init);
      }, fetchOfPage);
    });
    await page.route("**/api/wallet/balance/*", () => undefined);
    const failure = page.waitForEvent("requestfailed", { predicate: (request) => request.url().includes("/api/wallet/balance/"), timeout: 15_000 }).then(() => Date.now());
    await page.goto(`${h.server.url}/events`);
    await page.getByTitle("Failed to load balance").waitFor({ timeout: 10_000 });
    const failed = await failure;
    const asked = await page.evaluate(() => (window as { balanceAskedAt?: number }).balanceAskedAt ?? 0);
    expect(asked).toBeGreaterThan(0);
    expect(failed - asked).toBeGreaterThanOrEqual(5_000);
    expect(failed - asked).toBeLessThan(7_000);
  });
});

describe("the tournament request dialog", () => {
  it('names its buttons by what they do, not "Cancel" twice', async () => {
    const organiser = await funded(0);
    const id = await tournamentOf(organiser, "Winter Cup");
    const player = await funded(0);
    expect((await player.browser.post("/api/tournament/join-tournament", { tournmentID: id, PlayerID: player.user.id })).body.status).toBe("pending");
    const page = await pageOf(player);
    await page.goto(`${h.server.url}/tournament/${id}`);
    await page.getByRole("button", { name: "Pending – cancel the request" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel the request" });
    await dialog.getByRole("button", { name: "Keep my request" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Pending – cancel the request" }).click();
    expect(await dialog.getByRole("button", { name: "Cancel", exact: true }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Withdraw my request" }).click();
    await page.getByRole("button", { name: "Join" }).waitFor();
  });
});

describe("the money after all this", () => {
  it("leaves every wallet equal to its ledger and no event over its seats", async () => await auditLedger(h.server.deps.db));
});
