import { describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { contextFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { signedInUser } from "../fixtures/server.ts";
import { createdTournament } from "../fixtures/tournaments.ts";

/** Spec 02 §2 (the card's Report) and §8 (tournament errors): what the screens say when a call fails, in chromium. */
const env = useServerAndBrowser();

type Player = Awaited<ReturnType<typeof signedInUser>>;

const open = async (user: Player | null, language: "fr" | "en" = "fr"): Promise<Page> => (await contextFor(env, user, { language })).newPage();

const create = (organiser: Player, fields: Record<string, string> = {}) => createdTournament(organiser, { tournamentName: "Coupe des erreurs", timeZone: "Europe/Paris", ...fields });

/** A toast (not the inline text) with exactly this text. */
const toast = (page: Page, text: string) => page.locator(".toast", { hasText: text }).first();

describe("tournament errors (spec 02 §8)", () => {
  it("reports a tournament from its card's menu with the report dialog", async () => {
    const organiser = await signedInUser(env.server);
    const id = await create(organiser, { tournamentName: "Coupe signalée" });
    const reporter = await signedInUser(env.server);
    const page = await open(reporter);
    await page.goto(`${env.server.url}/tournaments`);
    const card = page.locator(".t-card", { hasText: "Coupe signalée" });
    await card.getByRole("button", { name: "Options du tournoi" }).click();
    const report = card.getByRole("menuitem", { name: "Signaler" });
    expect(await report.isEnabled()).toBe(true);
    await report.click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Coupe signalée");
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/report") && request.method() === "POST");
    await dialog.getByRole("radio").first().check();
    await dialog.getByRole("button", { name: "Signaler" }).click();
    const body = (await sent).postDataJSON() as { targetType: string; targetId: unknown };
    expect({ targetType: body.targetType, targetId: String(body.targetId) }).toEqual({ targetType: "tournament", targetId: String(id) });
    await dialog.waitFor({ state: "detached" });
  });

  // One test per language: each opens five pages, all of them in one test outgrew its limit on a busy machine.
  const loadFailures = [
    { status: 401, contentType: "application/json", body: JSON.stringify({ success: false, code: "unauthorized", msg: "x", errorMessage: "x" }), fr: "Non autorisé", en: "Unauthorized access" },
    { status: 200, contentType: "text/html", body: "<!doctype html><title>not the API</title>", fr: "Erreur de configuration", en: "Configuration error" },
    { status: 500, contentType: "application/json", body: JSON.stringify({ success: false }), fr: "Erreur lors du chargement du tournoi", en: "Error loading tournament" },
  ];
  const texts = {
    fr: { notFound: "Tournoi introuvable", offline: "Erreur lors du chargement du tournoi" },
    en: { notFound: "Tournament not found", offline: "Error loading tournament" },
  };
  for (const language of ["fr", "en"] as const) {
    it(`toasts "${texts[language].notFound}" (404), then the texts of a 401, a page that is not the API and a failed load, in ${language === "fr" ? "French" : "English"}`, async () => {
      const missing = await open(null, language);
      await missing.goto(`${env.server.url}/tournament/999999`);
      await toast(missing, texts[language].notFound).waitFor();
      if (language === "fr") expect(await missing.getByRole("button", { name: "Réessayer" }).count()).toBe(1);

      const id = await create(await signedInUser(env.server));
      for (const failure of loadFailures) {
        const page = await open(null, language);
        await page.route(`**/api/tournament/getTournament/${id}`, (route) => route.fulfill({ status: failure.status, contentType: failure.contentType, body: failure.body }));
        await page.goto(`${env.server.url}/tournament/${id}`);
        await toast(page, failure[language]).waitFor();
      }
      // The network down: the generic load text.
      const offline = await open(null, language);
      await offline.route(`**/api/tournament/getTournament/${id}`, (route) => route.abort());
      await offline.goto(`${env.server.url}/tournament/${id}`);
      await toast(offline, texts[language].offline).waitFor();
    });
  }

  it('says the server\'s errorMessage, else "Network error - please check your connection", else "Error creating tournament", and "Tournament created but ID not found"', async () => {
    const organiser = await signedInUser(env.server);
    const page = await open(organiser);
    await page.goto(`${env.server.url}/create-tournament`);
    await page.getByLabel("Nom du tournoi").fill("Coupe qui échoue");
    await page.locator(".game-tile:not(.game-tile-search)").first().click();
    const submit = page.locator("form.t-form button[type=submit]");
    const answers: ((route: import("playwright-core").Route) => Promise<void>)[] = [
      (route) => route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify({ success: false, errorMessage: "Ce nom est déjà pris" }) }),
      (route) => route.abort(),
      (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ success: false }) }),
      (route) => route.fulfill({ status: 201, contentType: "application/json", body: JSON.stringify({ success: true }) }),
    ];
    const expected = ["Ce nom est déjà pris", "Erreur réseau - vérifiez votre connexion", "Erreur lors de la création du tournoi", "Tournoi créé, mais son identifiant est introuvable"];
    for (const [i, answer] of answers.entries()) {
      await page.route("**/api/tournament/create-tournament", answer);
      await submit.click();
      await toast(page, expected[i]!).waitFor();
      await page.unroute("**/api/tournament/create-tournament");
      await page.evaluate(() => document.querySelectorAll(".toast button").forEach((b) => (b as HTMLButtonElement).click()));
    }
    // The English texts.
    const en = await open(organiser, "en");
    await en.goto(`${env.server.url}/create-tournament`);
    await en.getByLabel("Tournament name").fill("Failing cup");
    await en.locator(".game-tile:not(.game-tile-search)").first().click();
    await en.route("**/api/tournament/create-tournament", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await en.locator("form.t-form button[type=submit]").click();
    await toast(en, "Error creating tournament").waitFor();
    await en.unroute("**/api/tournament/create-tournament");
    await en.route("**/api/tournament/create-tournament", (route) => route.abort());
    await en.locator("form.t-form button[type=submit]").click();
    await toast(en, "Network error - please check your connection").waitFor();
  });

  it('toasts "Error starting tournament" when the start fails, and "Tournament started" when it succeeds', async () => {
    const organiser = await signedInUser(env.server);
    const id = await create(organiser, { size: "4" });
    await organiser.browser.post("/api/tournament/join-tournament", { tournmentID: id });
    for (let i = 1; i < 4; i++) {
      const player = await signedInUser(env.server);
      await player.browser.post("/api/tournament/join-tournament", { tournmentID: id });
    }
    for (const p of (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body.filter((p: { status: string }) => p.status === "pending")) {
      expect((await organiser.browser.put("/api/tournament/approve-player", { tournmentID: id, PlayerID: p.id })).status).toBe(200);
    }
    const page = await open(organiser);
    await page.goto(`${env.server.url}/dashboard/${id}`);
    const start = page.locator(".page-header").getByRole("button", { name: "Démarrer", exact: true });
    await start.waitFor();
    await page.route("**/api/tournament/start-tournament", (route) =>
      route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify({ success: false, code: "conflict", msg: "Le serveur refuse", errorMessage: "Le serveur refuse" }) }),
    );
    await start.click();
    await toast(page, "Erreur lors du démarrage du tournoi").waitFor();
    expect(await toast(page, "Le serveur refuse").count()).toBe(0);
    await page.unroute("**/api/tournament/start-tournament");
    await start.click();
    await toast(page, "Tournoi démarré").waitFor();
    expect((await organiser.browser.get(`/api/tournament/${id}`)).body.isActive).toBe(true);
  });
});
