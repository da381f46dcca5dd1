import { afterAll, describe, expect, it } from "bun:test";
import type { BrowserContext } from "playwright-core";
import { loggedInContext, useServerAndBrowser } from "../fixtures/e2e.ts";
import { makeImage } from "../fixtures/images.ts";
import { waitFor } from "../fixtures/publisher.ts";
import { signedInUser } from "../fixtures/server.ts";

/** /settings in chromium: each tab saves only after a change, with the server's messages. */
const handles = useServerAndBrowser({}, { ingest: true });
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
});

async function settingsPage() {
  const { server, browser } = handles;
  const { browser: api, user, account } = await signedInUser(server);
  const context = await loggedInContext(browser, server.url, api.cookies.get("arena_session")!, user);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/settings`);
  await page.getByRole("heading", { name: "Paramètres" }).waitFor();
  return { page, api, user, account };
}

describe("settings", () => {
  it("edits the profile: Save waits for a change, a taken username is refused on its field", async () => {
    const { page, api } = await settingsPage();
    const other = await signedInUser(handles.server);
    const save = page.getByRole("button", { name: "Enregistrer" });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel("Prénom").fill("Zoé");
    await page.getByLabel("Nom d'utilisateur").fill(other.user.username);
    await save.click();
    await page.getByText("Ce nom d'utilisateur est déjà pris.").waitFor();
    await page.getByLabel("Nom d'utilisateur").fill("zoe_renamed");
    await page.getByLabel("À propos").fill("Je stream le jeudi soir.");
    await save.click();
    await page.getByText("Profil enregistré.").waitFor();
    const me = (await api.get("/api/auth/me")).body.user;
    expect(me).toMatchObject({ firstName: "Zoé", username: "zoe_renamed" });
    expect((await api.get("/api/stream/profile/zoe_renamed")).body.about).toBe("Je stream le jeudi soir.");
    expect(await save.isDisabled()).toBe(true);
  });

  it("changes the avatar from Edit profile, taking images only (spec 01 §2)", async () => {
    const { page, api, user } = await settingsPage();
    const button = page.getByRole("button", { name: "Changer l'avatar" });
    expect(await page.getByLabel("Changer l'avatar", { exact: true }).and(page.locator("input[type=file]")).getAttribute("accept")).toBe("image/*");
    const chooser = page.waitForEvent("filechooser");
    await button.click();
    await (await chooser).setFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(await makeImage("png", "300x300")) });
    await page.getByText("Photo de profil mise à jour avec succès !").waitFor();
    const avatar = (await api.get(`/api/stream/profile/${user.username}`)).body.avatar as string;
    expect(avatar).toMatch(/^\/uploads\/avatars\//);
    await page.getByRole("button", { name: "Menu du compte" }).locator(`img[src="${avatar}"]`).waitFor();
  });

  it("changes the password after checking the confirmation and the old one", async () => {
    const { page, account, user } = await settingsPage();
    await page.getByRole("tab", { name: "Mot de passe" }).click();
    await page.getByLabel("Ancien mot de passe").fill("not my password");
    await page.getByLabel("Nouveau mot de passe").fill("brand new secret");
    await page.getByLabel("Confirmer le mot de passe").fill("brand new secreT");
    await page.getByRole("button", { name: "Changer le mot de passe" }).click();
    expect(await page.getByLabel("Confirmer le mot de passe").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Confirmer le mot de passe").fill("brand new secret");
    await page.getByRole("button", { name: "Changer le mot de passe" }).click();
    await page.getByText("Mot de passe incorrect").waitFor();
    await page.getByLabel("Ancien mot de passe").fill(account.password);
    await page.getByRole("button", { name: "Changer le mot de passe" }).click();
    const oldPassword = page.getByLabel("Ancien mot de passe");
    await waitFor("the old password field emptied", async () => (await oldPassword.inputValue()) === "");
    const login = await new (await import("../fixtures/server.ts")).Browser(handles.server.url).post("/api/auth/login", { login: user.username, password: "brand new secret" });
    expect(login.status).toBe(200);
  });

  it("saves channel settings with the server's field messages, and regenerates the stream key after a confirmation", async () => {
    const { page, api } = await settingsPage();
    await page.getByRole("tab", { name: "Chaîne" }).click();
    await page.getByLabel("Nom d'utilisateur paypal.me").fill("paypal.me/zoe");
    await page.getByLabel("Nom d'utilisateur X (Twitter)").fill("@zoe_gg");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByText("Saisissez uniquement votre nom d'utilisateur paypal.me").waitFor();
    await page.getByLabel("Nom d'utilisateur paypal.me").fill("zoe");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByText("Paramètres de la chaîne enregistrés").waitFor();
    const settings = (await api.get("/api/stream/channel-settings")).body;
    expect(settings).toMatchObject({ paypalme: "zoe", social: { twitter: "zoe_gg" } });

    const before = (await api.get("/api/stream/mystreamkey")).body.streamKey as string;
    await page.getByRole("button", { name: "Régénérer la clé" }).click();
    await page.getByRole("dialog", { name: "Régénérer la clé de stream ?" }).getByRole("button", { name: "Régénérer la clé" }).click();
    await page.getByText("Clé de stream régénérée").waitFor();
    const after = (await api.get("/api/stream/mystreamkey")).body.streamKey as string;
    expect(after).not.toBe(before);
    expect(await page.getByLabel("Clé de stream", { exact: true }).inputValue()).toBe(after);
  });

  it("says when the channel settings or the stream key cannot be loaded, and when a regeneration fails (spec 01 §8)", async () => {
    const { page } = await settingsPage();
    await page.route("**/api/stream/mystreamkey/regenerate", (route) => route.fulfill({ status: 503, json: { success: false, code: "internal", msg: "down" } }));
    await page.getByRole("tab", { name: "Chaîne" }).click();
    await page.getByRole("button", { name: "Régénérer la clé" }).click();
    await page.getByRole("dialog", { name: "Régénérer la clé de stream ?" }).getByRole("button", { name: "Régénérer la clé" }).click();
    await page.getByText("Impossible de régénérer la clé de stream").waitFor();
    await page.route("**/api/stream/mystreamkey", (route) => route.fulfill({ status: 503, json: { success: false, code: "internal", msg: "down" } }));
    await page.reload();
    await page.getByRole("tab", { name: "Chaîne" }).click();
    await page.getByText("Impossible de récupérer la clé de stream").waitFor();
    await page.route("**/api/stream/channel-settings", (route) => route.fulfill({ status: 503, json: { success: false, code: "internal", msg: "down" } }));
    await page.reload();
    await page.getByRole("tab", { name: "Chaîne" }).click();
    await page.getByText("Impossible de charger les paramètres de la chaîne").waitFor();
  });

  it("keeps multi-streaming keys write-only and shows each platform's status", async () => {
    const { page, api } = await settingsPage();
    await page.getByRole("tab", { name: "Multi-streaming" }).click();
    await page.getByRole("switch", { name: /^Multi-streaming/ }).click();
    await page.getByRole("switch", { name: "Diffuser sur Twitch" }).click();
    await page.getByLabel("Clé de stream Twitch").fill("  live_twitch_secret  ");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByText("Configuration multi-stream enregistrée").waitFor();
    const config = (await api.get("/api/stream/restream/config")).body;
    expect(config).toMatchObject({ enabled: true, twitchEnabled: true, twitchKeySaved: true, youtubeKeySaved: false });
    expect(JSON.stringify(config)).not.toContain("live_twitch_secret");
    await page.getByLabel("Clé de stream Twitch").and(page.locator("[placeholder^='Clé enregistrée']")).waitFor();
    expect(await page.getByLabel("Clé de stream Twitch").inputValue()).toBe("");
  });

  it("prepares a copy of the member's data, then deletes the account after the password, back on the home page logged out (issue 20)", async () => {
    const { page, api, account } = await settingsPage();
    await page.getByRole("tab", { name: "Données personnelles" }).click();
    await page.getByRole("button", { name: "Préparer mes données" }).click();
    const download = page.getByRole("link", { name: /^Télécharger mes données \(/ });
    await download.waitFor({ timeout: 20_000 });
    const zip = await fetch(`${handles.server.url}${await download.getAttribute("href")}`, { headers: { cookie: `arena_session=${api.cookies.get("arena_session")}` } });
    expect(zip.headers.get("content-type")).toBe("application/zip");

    await page.getByLabel("Votre mot de passe, pour confirmer").fill("pas le bon");
    await page.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
    await page.getByText("Mot de passe incorrect : la suppression est annulée.").waitFor();
    await page.getByLabel("Votre mot de passe, pour confirmer").fill(account.password);
    await page.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
    await page.getByText(/^Votre compte a été supprimé\./).waitFor();
    await page.waitForURL(`${handles.server.url}/`);
    await page.getByRole("button", { name: "Connexion" }).first().waitFor();
    expect(await page.getByRole("button", { name: "Menu du compte" }).count()).toBe(0);
    expect((await api.get("/api/auth/me")).status).toBe(401);
  });
});
