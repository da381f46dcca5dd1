import { describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { loggedInContext, useServerAndBrowser } from "../fixtures/e2e.ts";
import { ADMIN_ENV, adminBrowserOf, auditLedger, balanceOf, draftEvent as draftEventOf, fundedUser, type Member, publishedEvent } from "../fixtures/money.ts";

/**
 * The organiser's manage screen in chromium (issue 14, items 1 and 4): the status actions, each
 * confirmed, the refunds a cancellation makes, and the spec's words when a call fails.
 */
const h = useServerAndBrowser({ DEMO: "0", ...ADMIN_ENV });

const admin = () => adminBrowserOf(h.server);
const funded = async (coins: number) => fundedUser(h.server, await admin(), coins);

async function pageOf(member: Member, lang: "fr" | "en"): Promise<Page> {
  const context = await loggedInContext(h.browser, h.server.url, member.browser.cookies.get("arena_session")!, member.user);
  await context.addInitScript((language) => localStorage.setItem("language", language), lang);
  h.contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

const draftEvent = (organiser: Member, extra: Record<string, unknown> = {}) =>
  draftEventOf(organiser, { name: `Tournoi de quartier ${Math.random().toString(36).slice(2, 7)}`, description: "Une soirée de matchs entre voisins", categoryId: 3, maxParticipants: 20, ...extra });

const statusOf = async (member: Member, slug: string) => (await member.browser.get(`/api/events/${slug}`)).body.event.status as string;

describe("manage event: status actions", () => {
  it("publishes, starts and ends the event, each after a confirmation, with the spec's labels", async () => {
    const organiser = await funded(2000);
    const event = await draftEvent(organiser);
    const page = await pageOf(organiser, "en");
    await page.goto(`${h.server.url}/events/${event.slug}/manage`);
    const actions = page.getByRole("region", { name: "Event status" });
    await actions.getByRole("button", { name: "Publish Event" }).click();
    const dialog = page.getByRole("dialog", { name: `Publish “${event.name}”?` });
    await dialog.getByText("The event appears in the public list and registration opens.").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await statusOf(organiser, event.slug)).toBe("draft");

    await actions.getByRole("button", { name: "Publish Event" }).click();
    await dialog.getByRole("button", { name: "Publish Event" }).click();
    await page.getByText("Event published: registration is open.").waitFor();
    await page.getByRole("tabpanel").getByText("Open", { exact: true }).waitFor();
    expect(await statusOf(organiser, event.slug)).toBe("published");

    await actions.getByRole("button", { name: "Start Event" }).click();
    await page
      .getByRole("dialog", { name: `Start “${event.name}”?` })
      .getByRole("button", { name: "Start Event" })
      .click();
    await page.getByText("Event started: it is live.").waitFor();
    await page.getByRole("tabpanel").getByText("Live", { exact: true }).waitFor();
    expect(await statusOf(organiser, event.slug)).toBe("active");

    await actions.getByRole("button", { name: "End Event" }).click();
    await page
      .getByRole("dialog", { name: `End “${event.name}”?` })
      .getByRole("button", { name: "End Event" })
      .click();
    await page.getByText("Event ended.", { exact: true }).waitFor();
    await page.getByRole("tabpanel").getByText("Ended", { exact: true }).waitFor();
    expect(await statusOf(organiser, event.slug)).toBe("completed");
    expect(await actions.count()).toBe(0);
  });

  it("cancels after a dialog whose two buttons say what they do, and refunds every valid paid ticket", async () => {
    const organiser = await funded(2000);
    const event = await publishedEvent(organiser);
    const buyers = [await funded(300), await funded(300)];
    for (const buyer of buyers) expect((await buyer.browser.post("/api/tickets/purchase", { userId: buyer.user.id, eventId: event.id, ticketType: "match", price: 100 })).status).toBe(201);
    expect(await balanceOf(buyers[0]!)).toBe(200);

    const page = await pageOf(organiser, "fr");
    await page.goto(`${h.server.url}/events/${event.slug}/manage`);
    await page.getByRole("region", { name: "Statut de l'événement" }).getByRole("button", { name: "Annuler l'événement" }).click();
    const dialog = page.getByRole("dialog", { name: "Annuler « LAN d'hiver » ?" });
    await dialog.getByText("L'événement est annulé et chaque billet vendu est remboursé à son acheteur, depuis votre portefeuille. C'est définitif.").waitFor();
    expect(await dialog.getByRole("button", { name: "Annuler", exact: true }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Garder l'événement" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await statusOf(organiser, event.slug)).toBe("published");

    await page.getByRole("button", { name: "Annuler l'événement" }).click();
    await dialog.getByRole("button", { name: "Annuler l'événement" }).click();
    await page.getByText("Événement annulé : les billets vendus sont remboursés.").waitFor();
    await page.getByRole("tabpanel").getByText("Annulé", { exact: true }).waitFor();
    expect(await statusOf(organiser, event.slug)).toBe("cancelled");
    for (const buyer of buyers) {
      expect(await balanceOf(buyer)).toBe(300);
      expect((await buyer.browser.get("/api/tickets/user")).body.tickets.map((ticket: { status: string }) => ticket.status)).toEqual(["refunded"]);
    }
  });
});

describe("manage event: the spec's failure texts", () => {
  it('says "Failed to load event data", "Failed to update event status" and "Failed to update participant status"', async () => {
    const organiser = await funded(2000);
    const event = await publishedEvent(organiser, { requiresApproval: true });
    const viewer = await funded(0);
    expect((await viewer.browser.post(`/api/event-participants/${event.id}`)).status).toBe(200);
    const page = await pageOf(organiser, "en");

    await page.route(`**/api/events/${event.slug}`, (route) => route.abort("internetdisconnected"));
    await page.goto(`${h.server.url}/events/${event.slug}/manage`);
    await page.getByRole("alert").getByText("Failed to load event data").waitFor();
    await page.unroute(`**/api/events/${event.slug}`);
    await page.getByRole("button", { name: "Retry" }).click();

    await page.route(`**/api/events/${event.id}`, (route) => (route.request().method() === "PATCH" ? route.abort("internetdisconnected") : route.fallback()));
    await page.getByRole("button", { name: "Start Event" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Start Event" }).click();
    await page.getByRole("alert").filter({ hasText: "Failed to update event status" }).waitFor();
    expect(await statusOf(organiser, event.slug)).toBe("published");

    await page.getByRole("tab", { name: "Participants" }).click();
    await page.route(`**/api/event-participants/${event.id}/*`, (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: `Approve ${viewer.user.username}` }).click();
    await page.getByRole("alert").filter({ hasText: "Failed to update participant status" }).waitFor();
  });

  it("shows a refusal's own reason after the spec's words when the server refuses a status change", async () => {
    const organiser = await funded(2000);
    const event = await publishedEvent(organiser);
    const buyer = await funded(300);
    expect((await buyer.browser.post("/api/tickets/purchase", { userId: buyer.user.id, eventId: event.id, ticketType: "match", price: 100 })).status).toBe(201);
    // The organiser spends what the refund needs: the cancellation is refused as a whole.
    const spent = await balanceOf(organiser);
    expect((await organiser.browser.post("/api/wallet/debit", { userId: organiser.user.id, amount: spent, description: "test", transactionType: "debit" })).status).toBe(200);
    const page = await pageOf(organiser, "en");
    await page.goto(`${h.server.url}/events/${event.slug}/manage`);
    await page.getByRole("button", { name: "Cancel Event" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel Event" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /^Failed to update event status: .+100 G-Coins/ })
      .waitFor();
    expect(await statusOf(organiser, event.slug)).toBe("published");
    expect(await balanceOf(buyer)).toBe(200);
  });
});

describe("assignments panel: the spec's failure texts", () => {
  it('says "Erreur lors du chargement des assignations", "Erreur lors de l\'assignation" and "Erreur lors de la suppression"', async () => {
    const organiser = await funded(2000);
    const event = await publishedEvent(organiser);
    const streamer = await funded(0);
    expect((await (await admin()).put(`/api/admin/users/${streamer.user.id}/role`, { role: "streamer" })).status).toBe(200);
    const page = await pageOf(organiser, "fr");

    await page.route(`**/api/assignments/event/${event.id}`, (route) => route.abort("internetdisconnected"));
    await page.goto(`${h.server.url}/events/${event.slug}/manage`);
    await page.getByRole("tab", { name: "Streamers" }).click();
    await page.getByRole("alert").getByText("Erreur lors du chargement des assignations").waitFor();
    await page.unroute(`**/api/assignments/event/${event.id}`);
    await page.getByRole("button", { name: "Réessayer" }).click();
    await page.getByText("Erreur lors du chargement des assignations").waitFor({ state: "detached" });

    await page.getByLabel("Streamer", { exact: true }).selectOption({ label: streamer.user.username });
    await page.route("**/api/assignments", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Assigner" }).click();
    await page.getByRole("alert").getByText("Erreur lors de l'assignation").waitFor();
    await page.unroute("**/api/assignments");
    await page.getByRole("button", { name: "Assigner" }).click();
    await page.getByText("Streamer assigné.").waitFor();

    await page.route("**/api/assignments/*", (route) => (route.request().method() === "DELETE" ? route.abort("internetdisconnected") : route.fallback()));
    await page.getByRole("button", { name: `Retirer ${streamer.user.username}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Retirer" }).click();
    await page.getByRole("alert").filter({ hasText: "Erreur lors de la suppression" }).waitFor();
    expect((await organiser.browser.get(`/api/assignments/event/${event.id}`)).body.assignments).toHaveLength(1);
  });
});

describe("manage event: the organiser's ticket types (issue 34, item 1)", () => {
  it("adds a type in Settings, which a buyer then buys at exactly the price shown, their wallet down by that much", async () => {
    const organiser = await funded(2000);
    const event = await publishedEvent(organiser);
    const page = await pageOf(organiser, "fr");
    await page.goto(`${h.server.url}/events/${event.slug}/manage`);
    await page.getByRole("tab", { name: "Paramètres" }).click();
    const editor = page.getByRole("region", { name: "Types de billets" });
    await editor
      .getByText("Sans type à vous, cet événement vend les types par défaut : Billet Match : 100 G-Coins, Pass Journée : 200 G-Coins, Pass Complet : 500 G-Coins.", { exact: false })
      .waitFor();
    await editor.getByRole("button", { name: "Ajouter un type" }).click();
    const form = page.getByRole("form", { name: "Nouveau type de billet" });
    await form.getByLabel("Nom du type").fill("Pass soirée");
    await form.getByLabel("Prix (G-Coins)").fill("130");
    await form.getByLabel("Ce qu'il comprend").fill("Boissons\nPlace assise");
    // More than the event's 40 seats: the server's reason shows under the quantity, and nothing is saved.
    await form.getByLabel("Quantité").fill("50");
    await form.getByRole("button", { name: "Enregistrer le type" }).click();
    await form.getByText("Les quantités des types de billets ne peuvent pas dépasser les 40 places de l'événement : il en reste 40 pour ce type.").waitFor();
    await form.getByLabel("Quantité").fill("5");
    await form.getByRole("button", { name: "Enregistrer le type" }).click();
    await page.getByText("Type de billet ajouté.").waitFor();
    const row = editor.getByRole("listitem").filter({ hasText: "Pass soirée" });
    await row.getByText("130 G-Coins", { exact: true }).waitFor();
    await row.getByText("0 billet vendu sur 5").waitFor();

    const buyer = await funded(500);
    const buyerPage = await pageOf(buyer, "fr");
    await buyerPage.goto(`${h.server.url}/events/${event.slug}`);
    const panel = buyerPage.getByRole("region", { name: "Billets" });
    const choice = panel.getByRole("radio", { name: /Pass soirée/ });
    await choice.waitFor();
    expect(await panel.getByRole("radio").count()).toBe(1);
    const shown = panel.locator(".ticket-type").filter({ hasText: "Pass soirée" });
    for (const text of ["130 G-Coins", "Boissons", "Place assise", "5 restants"]) await shown.getByText(text, { exact: true }).waitFor();
    await buyerPage.getByRole("term").filter({ hasText: "Billets" }).waitFor();
    await buyerPage.getByText("130 G-Coins", { exact: true }).first().waitFor();
    await choice.check();
    await panel.getByRole("button", { name: "Acheter le billet" }).click();
    await buyerPage.getByText("Billet acheté avec succès!").first().waitFor();
    // The wallet, read from the server and from the ledger's own lines, is down by the price the panel showed.
    expect(await balanceOf(buyer)).toBe(500 - 130);
    const lines = (await buyer.browser.get("/api/wallet/transactions")).body.transactions as { amount: number; transactionType: string }[];
    expect(lines.filter((line) => line.transactionType === "ticket_purchase").map((line) => line.amount)).toEqual([-130]);
    // The panel now offers another ticket, with one fewer left.
    await buyerPage.getByRole("region", { name: "Acheter un autre billet" }).locator(".ticket-type").filter({ hasText: "Pass soirée" }).getByText("4 restants", { exact: true }).waitFor();
    await page.reload();
    await page.getByRole("tab", { name: "Paramètres" }).click();
    await page.getByRole("region", { name: "Types de billets" }).getByText("1 billet vendu sur 5").waitFor();
  });
});

describe("the money after all this", () => {
  it("leaves every wallet equal to its ledger and no event over its seats", async () => await auditLedger(h.server.deps.db));
});
