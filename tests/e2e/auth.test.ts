import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Browser, BrowserContext, Locator, Page, Route } from "playwright-core";
import { launchChromium } from "../fixtures/chromium.ts";
import { visitorContext, closeTestContextsAfterEach } from "../fixtures/e2e.ts";
import { latestMailLink } from "../fixtures/mail.ts";
import { type OAuthProvider, startServerWithProviders } from "../fixtures/oauth-provider.ts";
import { Browser as ApiClient, newAccount, startTestServer, type TestServer } from "../fixtures/server.ts";

// One chromium for the whole file; each describe below starts the server it needs (plain, captcha on, providers on).
let browser: Browser;
let server: TestServer;
const contexts: BrowserContext[] = [];
closeTestContextsAfterEach(contexts);

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startTestServer()]);
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
  await server?.stop();
});

/** A fresh visitor's context; waits give up after 10 s, well before the test's own 30 s, so a failure names its step. */
async function newVisitor(viewport?: { width: number; height: number }): Promise<BrowserContext> {
  const context = await visitorContext(browser, viewport);
  context.setDefaultTimeout(10_000);
  contexts.push(context);
  return context;
}

async function visit(base: string, path = "/", viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await newVisitor(viewport)).newPage();
  await page.goto(base + path);
  return page;
}

const dialog = (page: Page) => page.getByRole("dialog");
const toast = (page: Page, text: string) => page.locator(".toaster").getByText(text, { exact: true });
/** Closes the toasts on screen, so the next one looked for is really new. */
async function dismissToasts(page: Page) {
  const close = page.locator(".toaster").getByRole("button", { name: "Fermer" });
  while ((await close.count()) > 0)
    await close
      .first()
      .click({ timeout: 1000 })
      .catch(() => undefined);
}
/** Waits until exactly `count` elements read `text`. */
async function expectTexts(scope: Locator, text: string, count: number) {
  await scope
    .getByText(text, { exact: true })
    .nth(count - 1)
    .waitFor();
  expect(await scope.getByText(text, { exact: true }).count()).toBe(count);
}
const accountMenu = (page: Page) => page.getByRole("button", { name: "Menu du compte" });

async function openTab(page: Page, tab: "Connexion" | "Inscription"): Promise<Locator> {
  if (!(await dialog(page).isVisible())) await page.getByRole("banner").getByRole("button", { name: "Connexion" }).click();
  await dialog(page).getByRole("tab", { name: tab }).click();
  return dialog(page);
}

async function fillSignup(modal: Locator, account: { username: string; email: string; password: string }, confirmation = account.password) {
  await modal.getByLabel("Nom d'utilisateur").fill(account.username);
  await modal.getByLabel("Email").fill(account.email);
  await modal.getByLabel("Mot de passe", { exact: true }).fill(account.password);
  await modal.getByLabel("Confirmer le mot de passe").fill(confirmation);
}

async function signUp(page: Page, account: ReturnType<typeof newAccount>) {
  const modal = await openTab(page, "Inscription");
  await fillSignup(modal, account);
  await modal.getByRole("checkbox", { name: /J'accepte les conditions générales/ }).check();
  await modal.getByRole("button", { name: "S'inscrire" }).click();
  await toast(page, "Compte créé ! Vérifiez votre email pour activer votre compte.").waitFor();
  await modal.waitFor({ state: "detached" });
}

async function logIn(page: Page, login: string, password: string, options: { remember?: boolean } = {}) {
  const modal = await openTab(page, "Connexion");
  await modal.getByLabel("Nom d'utilisateur ou email").fill(login);
  await modal.getByLabel("Mot de passe").fill(password);
  if (options.remember) await modal.getByRole("checkbox", { name: "Se souvenir de moi" }).check();
  await submitLogin(page, () => modal.getByRole("button", { name: "Se connecter" }).click());
}

/** A login ends with a reload (spec 01 §4): wait for it, not just for the top bar, which changes before. */
async function submitLogin(page: Page, submit: () => Promise<void>) {
  const reloaded = page.waitForEvent("load");
  await submit();
  await reloaded;
  await accountMenu(page).waitFor();
}

async function logOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole("menuitem", { name: "Déconnexion" }).click();
  await page.getByRole("banner").getByRole("button", { name: "Connexion" }).waitFor();
}

/** An account made through the API, as when it signed up earlier. */
async function existingAccount(base: string) {
  const account = newAccount();
  const answer = await new ApiClient(base).post("/api/auth/signup", account);
  expect(answer.status).toBe(200);
  return account;
}

describe("sign-up", () => {
  it("shows the spec's messages under each field, then creates the account and closes", async () => {
    const page = await visit(server.url);
    const modal = await openTab(page, "Inscription");
    await modal.getByRole("button", { name: "S'inscrire" }).click();
    await expectTexts(modal, "Champ vide", 4);
    await modal.getByText("Vous devez accepter les conditions d'utilisation").waitFor();
    // Focus goes to the first field in trouble.
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === "username");

    await fillSignup(modal, { username: "ab", email: "not-an-email", password: "short" }, "other");
    await modal.getByRole("button", { name: "S'inscrire" }).click();
    for (const message of [
      "Le nom d'utilisateur doit contenir au moins 3 caractères",
      "Email non valide",
      "Le mot de passe doit contenir au moins 8 caractères !",
      "La confirmation du mot de passe est différente",
    ]) {
      await modal.getByText(message).waitFor();
    }
    await fillSignup(modal, { username: "a".repeat(21), email: "ok@example.test", password: "long enough" }, "long enough");
    await modal.getByRole("button", { name: "S'inscrire" }).click();
    await modal.getByText("Le nom d'utilisateur doit contenir moins de 20 caractères").waitFor();

    await signUp(page, newAccount());
  });

  it("puts the server's per-field messages under the fields, with 'Please fix the form errors'", async () => {
    const taken = await existingAccount(server.url);
    const page = await visit(server.url, "/?auth=signup");
    const modal = dialog(page);
    await modal.getByRole("tab", { name: "Inscription", selected: true }).waitFor();
    await fillSignup(modal, { ...newAccount(), username: taken.username });
    await modal.getByRole("checkbox").check();
    await modal.getByRole("button", { name: "S'inscrire" }).click();
    await toast(page, "Corrigez les erreurs du formulaire et réessayez.").waitFor();
    await modal.getByText("Ce nom d'utilisateur est déjà pris.").waitFor();
    expect(await modal.getByLabel("Nom d'utilisateur").getAttribute("aria-invalid")).toBe("true");
  });

  it("answers a dead server with the network text and a bare failure with 'Signup failed: {status} {statusText}'", async () => {
    const page = await visit(server.url, "/?auth=signup");
    const modal = dialog(page);
    await fillSignup(modal, newAccount());
    await modal.getByRole("checkbox").check();
    const answers: [(route: Route) => Promise<void>, string | RegExp][] = [
      [(route) => route.abort("connectionrefused"), "Erreur réseau, vérifiez votre connexion."],
      [(route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }), /^Échec de l'inscription : 502/],
    ];
    for (const [answer, message] of answers) {
      await dismissToasts(page);
      await page.route("**/api/auth/signup", answer);
      await modal.getByRole("button", { name: "S'inscrire" }).click();
      await page.locator(".toaster").getByText(message).waitFor();
      await page.unroute("**/api/auth/signup");
    }
    expect(await modal.isVisible()).toBe(true);
  });
});

describe("login", () => {
  it("checks a value with @ as an email and anything else as a username", async () => {
    const page = await visit(server.url);
    const modal = await openTab(page, "Connexion");
    await modal.getByRole("button", { name: "Se connecter" }).click();
    await expectTexts(modal, "Champ vide", 2);
    await modal.getByLabel("Nom d'utilisateur ou email").fill("someone@");
    await modal.getByLabel("Mot de passe").fill("short");
    await modal.getByRole("button", { name: "Se connecter" }).click();
    await modal.getByText("Email non valide").waitFor();
    await modal.getByText("Le mot de passe doit contenir au moins 8 caractères !").waitFor();
    await modal.getByLabel("Nom d'utilisateur ou email").fill("ab");
    await modal.getByRole("button", { name: "Se connecter" }).click();
    await modal.getByText("Le nom d'utilisateur doit contenir au moins 3 caractères").waitFor();
    // No provider is configured on this server: no provider button.
    expect(await modal.getByRole("button", { name: /Continuer avec/ }).count()).toBe(0);
  });

  it("signs up, logs in by username with a welcome the first time, logs out from the avatar menu, logs in by email", async () => {
    const account = newAccount();
    const page = await visit(server.url);
    await signUp(page, account);
    await logIn(page, account.username, account.password);
    await toast(page, `Bienvenue sur Arena, ${account.username} !`).waitFor();
    await logOut(page);
    await logIn(page, account.email, account.password);
    expect(await toast(page, `Bienvenue sur Arena, ${account.username} !`).count()).toBe(0);
  });

  it("is operable from the keyboard alone", async () => {
    const account = await existingAccount(server.url);
    const page = await visit(server.url);
    await page.getByRole("banner").getByRole("button", { name: "Connexion" }).focus();
    await page.keyboard.press("Enter");
    const field = dialog(page).getByLabel("Nom d'utilisateur ou email");
    await field.waitFor();
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === "login");
    await page.keyboard.type(account.username);
    await page.keyboard.press("Tab");
    await page.keyboard.type(account.password);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    expect(await dialog(page).getByRole("checkbox", { name: "Se souvenir de moi" }).isChecked()).toBe(true);
    await page.keyboard.press("Shift+Tab");
    await submitLogin(page, () => page.keyboard.press("Enter"));
  });

  it("answers wrong credentials with the server's 'Identifiants invalides.' and a dead server with the network text", async () => {
    const page = await visit(server.url);
    const modal = await openTab(page, "Connexion");
    await modal.getByLabel("Nom d'utilisateur ou email").fill("nobody_here");
    await modal.getByLabel("Mot de passe").fill("wrong password");
    await modal.getByRole("button", { name: "Se connecter" }).click();
    await toast(page, "Identifiants invalides.").waitFor();

    // Spec 01 §8's other answers, played by the network: none at all, one with neither field nor message, success false.
    const answers: [(route: Route) => Promise<void>, string][] = [
      [(route) => route.abort("connectionrefused"), "Erreur réseau ou serveur injoignable."],
      [(route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }), "Identifiants invalides."],
      [(route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ success: false }) }), "Échec de la connexion"],
    ];
    for (const [answer, message] of answers) {
      await dismissToasts(page);
      await page.route("**/api/auth/login", answer);
      await modal.getByRole("button", { name: "Se connecter" }).click();
      await toast(page, message).waitFor();
      await page.unroute("**/api/auth/login");
    }
  });

  it("keeps a 30-day cookie with remember me, and a browser-session cookie without", async () => {
    for (const remember of [true, false]) {
      const account = await existingAccount(server.url);
      const page = await visit(server.url);
      await logIn(page, account.username, account.password, { remember });
      const cookie = (await page.context().cookies()).find((c) => c.name === "arena_session");
      expect(cookie).toBeDefined();
      if (remember) {
        const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(29.9);
        expect(days).toBeLessThanOrEqual(30);
      } else expect(cookie!.expires).toBe(-1);
      expect(cookie!.httpOnly).toBe(true);
    }
  });

  it("sends a visitor on a guarded route home with the modal open, and back to a clean address after the login", async () => {
    const account = await existingAccount(server.url);
    const page = await visit(server.url, "/settings");
    await page.waitForURL(/\/\?noAuth=true$/);
    await page.getByRole("dialog", { name: "Connexion à Arena" }).waitFor();
    await logIn(page, account.username, account.password);
    expect(new URL(page.url()).search).toBe("");
    expect(await dialog(page).count()).toBe(0);
  });

  it("closing the modal opened by a guarded route drops the noAuth flag", async () => {
    const page = await visit(server.url, "/settings");
    await page.getByRole("dialog", { name: "Connexion à Arena" }).waitFor();
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => url.search === "");
    await page.reload();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await dialog(page).count()).toBe(0);
  });
});

describe("addresses the server sends people to", () => {
  it("greets a verified address and warns about a bad link, then cleans the address", async () => {
    const page = await visit(server.url, "/?verified=true");
    await toast(page, "Votre adresse email est vérifiée.").waitFor();
    await page.waitForURL((url) => url.search === "");
    await page.goto(`${server.url}/?verified=false`);
    await toast(page, "Ce lien de vérification est invalide ou a expiré.").waitFor();
    await page.waitForURL((url) => url.search === "");
  });

  it("reports a failed provider sign-in that came back without a popup", async () => {
    const page = await visit(server.url, "/?oauthsuccess=false&error=oauth_failed");
    await toast(page, "La connexion avec le fournisseur a échoué, veuillez réessayer.").waitFor();
    await page.waitForURL((url) => url.search === "");
  });
});

describe("forgotten password", () => {
  it("checks the address, mails a link, sets a new password on /new-password, and logs in with it", async () => {
    const account = await existingAccount(server.url);
    const page = await visit(server.url);
    await openTab(page, "Connexion");
    await dialog(page).getByRole("link", { name: "Mot de passe oublié ?" }).click();
    await page.waitForURL(/\/reset-password$/);
    await page.getByRole("button", { name: "Réinitialiser le mot de passe" }).click();
    await page.getByText("Champ vide").waitFor();
    await page.getByLabel("Email").fill("not-an-address");
    await page.getByRole("button", { name: "Réinitialiser le mot de passe" }).click();
    await page.getByText("Email non valide").waitFor();
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Réinitialiser le mot de passe" }).click();
    await page.getByRole("status").filter({ hasText: "Si un compte existe pour cette adresse" }).waitFor();

    const link = latestMailLink(server.dataDir, account.email, "/new-password/");
    await page.goto(link);
    const save = page.getByRole("button", { name: "Enregistrer le nouveau mot de passe" });
    await save.click();
    await expectTexts(page.locator("main"), "Champ vide", 2);
    await page.getByLabel("Nouveau mot de passe").fill("short");
    await save.click();
    await page.getByText("Vous devez saisir au moins 8 caractères").waitFor();
    await page.getByLabel("Nouveau mot de passe").fill("a brand new password");
    await page.getByLabel("Confirmer le mot de passe").fill("a brand new pass");
    await save.click();
    await page.getByText("La confirmation du mot de passe est différente").waitFor();
    await page.getByLabel("Confirmer le mot de passe").fill("a brand new password");
    await save.click();
    await page.getByRole("status").filter({ hasText: "Votre mot de passe a été changé." }).waitFor();
    await page.getByRole("link", { name: "Se connecter" }).click();
    await page.getByRole("dialog", { name: "Connexion à Arena" }).waitFor();
    await logIn(page, account.username, "a brand new password");
  });

  it("warns that a used or unknown link is invalid and offers a new one", async () => {
    const page = await visit(server.url, "/new-password/not-a-real-token");
    await page.getByLabel("Nouveau mot de passe").fill("a brand new password");
    await page.getByLabel("Confirmer le mot de passe").fill("a brand new password");
    await page.getByRole("button", { name: "Enregistrer le nouveau mot de passe" }).click();
    await page.getByRole("alert").filter({ hasText: "Ce lien est invalide ou a expiré." }).waitFor();
    await page.getByRole("link", { name: "Demander un nouveau lien" }).click();
    await page.waitForURL(/\/reset-password$/);
    await page.getByRole("link", { name: "Fermer" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });
});

describe("captcha", () => {
  let captchaServer: TestServer;
  beforeAll(async () => {
    captchaServer = await startTestServer({ CAPTCHA: "on", CAPTCHA_COMPLEXITY: "1000" });
  });
  afterAll(async () => {
    await captchaServer?.stop();
  });

  it("asks for it, solves ALTCHA's proof of work, renews it after a refused try, and logs in", async () => {
    const account = await existingAccount(captchaServer.url);
    const page = await visit(captchaServer.url);
    const modal = await openTab(page, "Connexion");
    await modal.getByLabel("Nom d'utilisateur ou email").fill(account.username);
    await modal.getByLabel("Mot de passe").fill("not the password");
    await modal.getByRole("button", { name: "Se connecter" }).click();
    await modal.getByText("Le captcha est requis").waitFor();

    // The widget draws its tick over the box; a click lands on the label, as a user's does.
    await modal.getByText("Je ne suis pas un robot", { exact: true }).click();
    // Once solved, the widget's box is ticked and its label says so.
    expect(await modal.getByRole("checkbox", { name: "Vérifié" }).isChecked()).toBe(true);
    expect(await modal.getByText("Le captcha est requis").count()).toBe(0);
    const renewed = page.waitForResponse((response) => response.url().endsWith("/api/auth/captcha"));
    await modal.getByRole("button", { name: "Se connecter" }).click();
    await toast(page, "Identifiants invalides.").waitFor();
    // The proof was used up by that try; a new one is fetched and solved without asking again.
    await renewed;
    await modal.locator('.altcha[data-state="verified"]').waitFor();

    await modal.getByLabel("Mot de passe").fill(account.password);
    await submitLogin(page, () => modal.getByRole("button", { name: "Se connecter" }).click());
  });

  it("solves it without the widget where the page is not a secure context (plain HTTP on a LAN)", async () => {
    const account = await existingAccount(captchaServer.url);
    const context = await newVisitor();
    // 127.0.0.1 counts as secure; a LAN address over HTTP does not, which is what this stands for.
    await context.addInitScript(() => Object.defineProperty(window, "isSecureContext", { value: false }));
    const page = await context.newPage();
    await page.goto(captchaServer.url);
    const modal = await openTab(page, "Connexion");
    await modal.getByLabel("Nom d'utilisateur ou email").fill(account.email);
    await modal.getByLabel("Mot de passe").fill(account.password);
    expect(await modal.locator("altcha-widget").count()).toBe(0);
    await modal.getByRole("checkbox", { name: "Je ne suis pas un robot" }).check();
    await modal.getByRole("status").filter({ hasText: "Vérifié" }).waitFor();
    await submitLogin(page, () => modal.getByRole("button", { name: "Se connecter" }).click());
  });
});

describe("provider sign-in", () => {
  let provider: OAuthProvider;
  let oauthServer: TestServer;
  let stopAll: () => Promise<void>;
  beforeAll(async () => {
    ({ provider, server: oauthServer, stop: stopAll } = await startServerWithProviders());
  });
  afterAll(() => stopAll?.());

  const someone = (name: string) => ({ sub: `${name}-${Date.now()}`, email: `${name}${Date.now()}@example.test`, emailVerified: true, givenName: "Ada", familyName: "Lovelace" });

  it("signs in through a popup that the page watches and closes", async () => {
    provider.signInAs(someone("popup"));
    const page = await visit(oauthServer.url);
    const modal = await openTab(page, "Connexion");
    const popupOpened = page.waitForEvent("popup");
    await modal.getByRole("button", { name: "Continuer avec Google" }).click();
    const popup = await popupOpened;
    if (!popup.isClosed()) await popup.waitForEvent("close");
    await toast(page, "Connexion réussie").waitFor();
    await accountMenu(page).waitFor();
    expect(new URL(page.url()).search).toBe("");
  });

  it("sends the whole page to the provider when the popup is blocked, and finishes on the page it lands on", async () => {
    provider.signInAs(someone("redirect"));
    const context = await newVisitor();
    await context.addInitScript(() => {
      window.open = () => null;
      // Every toast text shown, kept: on a busy machine the 3 s toast may come and go between two looks.
      const seen: string[] = [];
      (window as unknown as { seenToasts: string[] }).seenToasts = seen;
      new MutationObserver(() => {
        for (const item of document.querySelectorAll(".toaster *")) if (item.textContent && !seen.includes(item.textContent)) seen.push(item.textContent);
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto(oauthServer.url);
    const modal = await openTab(page, "Connexion");
    await modal.getByRole("button", { name: "Continuer avec Facebook" }).click();
    await accountMenu(page).waitFor();
    await page.waitForFunction(() => (window as unknown as { seenToasts: string[] }).seenToasts.includes("Connexion réussie"));
    await page.waitForURL((url) => url.pathname === "/" && url.search === "");
  });
});
