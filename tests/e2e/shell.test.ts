import { describe, expect, it } from "bun:test";
import type { Route } from "playwright-core";
import { contextFor, newMemberContext, pageFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { signedInUser } from "../fixtures/server.ts";

const env = useServerAndBrowser();

const visitor = (viewport?: { width: number; height: number }) => contextFor(env, null, { viewport });
const loggedIn = (viewport?: { width: number; height: number }) => newMemberContext(env, { viewport });

describe("the shell", () => {
  it("draws the 404 page for an unknown path, and Back Home goes home", async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/terms-of-services`);
    await page.getByRole("heading", { name: "Page non trouvée" }).waitFor();
    await page.getByRole("link", { name: "Retour à l'accueil" }).click();
    await page.waitForURL(`${env.server.url}/`);
    await page.getByRole("heading", { name: "Bienvenue sur Arena" }).waitFor();
    await context.close();
  });

  it("draws the blocked, forbidden, unauthorized and server-error pages with spec 01 §8's texts", async () => {
    const context = await visitor();
    const page = await context.newPage();
    const pages: [string, string, string][] = [
      ["/blocked", "Accès bloqué", "Quelque chose vous empêche d'accéder à nos serveurs."],
      ["/forbidden", "Accès interdit", "Vous n'avez pas la permission de voir cette page."],
      ["/unauthorized", "Non autorisé", "Connectez-vous pour accéder à cette page."],
      ["/server-error", "Erreur serveur interne", "Nous rencontrons des problèmes de service."],
    ];
    for (const [path, title, text] of pages) {
      await page.goto(`${env.server.url}${path}`);
      await page.getByRole("heading", { name: title }).waitFor();
      await page.getByText(text).waitFor();
      await page.getByRole("main").getByRole("link", { name: "Retour à l'accueil" }).waitFor();
    }
    await context.close();
  });

  it("opens the sign-up tab when a visitor asks to go live", async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(env.server.url);
    await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("button", { name: "Lancer un live" }).click();
    await page.getByRole("dialog").getByRole("tab", { name: "Inscription", selected: true }).waitFor();
    await context.close();
  });

  it("sends /video/1 to the newest replay, and says when there is none yet", async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/video/1`);
    await page.getByRole("heading", { name: "Aucune vidéo pour l'instant" }).waitFor();
    await page.getByRole("link", { name: "Retour à l'accueil" }).waitFor();
    await context.close();
  });

  it("matches /Tournaments like /tournaments", async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/Tournaments`);
    await page.getByRole("heading", { name: "Tournois" }).waitFor();
    await context.close();
  });

  it("shows a visitor Login and Sign Up, and a user the bell and the avatar menu", async () => {
    const guest = await visitor();
    const guestPage = await guest.newPage();
    await guestPage.goto(env.server.url);
    await guestPage.getByRole("button", { name: "Connexion" }).waitFor();
    await guestPage.getByRole("button", { name: "Inscription" }).waitFor();
    expect(await guestPage.getByRole("link", { name: "Mes événements" }).count()).toBe(0);
    await guest.close();

    const { context, user } = await loggedIn();
    const page = await context.newPage();
    await page.goto(env.server.url);
    await page.getByRole("link", { name: "Notifications" }).waitFor();
    await page.getByRole("link", { name: "Mes événements" }).waitFor();
    await page.getByRole("button", { name: "Menu du compte" }).click();
    await page.getByText(user.username, { exact: true }).waitFor();
    for (const item of ["Profil", "Tableau de bord", "Aperçu de mon live", "Paramètres", "Déconnexion"]) await page.getByRole("menuitem", { name: item }).waitFor();
    await page.getByRole("menuitem", { name: "Aperçu de mon live" }).click();
    await page.waitForURL(`${env.server.url}/preview`);
    await context.close();
  });

  it("ends a stored session that /api/auth/me refuses: quietly on a 401, with 'Your session expired.' on a 403", async () => {
    for (const [status, toast] of [
      [401, null],
      [403, "Votre session a expiré."],
    ] as const) {
      const { context } = await loggedIn();
      await context.route("**/api/auth/me", (route) => route.fulfill({ status, json: { success: false, code: status === 401 ? "unauthorized" : "forbidden", msg: "no" } }));
      const page = await context.newPage();
      await page.goto(env.server.url);
      await page.getByRole("banner").getByRole("button", { name: "Connexion" }).waitFor();
      if (toast) await page.locator(".toaster").getByText(toast).waitFor();
      else expect(await page.locator(".toaster").getByText("Votre session a expiré.").count()).toBe(0);
      await context.close();
    }
  });

  it("keeps the session when the logout call fails, and says why (spec 01 §8)", async () => {
    const { context } = await loggedIn();
    const page = await context.newPage();
    await page.goto(env.server.url);
    const answers: [(route: Route) => Promise<void>, string][] = [
      [(route) => route.fulfill({ status: 500, json: { success: false, code: "internal", msg: "boom" } }), "Erreur serveur interne"],
      [(route) => route.abort("connectionrefused"), "Nous rencontrons des problèmes de service."],
    ];
    for (const [answer, text] of answers) {
      await page.route("**/api/auth/logout", answer);
      const logoutItem = page.getByRole("menuitem", { name: "Déconnexion" });
      if (!(await logoutItem.isVisible())) await page.getByRole("button", { name: "Menu du compte" }).click();
      await logoutItem.click();
      await page.locator(".toaster").getByText(text).waitFor();
      await page.unroute("**/api/auth/logout");
    }
    await page.getByRole("button", { name: "Menu du compte" }).waitFor();
    await context.close();
  });

  it("remembers the collapsed sidebar across reloads", async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(env.server.url);
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    expect(await nav.getAttribute("class")).not.toContain("sidebar-collapsed");
    await page.getByRole("button", { name: "Menu" }).click();
    expect(await nav.getAttribute("class")).toContain("sidebar-collapsed");
    await page.reload();
    expect(await page.getByRole("navigation", { name: "Navigation principale" }).getAttribute("class")).toContain("sidebar-collapsed");
    await context.close();
  });

  it("collapses the sidebar below 1200 px and turns it into a drawer on phones", async () => {
    const tablet = await visitor({ width: 1024, height: 768 });
    const tabletPage = await tablet.newPage();
    await tabletPage.goto(env.server.url);
    expect(await tabletPage.getByRole("navigation", { name: "Navigation principale" }).getAttribute("class")).toContain("sidebar-collapsed");
    await tablet.close();

    const phone = await visitor({ width: 375, height: 812 });
    const page = await phone.newPage();
    await page.goto(env.server.url);
    await page.getByRole("button", { name: "Connexion" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await page.getByRole("navigation", { name: "Navigation principale" }).count()).toBe(0);
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Tournois" }).click();
    await page.waitForURL(`${env.server.url}/tournaments`);
    expect(await page.getByRole("navigation", { name: "Navigation principale" }).count()).toBe(0);
    await page.getByRole("button", { name: "Lancer un live" }).click();
    await page.getByRole("dialog").waitFor();
    await phone.close();
  });

  it("lets a phone at 390 px search, sign up, and change theme and language from the drawer (issue 34, item 8)", async () => {
    const { user: streamer } = await signedInUser(env.server);
    const phone = await visitor({ width: 390, height: 844 });
    const page = await phone.newPage();
    await page.goto(env.server.url);
    // Sign-up is one tap away, beside sign-in, and the bar still fits.
    await page.getByRole("button", { name: "Inscription" }).click();
    await page.getByRole("dialog").getByRole("tab", { name: "Inscription", selected: true }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The search opens across the screen, ready to type; a result or Enter closes it.
    await page.getByRole("button", { name: "Rechercher" }).click();
    const field = page.getByRole("combobox", { name: "Rechercher" });
    await field.waitFor();
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    await field.fill(streamer.username);
    await page.getByRole("option", { name: new RegExp(streamer.username) }).waitFor();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${env.server.url}/search/${streamer.username}`);
    expect(await page.getByRole("combobox", { name: "Rechercher" }).count()).toBe(0);

    // Theme and language wait in the menu's drawer.
    await page.getByRole("button", { name: "Menu" }).click();
    const drawer = page.getByRole("navigation", { name: "Navigation principale" });
    const theme = await page.evaluate(() => document.documentElement.dataset.theme);
    await drawer.getByRole("button", { name: theme === "dark" ? "Passer au thème clair" : "Passer au thème sombre" }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme === "dark" ? "light" : "dark");
    await drawer.getByRole("combobox", { name: "Langue" }).selectOption("en");
    await page.getByRole("button", { name: "Sign Up" }).waitFor();
    await phone.close();

    // A member's bar fits a 375 px phone too, with the search button.
    const member = await loggedIn({ width: 375, height: 812 });
    const memberPage = await member.context.newPage();
    await memberPage.goto(env.server.url);
    await memberPage.getByRole("button", { name: "Rechercher" }).waitFor();
    expect(await memberPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await member.context.close();
  });

  it("hides the frame on the password screens and slims it on the guide", async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/reset-password`);
    await page.waitForLoadState("networkidle");
    expect(await page.getByRole("banner").count()).toBe(0);
    await page.goto(`${env.server.url}/how-to-stream`);
    await page.getByRole("link", { name: "Arena, accueil" }).first().waitFor();
    expect(await page.getByRole("button", { name: "Menu" }).count()).toBe(0);
    expect(await page.getByRole("navigation", { name: "Navigation principale" }).count()).toBe(0);
    await context.close();
  });

  // One way to show a query's states (client/components/query-state.tsx): a screen waiting is aria-busy, a failure is
  // an alert with the screen's words and a Retry that loads again. The list's call fails because the test says so.
  const listTexts = {
    fr: { loading: "Chargement des tournois...", failed: "Erreur lors du chargement des tournois", retry: "Réessayer", title: "Tournois" },
    en: { loading: "Loading tournaments...", failed: "Error loading tournaments", retry: "Retry", title: "Tournaments" },
  };
  for (const language of ["fr", "en"] as const) {
    it(`says a list is loading, then that it failed with a Retry that loads it again, in ${language === "fr" ? "French" : "English"}`, async () => {
      const texts = listTexts[language];
      const page = await pageFor(env, null, { language });
      let answer: () => void = () => undefined;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route("**/api/tournament/all", async (route) => {
        await answered;
        await route.fulfill({ status: 500, json: { success: false, code: "internal", msg: "down" } });
      });
      await page.goto(`${env.server.url}/tournaments`);
      const waiting = page.locator("[aria-busy='true']:not(button)");
      await waiting.getByText(texts.loading).waitFor();
      expect(await waiting.getAttribute("role")).toBe("status");
      answer();
      const failure = page.getByRole("alert").filter({ hasText: texts.failed });
      await failure.waitFor();
      expect(await waiting.count()).toBe(0);
      expect(await page.getByText(texts.loading).count()).toBe(0);
      await page.unroute("**/api/tournament/all");
      await failure.getByRole("button", { name: texts.retry }).click();
      await failure.waitFor({ state: "detached" });
      await page.getByRole("heading", { level: 1, name: texts.title }).waitFor();
      await page.waitForFunction(() => document.querySelector("[aria-busy='true']:not(button)") === null);
      expect(await page.getByRole("alert").filter({ hasText: texts.failed }).count()).toBe(0);
    });
  }

  it("draws the router's error page inside the frame when a screen throws, and Retry draws the screen again", async () => {
    for (const language of ["fr", "en"] as const) {
      const page = await pageFor(env, null, { language });
      // An answer of a shape the list cannot draw: the screen throws while rendering.
      await page.route("**/api/tournament/all", (route) => route.fulfill({ json: { unexpected: true } }));
      await page.goto(`${env.server.url}/tournaments`);
      const alert = page.getByRole("main").getByRole("alert");
      await alert.getByRole("heading", { level: 1, name: language === "fr" ? "Une erreur est survenue" : "Something went wrong" }).waitFor();
      await alert.getByText(language === "fr" ? "Cette page n'a pas pu s'afficher. Réessayez, ou revenez à l'accueil." : "This page could not be shown. Try again, or go back home.").waitFor();
      await alert.getByRole("link", { name: language === "fr" ? "Retour à l'accueil" : "Back Home" }).waitFor();
      // The frame is still there: the top bar's search and the sidebar.
      await page.getByRole("navigation", { name: language === "fr" ? "Navigation principale" : "Main navigation" }).waitFor();
      expect(await page.getByText("Something went wrong!").count()).toBe(0);
      await page.unroute("**/api/tournament/all");
      await alert.getByRole("button", { name: language === "fr" ? "Réessayer" : "Retry" }).click();
      await page.getByRole("heading", { level: 1, name: language === "fr" ? "Tournois" : "Tournaments" }).waitFor();
      expect(await page.getByRole("alert").count()).toBe(0);
    }
  });

  it("shows the query states on the components page: busy while pending, an alert whose Retry loads, then the content", async () => {
    const page = await pageFor(env, null, { language: "fr" });
    await page.goto(`${env.server.url}/components`);
    const section = page.locator("section").filter({ has: page.getByRole("heading", { name: "États d'une requête" }) });
    await section.getByText("Les données sont arrivées.").waitFor();
    expect(await section.locator("[aria-busy='true']").count()).toBe(0);
    await section.getByRole("button", { name: "En chargement" }).click();
    const busy = section.getByRole("status");
    await busy.waitFor();
    expect(await busy.getAttribute("aria-busy")).toBe("true");
    expect(await busy.textContent()).toBe("Chargement…");
    await section.getByRole("button", { name: "Échec" }).click();
    const failure = section.getByRole("alert");
    await failure.getByText("Le serveur n'a pas répondu.").waitFor();
    expect(await section.locator("[aria-busy='true']").count()).toBe(0);
    await failure.getByRole("button", { name: "Réessayer" }).click();
    await section.getByText("Les données sont arrivées.").waitFor();
    expect(await section.getByRole("alert").count()).toBe(0);
    expect(await section.locator("[aria-busy='true']").count()).toBe(0);
  });

  it("closes toasts by themselves", async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/components`);
    await page.getByRole("button", { name: "Toast de succès" }).click();
    const toast = page.locator(".toaster .toast").filter({ hasText: "Paramètres de la chaîne enregistrés" });
    await toast.waitFor();
    const shownAt = Date.now();
    await toast.waitFor({ state: "detached", timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
    await context.close();
  });

  it("opens a modal that Escape closes", async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/components`);
    await page.getByRole("button", { name: "Ouvrir une fenêtre" }).click();
    await page.getByRole("dialog", { name: "Une fenêtre" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await context.close();
  });
});
