import { describe, expect, it } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { useServerAndBrowser, visitorContext } from "../fixtures/e2e.ts";
import { newAccount } from "../fixtures/server.ts";

const env = useServerAndBrowser();

const visitor = () => visitorContext(env.browser);

async function signUpThroughModal(page: Page, account: ReturnType<typeof newAccount>) {
  await page.getByRole("button", { name: "Inscription" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nom d'utilisateur").fill(account.username);
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByLabel("Mot de passe", { exact: true }).fill(account.password);
  await dialog.getByLabel("Confirmer le mot de passe").fill(account.password);
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "S'inscrire" }).click();
  await page.getByText("Compte créé ! Vérifiez votre email pour activer votre compte.").waitFor();
}

async function logIn(page: Page, login: string, password: string, remember = false) {
  await page.getByRole("button", { name: "Connexion" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nom d'utilisateur ou email").fill(login);
  await dialog.getByLabel("Mot de passe").fill(password);
  if (remember) await dialog.getByRole("checkbox", { name: "Se souvenir de moi" }).check();
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  await page.getByRole("button", { name: "Menu du compte" }).waitFor();
}

describe("the auth modal", () => {
  it("shows the spec's messages for a bad sign-up form, then signs up", async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(env.server.url);
    await page.getByRole("button", { name: "Inscription" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nom d'utilisateur").fill("ab");
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("Mot de passe", { exact: true }).fill("short");
    await dialog.getByLabel("Confirmer le mot de passe").fill("other");
    await dialog.getByRole("button", { name: "S'inscrire" }).click();
    for (const message of ["Le nom d'utilisateur doit contenir au moins 3 caractères", "Email non valide", "Le mot de passe doit contenir au moins 8 caractères !", "La confirmation du mot de passe est différente", "Vous devez accepter les conditions d'utilisation"]) {
      await dialog.getByText(message).waitFor();
    }
    await page.keyboard.press("Escape");
    await signUpThroughModal(page, newAccount());
    await context.close();
  });

  it("logs in by username and by email, and logs out from the avatar menu", async () => {
    const account = newAccount();
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(env.server.url);
    await signUpThroughModal(page, account);
    await logIn(page, account.username, account.password);
    await page.getByRole("button", { name: "Menu du compte" }).click();
    await page.getByRole("menuitem", { name: "Déconnexion" }).click();
    await page.getByRole("button", { name: "Connexion" }).waitFor();
    await logIn(page, account.email, account.password);
    await context.close();
  });

  it("answers wrong credentials with 'Identifiants invalides.'", async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(env.server.url);
    await page.getByRole("button", { name: "Connexion" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nom d'utilisateur ou email").fill("nobody_here");
    await dialog.getByLabel("Mot de passe").fill("wrong password");
    await dialog.getByRole("button", { name: "Se connecter" }).click();
    await page.getByText("Identifiants invalides.").waitFor();
    await context.close();
  });

  it("keeps a 30-day cookie with remember me, and a browser-session cookie without", async () => {
    for (const remember of [true, false]) {
      const account = newAccount();
      const context = await visitor();
      const page = await context.newPage();
      await page.goto(env.server.url);
      await signUpThroughModal(page, account);
      await logIn(page, account.username, account.password, remember);
      const cookie = (await context.cookies()).find((c) => c.name === "arena_session")!;
      if (remember) expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
      else expect(cookie.expires).toBe(-1);
      expect(cookie.httpOnly).toBe(true);
      await context.close();
    }
  });

  it("sends a visitor on a guarded route home with the modal open", async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/settings`);
    await page.waitForURL(/\/\?noAuth=true$/);
    await page.getByRole("dialog", { name: "Connexion à Arena" }).waitFor();
    await context.close();
  });
});

describe("forgotten password", () => {
  it("mails a link, sets a new password on /new-password, and logs in with it", async () => {
    const account = newAccount();
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(env.server.url);
    await signUpThroughModal(page, account);
    await page.goto(`${env.server.url}/reset-password`);
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Réinitialiser le mot de passe" }).click();
    await page.getByRole("status").filter({ hasText: "Si un compte existe" }).waitFor();
    const mails = readdirSync(join(env.server.dataDir, "mail")).filter((f) => f.endsWith(`-${account.email}.eml`)).sort();
    const link = readFileSync(join(env.server.dataDir, "mail", mails.at(-1)!), "utf8").replace(/=\r?\n/g, "").match(/https?:\/\/\S+\/new-password\/[\w-]+/)![0];
    await page.goto(link);
    await page.getByLabel("Nouveau mot de passe").fill("short");
    await page.getByRole("button", { name: "Enregistrer le nouveau mot de passe" }).click();
    await page.getByText("Vous devez saisir au moins 8 caractères").waitFor();
    await page.getByLabel("Nouveau mot de passe").fill("a brand new password");
    await page.getByLabel("Confirmer le mot de passe").fill("a brand new password");
    await page.getByRole("button", { name: "Enregistrer le nouveau mot de passe" }).click();
    await page.getByRole("link", { name: "Se connecter" }).click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await logIn(page, account.username, "a brand new password");
    await context.close();
  });
});
