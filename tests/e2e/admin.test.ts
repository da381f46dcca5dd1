import { describe, expect, it } from "bun:test";
import type { BrowserContext } from "playwright-core";
import { closeTestContextsAfterEach, loggedInContext, useServerAndBrowser } from "../fixtures/e2e.ts";
import { ADMIN, ADMIN_ENV, balanceOf } from "../fixtures/money.ts";
import { Browser, signedInUser } from "../fixtures/server.ts";

/** /admin in chromium (issue 20): an admin finds a member, promotes them, credits them and suspends them; the log says so. */
const handles = useServerAndBrowser(ADMIN_ENV);
const contexts: BrowserContext[] = [];
closeTestContextsAfterEach(contexts);

async function consoleAs(session: string, user: { id: number; username: string }) {
  const context = await loggedInContext(handles.browser, handles.server.url, session, user);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${handles.server.url}/admin`);
  return page;
}

describe("the admin console", () => {
  it("promotes a member, credits them with a reason and suspends them, and the audit log shows each action", async () => {
    const { server } = handles;
    const admin = new Browser(server.url);
    const login = await admin.post("/api/auth/login", { login: ADMIN.username, password: ADMIN.password });
    const member = await signedInUser(server, { username: "OrionVingt" });
    const page = await consoleAs(admin.cookies.get("arena_session")!, login.body.user);
    await page.getByRole("heading", { name: "Administration" }).waitFor();
    await page.getByLabel("Rechercher un membre").fill("orionv");
    await page.getByRole("button", { name: "Voir la fiche de OrionVingt" }).click();
    await page.getByRole("heading", { name: "Fiche de OrionVingt" }).waitFor();

    await page.getByLabel("Changer le rôle").selectOption("organizer");
    await page.getByRole("button", { name: "Enregistrer le rôle" }).click();
    await page.getByText("Rôle mis à jour.").waitFor();
    expect((await member.browser.get("/api/auth/me")).body.user.role).toBe("organizer");

    await page.getByLabel("Montant (négatif pour débiter)").fill("50");
    await page.getByLabel("Raison (visible dans l'historique du portefeuille)").fill("Lot du tournoi");
    await page.getByRole("button", { name: "Enregistrer le mouvement" }).click();
    await page.getByText("Mouvement enregistré.").waitFor();
    expect(await balanceOf(member)).toBe(50);
    await page.getByText("Solde : 50 G-Coins", { exact: false }).waitFor();

    await page.getByRole("button", { name: "Suspendre", exact: true }).click();
    await page.getByRole("dialog", { name: "Suspendre OrionVingt ?" }).getByRole("button", { name: "Suspendre" }).click();
    await page.getByText("Membre suspendu.").waitFor();
    expect((await member.browser.get("/api/auth/me")).status).toBe(401);
    await page.getByRole("button", { name: "Lever la suspension" }).waitFor();

    await page.getByRole("tab", { name: "Journal" }).click();
    for (const action of ["Suspension", "Mouvement de G-Coins", "Rôle changé"]) await page.getByRole("cell", { name: action, exact: true }).first().waitFor();
    await page.getByRole("cell", { name: "role: viewer → role: organizer" }).waitFor();
  });

  it("takes a backup from the Machine tab and offers it for download", async () => {
    const admin = new Browser(handles.server.url);
    const login = await admin.post("/api/auth/login", { login: ADMIN.username, password: ADMIN.password });
    const page = await consoleAs(admin.cookies.get("arena_session")!, login.body.user);
    await page.getByRole("tab", { name: "Machine" }).click();
    await page.getByText("Base de données :").waitFor();
    await page.getByRole("button", { name: "Lancer une sauvegarde" }).click();
    const link = page.getByRole("link", { name: /^arena-backup-.*\.tar$/ });
    await link.waitFor({ timeout: 20_000 });
    const href = (await link.getAttribute("href"))!;
    expect((await admin.request("GET", href)).status).toBe(200);
  });

  it("sends a member who is not an admin away, and the server refuses them the console's data", async () => {
    const member = await signedInUser(handles.server);
    const page = await consoleAs(member.browser.cookies.get("arena_session")!, member.user);
    await page.waitForURL(`${handles.server.url}/forbidden`);
    expect((await member.browser.get("/api/admin/users")).status).toBe(403);
  });
});
