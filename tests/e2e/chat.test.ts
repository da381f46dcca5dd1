import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { closeTestContextsAfterEach } from "../fixtures/e2e.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Socket } from "socket.io-client";
import { launchChromium } from "../fixtures/chromium.ts";
import { type Browser as ApiBrowser, signedInUser, startTestServer, type TestServer } from "../fixtures/server.ts";
import { connect } from "../fixtures/sockets.ts";

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
closeTestContextsAfterEach(contexts);
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

/** Whether the stream page mounts the chat yet (another part of the app); the visitor's view is only reachable there. */

interface Channel {
  channelArn: string;
  user: number;
  username: string;
}

async function visitor(options: { viewport?: { width: number; height: number }; locale?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1440, height: 900 }, locale: options.locale ?? "fr-FR" });
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false, preferences: false, timestamp: 1 })));
  return context;
}

/** A logged-in browser, injected as shell.test.ts does: the session cookie plus the stored session. */
async function loggedIn(options: Parameters<typeof visitor>[0] = {}) {
  const { browser: api, user } = await signedInUser(server);
  const context = await visitor(options);
  await context.addCookies([{ name: "arena_session", value: api.cookies.get("arena_session")!, url: server.url }]);
  await context.addInitScript((stored) => localStorage.setItem("session", stored), JSON.stringify({ user, isLoggedIn: true }));
  return { context, user, api };
}

async function channelOf(api: ApiBrowser): Promise<Channel> {
  await api.post("/api/stream/mychannel/init");
  const info = (await api.get("/api/stream/mychannelinfo")).body;
  return { channelArn: info.channelArn, user: info.user, username: info.username };
}

/** The streamer's OBS dock: /streamChat/{own username}. */
async function ownerDock() {
  const owner = await loggedIn();
  const channel = await channelOf(owner.api);
  const page = await owner.context.newPage();
  await page.goto(`${server.url}/streamChat/${owner.user.username}`);
  await online(page);
  return { ...owner, channel, page };
}

/** A second logged-in user in a real browser, on the channel's stream page, where viewers chat. */
async function viewerOn(channel: Channel, locale?: string) {
  const viewer = await loggedIn({ locale });
  const page = await viewer.context.newPage();
  await page.goto(`${server.url}/stream/${channel.username}`);
  await online(page);
  return { ...viewer, page };
}

/** A third user through a plain socket.io client, as the server tests do. */
async function socketUser(streamID: string) {
  const { browser: api, user } = await signedInUser(server);
  const socket = await connect(server.url, "/writechat", { cookie: `arena_session=${api.cookies.get("arena_session")}` });
  sockets.push(socket);
  await socket.emitWithAck("join", streamID);
  const say = (message: string) => socket.emitWithAck("message", { message, streamID });
  return { user, socket, say };
}

const online = (page: Page) => page.getByRole("status").filter({ hasText: "En ligne" }).waitFor();
const log = (page: Page) => page.getByRole("log", { name: "Messages du chat" });
const line = (page: Page, text: string) => log(page).getByText(text, { exact: true });
const input = (page: Page) => page.getByRole("textbox", { name: "Envoyer un message" });

async function say(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press("Enter");
  await line(page, text).waitFor();
}

async function moderate(page: Page, username: string, text: string, action: string) {
  const row = log(page).getByRole("listitem").filter({ hasText: text });
  await row.hover();
  await row.getByRole("button", { name: `Actions de modération pour le message de ${username}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

describe("the chat", () => {
  it("carries messages between two browsers and a socket client; Enter sends, HTML stays text", async () => {
    const owner = await ownerDock();
    const viewer = await viewerOn(owner.channel);
    await owner.page.getByRole("region", { name: `Chat · ${owner.user.username}` }).waitFor();

    await say(owner.page, "Salut le chat");
    await line(viewer.page, "Salut le chat").waitFor();

    const html = '<img src=x onerror="window.pwned=1"><b>gras</b>';
    await say(viewer.page, html);
    await line(owner.page, html).waitFor();
    expect(await log(owner.page).locator("b, img[src=x]").count()).toBe(0);
    expect(await owner.page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    expect(await input(viewer.page).inputValue()).toBe("");

    // Blank lines are never sent; Shift+Enter sends like Enter (no newlines in a chat line).
    await input(viewer.page).fill("    ");
    await input(viewer.page).press("Enter");
    await input(viewer.page).fill("avec Maj+Entrée");
    await input(viewer.page).press("Shift+Enter");
    await line(owner.page, "avec Maj+Entrée").waitFor();
    expect(await log(owner.page).getByRole("listitem").count()).toBe(3);

    const third = await socketUser(owner.channel.channelArn);
    expect((await third.say("depuis un socket")).ok).toBe(true);
    await line(owner.page, "depuis un socket").waitFor();
    await line(viewer.page, "depuis un socket").waitFor();
    await log(viewer.page).getByText(third.user.username, { exact: true }).waitFor();
  });

  it("keeps the player's shortcut keys quiet while typing, and counts down near 500 characters", async () => {
    const owner = await ownerDock();
    await owner.page.evaluate(() => {
      (window as { keys?: string[] }).keys = [];
      document.addEventListener("keydown", (event) => (window as unknown as { keys: string[] }).keys.push(event.key));
    });
    await input(owner.page).click();
    await owner.page.keyboard.type("f m");
    expect(await owner.page.evaluate(() => (window as { keys?: string[] }).keys)).toEqual([]);
    await input(owner.page).fill("x".repeat(460));
    await owner.page.getByText("40 caractères restants").waitFor();
    await input(owner.page).fill("x".repeat(600));
    expect((await input(owner.page).inputValue()).length).toBe(500);
  });

  it("shows history after a reload, and the messages sent meanwhile after a reconnect", async () => {
    const owner = await ownerDock();
    const third = await socketUser(owner.channel.channelArn);
    await say(owner.page, "premier message");
    await third.say("deuxième message");
    await line(owner.page, "deuxième message").waitFor();

    await owner.page.reload();
    await online(owner.page);
    await line(owner.page, "premier message").waitFor();
    await line(owner.page, "deuxième message").waitFor();
    expect(await log(owner.page).getByRole("listitem").count()).toBe(2);

    // Offline for a moment (the browser loses its network), then back: what was said meanwhile comes from the history.
    await owner.context.setOffline(true);
    await owner.page.getByRole("status").filter({ hasText: "Hors ligne" }).waitFor();
    await third.say("pendant la coupure");
    await owner.context.setOffline(false);
    await online(owner.page);
    await line(owner.page, "pendant la coupure").waitFor({ timeout: 15_000 });
    expect(await log(owner.page).getByRole("listitem").count()).toBe(3);
  });

  it("lets the owner delete a message for everyone", async () => {
    const owner = await ownerDock();
    const viewer = await viewerOn(owner.channel);
    await say(viewer.page, "message à retirer");
    await say(viewer.page, "message qui reste");
    await line(owner.page, "message à retirer").waitFor();
    // A viewer has no moderation menu.
    expect(
      await log(viewer.page)
        .getByRole("button", { name: /Actions de modération/ })
        .count(),
    ).toBe(0);

    await moderate(owner.page, viewer.user.username, "message à retirer", "Supprimer le message");
    await line(owner.page, "message à retirer").waitFor({ state: "detached" });
    await line(viewer.page, "message à retirer").waitFor({ state: "detached" });
    await line(viewer.page, "message qui reste").waitFor();
    await viewer.page.reload();
    await line(viewer.page, "message qui reste").waitFor();
    expect(await line(viewer.page, "message à retirer").count()).toBe(0);
  });

  it("shows a banned user why, keeps them from typing, and lets them back after an unban", async () => {
    const owner = await ownerDock();
    const viewer = await viewerOn(owner.channel);
    await say(viewer.page, "je spamme");
    await line(owner.page, "je spamme").waitFor();

    await moderate(owner.page, viewer.user.username, "je spamme", "Bannir");
    const dialog = owner.page.getByRole("dialog", { name: `Bannir ${viewer.user.username} ?` });
    await dialog.getByRole("textbox", { name: "Raison (facultatif)" }).fill("spam répété");
    await dialog.getByRole("button", { name: "Bannir" }).click();
    await dialog.waitFor({ state: "detached" });

    await viewer.page.getByText("Vous êtes banni de ce chat.").waitFor();
    await viewer.page.getByText("Raison : spam répété").waitFor();
    expect(await input(viewer.page).isDisabled()).toBe(true);
    await viewer.page.reload();
    await viewer.page.getByText("Raison : spam répété").waitFor();

    await moderate(owner.page, viewer.user.username, "je spamme", "Débannir");
    await viewer.page.getByText("Vous êtes banni de ce chat.").waitFor({ state: "detached" });
    await say(viewer.page, "pardon");
    await line(owner.page, "pardon").waitFor();
  });

  it("times a user out for 10 minutes from the keyboard", async () => {
    const owner = await ownerDock();
    const viewer = await viewerOn(owner.channel);
    await say(viewer.page, "trop bavard");
    const row = log(owner.page).getByRole("listitem").filter({ hasText: "trop bavard" });
    await row.getByRole("button", { name: /Actions de modération/ }).focus();
    await owner.page.keyboard.press("Enter");
    await owner.page.getByRole("menuitem", { name: "Supprimer le message" }).waitFor();
    expect(await owner.page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Supprimer le message");
    await owner.page.keyboard.press("ArrowDown");
    await owner.page.keyboard.press("Enter");
    await viewer.page.getByText(/Vous êtes exclu de ce chat jusqu'à/).waitFor();
    expect(await input(viewer.page).isDisabled()).toBe(true);
  });

  it("shows slow mode to everyone and explains a refusal in the app's language", async () => {
    const owner = await ownerDock();
    // The browser says English; the app is in French: the refusal follows the app.
    const viewer = await viewerOn(owner.channel, "en-US");
    await owner.page.getByRole("combobox", { name: "Mode lent" }).selectOption({ label: "30 s" });
    await viewer.page.getByText("Mode lent : un message toutes les 30 s").waitFor();
    await say(viewer.page, "un");
    await input(viewer.page).fill("deux");
    await input(viewer.page).press("Enter");
    await viewer.page
      .getByRole("alert")
      .filter({ hasText: /^Le mode lent est activé : attendez \d+ s\.$/ })
      .waitFor();
    expect(await input(viewer.page).inputValue()).toBe("deux");
    await owner.page.getByRole("combobox", { name: "Mode lent" }).selectOption({ label: "Désactivé" });
    await viewer.page.getByText("Mode lent : un message toutes les 30 s").waitFor({ state: "detached" });
  });

  it("is the owner's alone at /streamChat, and speaks English when asked", async () => {
    const owner = await ownerDock();
    const other = await loggedIn();
    const page = await other.context.newPage();
    await page.goto(`${server.url}/streamChat/${owner.user.username}`);
    await page.getByRole("heading", { name: "Cette vue du chat est réservée au propriétaire de la chaîne" }).waitFor();
    const link = page.getByRole("link", { name: `Voir le stream de ${owner.user.username}` });
    expect(await link.getAttribute("href")).toBe(`/stream/${owner.user.username}`);
    expect(await page.getByRole("log").count()).toBe(0);

    const english = await loggedIn();
    await english.context.addInitScript(() => localStorage.setItem("language", "en"));
    const englishPage = await english.context.newPage();
    await englishPage.goto(`${server.url}/streamChat/${english.user.username}`);
    await englishPage.getByRole("log", { name: "Chat messages" }).waitFor();
    await englishPage.getByRole("textbox", { name: "Send a message" }).waitFor();
    await englishPage.getByText("No messages yet. Say hello!").waitFor();
    await englishPage.goto(`${server.url}/streamChat/${owner.user.username}`);
    await englishPage.getByRole("heading", { name: "This chat view is for the channel owner" }).waitFor();
  });

  it("lets a viewer report someone else's message, and offers them nothing else", async () => {
    const owner = await ownerDock();
    await say(owner.page, "message à signaler");
    const viewer = await viewerOn(owner.channel);
    const row = log(viewer.page).getByRole("listitem").filter({ hasText: "message à signaler" });
    await row.hover();
    await row.getByRole("button", { name: `Actions pour le message de ${owner.user.username}` }).click();
    expect(await viewer.page.getByRole("menuitem").count()).toBe(1);
    await viewer.page.getByRole("menuitem", { name: "Signaler" }).click();
    const dialog = viewer.page.getByRole("dialog", { name: `Signaler ${owner.user.username}` });
    await dialog.getByRole("radio", { name: "Harcèlement ou discours haineux" }).check();
    await dialog.getByRole("button", { name: "Signaler" }).click();
    await viewer.page.getByText("Merci, votre signalement a été envoyé à la modération.").waitFor();
    const stored = await server.deps.db.selectFrom("report").selectAll().where("reporter_id", "=", viewer.user.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ target_type: "message", reason: "Harcèlement ou discours haineux" });
  });

  it("shows a visitor the chat with 'Vous devez vous connecter' ('You need to login') and a Login button", async () => {
    const owner = await ownerDock();
    await say(owner.page, "bienvenue");
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(`${server.url}/stream/${owner.user.username}`);
    await line(page, "bienvenue").waitFor();
    const field = page.getByRole("textbox", { name: "Vous devez vous connecter" });
    expect(await field.isDisabled()).toBe(true);
    expect(await field.getAttribute("placeholder")).toBe("Vous devez vous connecter");
    await page.getByRole("region", { name: "Chat" }).getByRole("button", { name: "Connexion" }).click();
    await page.getByRole("dialog").waitFor();
  });
});
