import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { closeTestContextsAfterEach } from "../fixtures/e2e.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../fixtures/chromium.ts";
import { signedInUser, startTestServer, type TestServer } from "../fixtures/server.ts";

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
closeTestContextsAfterEach(contexts);
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

async function visitor(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "fr-FR" });
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false, preferences: false, timestamp: 1 })));
  return context;
}

/** A logged-in browser, injected as shell.test.ts does: the session cookie plus the stored session. */
async function loggedIn() {
  const { browser: api, user } = await signedInUser(server);
  const context = await visitor();
  await context.addCookies([{ name: "arena_session", value: api.cookies.get("arena_session")!, url: server.url }]);
  await context.addInitScript((stored) => localStorage.setItem("session", stored), JSON.stringify({ user, isLoggedIn: true }));
  return { context, user, api };
}

/** Plays the first match that can start through its card: Start, the dialog, scores, End, the dialog. */
async function playNextMatch(page: Page, first: boolean) {
  const card = page.locator("article.match-card", { has: page.getByRole("button", { name: "Démarrer", exact: true }) }).first();
  const matchId = await card.getAttribute("data-match-id");
  const match = page.locator(`article[data-match-id="${matchId}"]`);
  await match.getByRole("button", { name: "Démarrer", exact: true }).click();
  const startDialog = page.getByRole("dialog", { name: "Démarrer le match" });
  await startDialog.getByText(/^Démarrer le match entre .+ et .+ \?$/).waitFor();
  await startDialog.getByRole("button", { name: "Démarrer le match" }).click();
  await startDialog.waitFor({ state: "detached" });
  const scores = match.getByRole("spinbutton");
  await scores.first().and(page.locator(":enabled")).waitFor();
  if (first) {
    // Equal scores cannot end an elimination match: the dialog says so and offers no confirm button.
    await scores.nth(0).fill("1");
    await scores.nth(1).fill("1");
    await match.getByRole("button", { name: "Terminer", exact: true }).click();
    const equal = page.getByRole("dialog", { name: "Terminer le match" });
    await equal.getByText("Le score est à égalité !").waitFor();
    expect(await equal.getByRole("button", { name: "Terminer le match" }).count()).toBe(0);
    await equal.getByRole("button", { name: "Annuler" }).click();
    await equal.waitFor({ state: "detached" });
  }
  await scores.nth(0).fill("2");
  await scores.nth(1).fill("1");
  await match.getByRole("button", { name: "Terminer", exact: true }).click();
  const endDialog = page.getByRole("dialog", { name: "Terminer le match" });
  await endDialog.getByText(/^Terminer le match entre .+ et .+ \?$/).waitFor();
  await endDialog.getByRole("button", { name: "Terminer le match" }).click();
  await endDialog.waitFor({ state: "detached" });
  await page.locator(`article[data-match-id="${matchId}"].match-card-finished`).waitFor();
}

describe("a tournament run through the screens", () => {
  it("creates, fills, approves, starts and plays a 4-player single elimination to a champion, live on a second screen", async () => {
    const organiser = await loggedIn();
    const page = await organiser.context.newPage();

    // Create through the form: a game tile, a name, the format and the size.
    await page.goto(`${server.url}/create-tournament`);
    await page.getByRole("button", { name: "Créer le tournoi" }).click();
    await page.getByText("Le nom du tournoi est obligatoire et doit contenir au moins 3 caractères").waitFor();
    await page.getByText("Veuillez sélectionner un jeu").waitFor();
    await page.getByRole("button", { name: "League of Legends" }).click();
    await page.getByLabel("Nom du tournoi").fill("Coupe du LAN");
    await page.getByLabel("Format").selectOption("s_elim");
    await page.getByLabel("Taille").selectOption("4");
    await page.getByRole("button", { name: "Créer le tournoi" }).click();
    await page.waitForURL(/\/dashboard\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").at(-1));
    await page.getByRole("heading", { name: "Coupe du LAN" }).waitFor();
    await page.getByText("En attente", { exact: true }).waitFor();

    // The list shows it to a visitor, who opens it and waits on the Brackets tab.
    const watcherContext = await visitor();
    const watcher = await watcherContext.newPage();
    await watcher.goto(`${server.url}/tournaments`);
    await watcher.getByRole("heading", { name: "Tournois" }).waitFor();
    await watcher.getByRole("link", { name: "Coupe du LAN" }).first().click();
    await watcher.waitForURL(`${server.url}/tournament/${id}`);
    await watcher.getByRole("tab", { name: "Arbre" }).click();
    await watcher.getByText("L'arbre sera disponible dès le début du tournoi").waitFor();

    // The organiser joins from the page (approved at once); three players join through the API.
    await page.goto(`${server.url}/tournament/${id}`);
    await page.getByRole("button", { name: "Rejoindre" }).click();
    await page.getByRole("button", { name: "Participant – quitter le tournoi" }).waitFor();
    const players = [];
    for (let i = 0; i < 3; i++) {
      const player = await signedInUser(server);
      expect((await player.browser.post("/api/tournament/join-tournament", { tournmentID: id, PlayerID: player.user.id })).body.status).toBe("pending");
      players.push(player);
    }

    // Approve the three on the participants screen.
    await page.goto(`${server.url}/dashboard/participants/${id}`);
    await page.getByText("1 / 4").waitFor();
    await page.getByRole("tab", { name: /En attente/ }).click();
    for (const player of players) await page.getByRole("button", { name: `Approuver ${player.user.username}` }).click();
    await page.getByText("Aucun participant").waitFor();
    await page.getByText("4 / 4").waitFor();

    // Seed by hand on the dashboard ("SELECT", then "Select this Team ?"), then start.
    await page.goto(`${server.url}/dashboard/${id}`);
    await page.getByRole("button", { name: "Placer à la main" }).click();
    const seeding = [players[2]!.user, organiser.user, players[0]!.user, players[1]!.user];
    for (const [index, user] of seeding.entries()) {
      await page.locator(".t-seed-row").nth(index).getByRole("button", { name: "CHOISIR" }).click();
      const dialog = page.getByRole("dialog", { name: `Tête de série ${index + 1}` });
      await dialog.getByText("Sélectionner cette équipe ?").first().waitFor();
      await dialog.getByRole("radio", { name: user.username }).check();
      await dialog.getByRole("button", { name: "Choisir" }).click();
      await dialog.waitFor({ state: "detached" });
    }
    await page.getByRole("button", { name: "Démarrer avec ce classement" }).click();
    await page.getByText("Commencé", { exact: true }).waitFor();
    // Seeds 1 and 2 are on opposite halves: they do not meet in the first round.
    const firstRound = (await organiser.api.get(`/api/tournament/rounds/${id}`)).body.data[0].seeds as { teams: { playerID: number | null }[] }[];
    const pairings = firstRound.map((seed) => seed.teams.map((team) => team.playerID));
    expect(pairings.some((pair) => pair.includes(seeding[0]!.id) && pair.includes(seeding[1]!.id))).toBe(false);
    expect(pairings.some((pair) => pair.includes(seeding[0]!.id) && pair.includes(seeding[3]!.id))).toBe(true);

    // The watcher's page draws the bracket by itself.
    await watcher.locator("article.match-card").first().waitFor();
    expect(await watcher.locator("article.match-card").count()).toBe(3);
    expect(await watcher.getByRole("button", { name: "Démarrer", exact: true }).count()).toBe(0);

    // Play the three matches through the cards.
    await page.goto(`${server.url}/tournament/${id}`);
    await page.getByRole("tab", { name: "Arbre" }).click();
    await page.locator("article.match-card").first().waitFor();
    for (let i = 0; i < 3; i++) await playNextMatch(page, i === 0);
    await page.locator(".champion-card").waitFor();

    // The watcher saw every match end and the champion, without reloading.
    await watcher.locator(".champion-card").waitFor();
    expect(await watcher.locator("article.match-card.match-card-finished").count()).toBe(3);
    const champion = (await watcher.locator(".champion-name").textContent())!.trim();
    const after = (await organiser.api.get(`/api/tournament/${id}`)).body;
    expect(after.isFinished).toBe(true);
    const names = new Map([[organiser.user.id, organiser.user.username], ...players.map((p) => [p.user.id, p.user.username] as [number, string])]);
    expect(names.get(after.championId)).toBe(champion);
  });
});

describe("the create form's game picker", () => {
  it("offers six tiles, the rest of the catalogue in a list, and 'Other Game' opening a search of at most 4 results", async () => {
    const { context } = await loggedIn();
    const page = await context.newPage();
    await page.goto(`${server.url}/create-tournament`);
    const tiles = page.locator(".game-tiles .game-tile:not(.game-tile-search)");
    await tiles.first().waitFor();
    expect(await tiles.count()).toBe(6);

    // A game past the tiles comes from the list.
    const list = page.getByLabel("Plus de jeux");
    const seventh = (await list.locator("option").nth(1).textContent())!;
    await list.selectOption({ label: seventh });
    await page.getByText(`Jeu choisi : ${seventh}`).waitFor();

    // "Other Game" opens the search, which waits for a term and shows at most 4 games.
    expect(await page.getByLabel("Rechercher un jeu").count()).toBe(0);
    await list.selectOption({ label: "Autre jeu" });
    const search = page.getByLabel("Rechercher un jeu");
    await search.fill("a");
    await page.locator(".game-results .game-result").first().waitFor();
    expect(await page.locator(".game-results .game-result").count()).toBeLessThanOrEqual(4);
    await search.fill("valo");
    await page.getByRole("button", { name: "Valorant" }).last().click();
    await page.getByText("Jeu choisi : Valorant").waitFor();
  });
});
