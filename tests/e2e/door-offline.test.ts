import { webAppCopy } from "../fixtures/web-app-copy.ts";
import { describe, expect, it } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { loggedInContext, useServerAndBrowser } from "../fixtures/e2e.ts";
import { ADMIN_ENV, adminBrowserOf, fundedUser, type Member, publishedEvent } from "../fixtures/money.ts";
import { waitFor } from "../fixtures/publisher.ts";

/**
 * The door's cold start with no network (issue 34, item 2), in chromium: the door's service worker keeps the page,
 * the app files it boots with and the event's data, so a tablet whose browser restarted offline still checks
 * tickets, and hands its check-ins over when the network is back. The rest of the app stays the network's: after a
 * deploy, another page (and the door itself, online) is the new build's, never a kept copy.
 */
const handles = useServerAndBrowser({ ...ADMIN_ENV, ARENA_CLIENT_DIST: webAppCopy });

interface Door {
  context: BrowserContext;
  page: Page;
  organiser: Member;
  event: { id: number; slug: string };
  ticket: { code: string; qr_code: string };
  holder: string;
}

/** An organiser's published event with one ticket sold, and the organiser's browser on its door, ready offline. */
async function doorReadyOffline(): Promise<Door> {
  const admin = await adminBrowserOf(handles.server);
  const organiser = await fundedUser(handles.server, admin, 1000);
  const event = await publishedEvent(organiser, { name: "LAN du Vieux-Port" });
  const viewer = await fundedUser(handles.server, admin, 1000);
  const bought = await viewer.browser.post("/api/tickets/purchase", { userId: viewer.user.id, eventId: event.id, ticketType: "match", price: 100 });
  expect(bought.status).toBe(201);
  const context = await loggedInContext(handles.browser, handles.server.url, organiser.browser.cookies.get("arena_session")!, organiser.user);
  handles.contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`${handles.server.url}/events/${event.slug}/scan`);
  await page.getByRole("heading", { name: "Contrôle des billets" }).waitFor();
  await page.getByText("0 / 1 entrés").waitFor();
  await page.getByText("Prête hors ligne : sur cet appareil, cette page se rouvre même sans réseau.").waitFor();
  // The worker took the page over at once (the page was opened before it was installed).
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith("/door-sw.js"));
  return { context, page, organiser, event, ticket: bought.body.ticket, holder: viewer.user.username };
}

async function checkInAt(eventId: number, code: string): Promise<number | null> {
  const row = await handles.server.deps.db.selectFrom("ticket").select("checked_in_at").where("event_id", "=", eventId).where("code", "=", code).executeTakeFirstOrThrow();
  return row.checked_in_at;
}

async function typeAndCheck(page: Page, code: string) {
  await page.getByLabel("Code du billet").fill(code);
  await page.getByRole("button", { name: "Valider le code" }).click();
}

describe("the door with no network", () => {
  it("reopens offline with the event's data, admits a ticket once, and hands the check-in over when the network is back", async () => {
    const { context, page, event, ticket, holder } = await doorReadyOffline();
    const failedFiles: string[] = [];
    page.on("requestfailed", (request) => {
      if (new URL(request.url()).pathname.startsWith("/assets/")) failedFiles.push(request.url());
    });

    await context.setOffline(true);
    const reopened = await page.reload();
    expect(reopened?.fromServiceWorker()).toBe(true);
    await page.getByRole("heading", { name: "Contrôle des billets" }).waitFor();
    await page.getByText("LAN du Vieux-Port").waitFor();
    await page.getByText("0 / 1 entrés").waitFor();

    const result = page.getByRole("status");
    await typeAndCheck(page, ticket.code);
    await result.getByText("Entrée validée").waitFor();
    await result.getByText(holder).waitFor();
    await result.getByText("Vérifié sur cet appareil (hors ligne)").waitFor();
    await page.getByText("Hors ligne : les billets sont vérifiés sur cet appareil avec la clé du serveur. 1 entrée à transmettre.").waitFor();
    await result.getByRole("button", { name: "Billet suivant" }).click();
    await typeAndCheck(page, ticket.qr_code);
    await result.getByText("Entrée refusée").waitFor();
    await result.getByText(/^Déjà contrôlé à \d\d:\d\d\.$/).waitFor();
    expect(await checkInAt(event.id, ticket.code)).toBeNull();
    expect(failedFiles).toEqual([]);

    await context.setOffline(false);
    await waitFor("the offline check-in reaches the server", async () => (await checkInAt(event.id, ticket.code)) !== null);
    await waitFor("the door to have nothing left to hand over", async () => (await page.getByText(/^Hors ligne :|à transmettre/).count()) === 0);
    // Online, the server decides again. (Checked by a scan rather than by the count refreshed at the reconnect:
    // Playwright gives the page its network back before the service worker, so that one read may still be the kept copy.)
    await result.getByRole("button", { name: "Billet suivant" }).click();
    await typeAndCheck(page, ticket.code);
    await result.getByText(/^Déjà contrôlé à \d\d:\d\d\.$/).waitFor();
    expect(await result.getByText("Vérifié sur cet appareil (hors ligne)").count()).toBe(0);
    await page.getByText("1 / 1 entrés").waitFor();
  }, 90_000);

  it("never answers another page from its cache: after a deploy, online pages are the new build's, and offline they are not there", async () => {
    const { context, page, organiser, event } = await doorReadyOffline();
    const other = await context.newPage();
    other.setDefaultTimeout(10_000);
    const before = await other.goto(`${handles.server.url}/events/${event.slug}`);
    expect(before?.fromServiceWorker()).toBe(false);
    await other.getByRole("heading", { name: "LAN du Vieux-Port" }).waitFor();

    // A deploy: a new index.html, and the event renamed meanwhile.
    const index = join(webAppCopy, "index.html");
    writeFileSync(index, readFileSync(index, "utf8").replace("<title>Arena</title>", '<title>Arena</title><meta name="arena-build" content="deploy-2">'));
    expect((await organiser.browser.put(`/api/events/${event.slug}`, { name: "LAN du Vieux-Port, saison 2" })).status).toBe(200);

    const eventAnswer = other.waitForResponse((response) => new URL(response.url()).pathname === `/api/events/${event.slug}`);
    const after = await other.reload();
    expect(after?.fromServiceWorker()).toBe(false);
    expect(await after!.text()).toContain('content="deploy-2"');
    expect((await eventAnswer).fromServiceWorker()).toBe(false);
    await other.getByRole("heading", { name: "LAN du Vieux-Port, saison 2" }).waitFor();

    const door = await page.reload();
    expect(await door!.text()).toContain('content="deploy-2"');
    await page.getByText("LAN du Vieux-Port, saison 2").waitFor();

    await context.setOffline(true);
    await expect(other.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await expect(other.goto(`${handles.server.url}/tournaments`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  }, 90_000);

  it("says, on a plain-http LAN address, that the page would not reopen offline and what to do", async () => {
    const admin = await adminBrowserOf(handles.server);
    const organiser = await fundedUser(handles.server, admin, 1000);
    const event = await publishedEvent(organiser, { name: "LAN du Vieux-Port" });
    const context = await loggedInContext(handles.browser, handles.server.url, organiser.browser.cookies.get("arena_session")!, organiser.user);
    handles.contexts.push(context);
    // What a page at http://192.168.x.x has: not a secure context, so no service worker (and no camera).
    await context.addInitScript(() => {
      Object.defineProperty(window, "isSecureContext", { value: false });
      Object.defineProperty(navigator, "serviceWorker", { value: undefined });
      Object.defineProperty(navigator, "mediaDevices", { value: undefined });
    });
    const page = await context.newPage();
    await page.goto(`${handles.server.url}/events/${event.slug}/scan`);
    await page
      .getByText("Sur une adresse http://, le navigateur ne garde pas cette page : sans réseau, elle ne se rouvrirait pas. Ouvrez-la en https:// (ou sur localhost) pour qu'elle s'ouvre hors ligne.")
      .waitFor();
    await page.getByText("0 / 0 entrés").waitFor();
    expect(await page.getByText(/Prête hors ligne/).count()).toBe(0);
  }, 60_000);
});
