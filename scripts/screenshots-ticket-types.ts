// Screenshots of the organisers' ticket types (issue 34, item 1) at 390 px and 1440 px, dark and light, into
// docs/screenshots/: the editor under Manage › Settings (its list, and a type's form), the buyer's ticket panel
// (prices, what each type includes, what is left, why a type cannot be bought), the event's facts and card
// (G-Coin prices beside the euro reference), and the create form's reference price.
// Usage: bun scripts/screenshots-ticket-types.ts (needs the built web app and Debian's chromium).
import { launchChromium } from "../tests/fixtures/chromium.ts";
import { ADMIN_ENV, adminBrowserOf, inHours } from "../tests/fixtures/money.ts";
import { signedInUser, startTestServer } from "../tests/fixtures/server.ts";
import { SCREENSHOTS_DIR, shoot } from "./lib/shoot.ts";

const SIZES = [
  { label: "390", width: 390, height: 844 },
  { label: "1440", width: 1440, height: 900 },
] as const;

const server = await startTestServer(ADMIN_ENV);
const browser = await launchChromium();
try {
  const admin = await adminBrowserOf(server);
  const member = async (username: string, coins = 1000) => {
    const m = await signedInUser(server, { username });
    await admin.post("/api/wallet/credit", { userId: m.user.id, amount: coins });
    return m;
  };
  const organiser = await member("LanOrga", 5000);
  const created = await organiser.browser.post("/api/events", {
    name: "LAN d'hiver",
    description: "Trois jours de jeux en réseau, tournois et soirée rétro.",
    categoryId: 2,
    startDate: inHours(24 * 20),
    endDate: inHours(24 * 20 + 30),
    maxParticipants: 120,
    ticketPrice: 15,
    location: "Salle des fêtes, Villeurbanne",
  });
  const event = created.body.event as { id: number; slug: string };
  await organiser.browser.json("PUT", `/api/events/${event.slug}/publish`);
  const addType = async (body: Record<string, unknown>) => (await organiser.browser.post(`/api/tickets/event/${event.id}/types`, body)).body.ticketType as { type: string };
  const early = await addType({
    name: "Lève-tôt",
    price: 80,
    description: "Les premières places, à petit prix",
    features: ["Les deux jours", "Place assise"],
    quantity: 3,
    saleEndsAt: inHours(24 * 7),
  });
  await addType({ name: "Pass week-end", price: 150, description: "Tout l'événement", features: ["Les deux jours", "Place assise", "Tournois"], quantity: 80 });
  await addType({ name: "VIP", price: 400, description: "Le premier rang et les coulisses", features: ["Boisson offerte", "Rencontre des joueurs"], quantity: 10, saleStartsAt: inHours(24 * 3) });
  await addType({ name: "Dernière minute", price: 200, closed: true });
  await addType({ name: "Équipe", price: 0, description: "Bénévoles", hidden: true });
  for (const name of ["ZeldaPro", "Orion20", "KiraBlade"]) {
    const holder = await member(name);
    await holder.browser.post("/api/tickets/purchase", { userId: holder.user.id, eventId: event.id, ticketType: early.type, price: 80 });
  }
  const buyer = await member("NovaFox", 600);

  const settings = async (page: import("playwright-core").Page) => {
    await page.getByRole("tab", { name: "Paramètres" }).click();
    await page.locator(".ticket-type-editor .ticket-type-row").first().waitFor({ timeout: 10_000 });
  };
  const shots = [
    { name: "ticket-types-editor", path: `/events/${event.slug}/manage`, as: organiser, before: settings, fullPage: true },
    {
      name: "ticket-types-form",
      path: `/events/${event.slug}/manage`,
      as: organiser,
      fullPage: true,
      before: async (page: import("playwright-core").Page) => {
        await settings(page);
        await page.getByRole("button", { name: "Modifier VIP" }).click();
        await page.getByRole("form", { name: "Modifier « VIP »" }).waitFor();
        // A full-page picture of a scrolled page draws the sticky top bar where the scroll left it.
        await page.evaluate(() => window.scrollTo(0, 0));
      },
    },
    {
      name: "ticket-types-panel",
      path: `/events/${event.slug}`,
      as: buyer,
      fullPage: true,
      before: async (page: import("playwright-core").Page) => {
        await page.locator(".ticket-panel .ticket-type").first().waitFor({ timeout: 10_000 });
      },
    },
    {
      name: "ticket-types-card",
      path: "/events",
      as: buyer,
      before: async (page: import("playwright-core").Page) => {
        await page.getByRole("article").filter({ hasText: "LAN d'hiver" }).waitFor({ timeout: 10_000 });
      },
    },
    {
      name: "ticket-types-reference-price",
      path: "/events/create",
      as: organiser,
      before: async (page: import("playwright-core").Page) => {
        const price = page.getByLabel("Prix de référence (€)");
        await price.waitFor({ timeout: 10_000 });
        await price.scrollIntoViewIfNeeded();
      },
    },
  ];
  for (const shot of shots) await shoot(browser, server.url, { ...shot, sizes: SIZES });
  console.log(`${shots.length * 4} screenshots in ${SCREENSHOTS_DIR}`);
} finally {
  await browser.close();
  await server.stop();
}
