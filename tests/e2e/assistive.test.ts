import { beforeAll, describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { CHAT_ANNOUNCE_EVERY_MS } from "../../client/features/chat/components/announce-timing.ts";
import { START_DELAY_MS } from "../../client/components/player/lib/player-config.ts";
import { pageFor, type Preferences, type SignedIn, useServerAndBrowser } from "../fixtures/e2e.ts";
import { ADMIN_ENV, adminBrowserOf, fundedUser, publishedEvent } from "../fixtures/money.ts";
import { publishTestStream, waitFor } from "../fixtures/publisher.ts";
import { signedInUser, type TestServer } from "../fixtures/server.ts";
import { connect } from "../fixtures/sockets.ts";

/**
 * Issue 24, items 4 and 5, in a real chromium against a real server with a real live: what a screen
 * reader is told (toasts, a busy chat at a bounded rate, never the viewer count; the player's
 * controls say their state), what stops moving when the system asks for less motion, and what the
 * home, stream and event pages keep at 200 % zoom in a 1366 px window.
 *
 * "Told" is measured the way a screen reader listens: every change of text inside a live region
 * (aria-live polite or assertive, or a role that implies it: status, alert, log, timer, marquee) is
 * recorded from the page's first script on.
 */

const handles = useServerAndBrowser(ADMIN_ENV, { ingest: true });
let server: TestServer;
const live = { username: "", title: "Finale accessible" };
let eventSlug = "";

beforeAll(async () => {
  server = handles.server;
  const streamer = await signedInUser(server);
  const start = await streamer.browser.post("/api/stream/startstreaming", { title: live.title, gameId: 1, tags: ["fr"], description: "Bo3" });
  expect(start.status).toBe(200);
  const started = server.deps.bus.next("stream:started", (event) => event.username === streamer.account.username);
  handles.publishers.push(publishTestStream(`rtmp://127.0.0.1:${handles.rtmpPort}/live/${start.body.streamKey}`, { seconds: 300, lasts: "file" }));
  await started;
  live.username = streamer.account.username;
  const organiser = await fundedUser(server, await adminBrowserOf(server), 1000);
  eventSlug = (await publishedEvent(organiser)).slug;
});

interface Announcement {
  at: number;
  region: string;
  text: string;
}

/** Records what live regions say, from before the app's first script. */
async function recordAnnouncements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const LIVE_ROLES = new Set(["status", "alert", "log", "timer", "marquee"]);
    const said: { at: number; region: string; text: string }[] = [];
    const last = new Map<Element, string>();
    (window as unknown as { __said: typeof said }).__said = said;
    const liveRegionOf = (node: Node | null): Element | null => {
      for (let element = node instanceof Element ? node : (node?.parentElement ?? null); element; element = element.parentElement) {
        const politeness = element.getAttribute("aria-live");
        if (politeness === "off") return null;
        if (politeness === "polite" || politeness === "assertive" || LIVE_ROLES.has(element.getAttribute("role") ?? "")) return element;
      }
      return null;
    };
    const note = (region: Element | null) => {
      if (!region) return;
      const text = (region.textContent ?? "").replace(/\s+/g, " ").trim();
      if (text === "" || last.get(region) === text) return;
      last.set(region, text);
      const name = region.hasAttribute("data-chat-announcer") ? "chat" : (region.getAttribute("role") ?? region.getAttribute("aria-live") ?? "?");
      said.push({ at: performance.now(), region: name, text });
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        note(liveRegionOf(mutation.target));
        for (const added of mutation.addedNodes) note(liveRegionOf(added));
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const announcements = (page: Page) => page.evaluate(() => (window as unknown as { __said: Announcement[] }).__said);

async function announcingPage(member: SignedIn | null, preferences: Preferences & { window?: { width: number; height: number } } = {}): Promise<Page> {
  const page = await pageFor(handles, member, { ...preferences, viewport: preferences.window ?? { width: 1366, height: 768 } });
  page.setDefaultTimeout(15_000);
  await recordAnnouncements(page);
  return page;
}

const visitorPage = (preferences: Preferences & { window?: { width: number; height: number } } = {}) => announcingPage(null, preferences);

async function memberPage(): Promise<{ page: Page; member: Awaited<ReturnType<typeof signedInUser>> }> {
  const member = await signedInUser(server);
  return { page: await announcingPage(member), member };
}

const videoPlaying = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector("video");
    return Boolean(video && !video.paused && video.readyState >= 2);
  });

describe("what a screen reader is told", () => {
  it("reads a success toast politely and an error toast as an alert", async () => {
    const page = await visitorPage();
    await page.goto(`${server.url}/components`);
    await page.getByRole("button", { name: "Toast de succès" }).click();
    await waitFor("the success toast is read", async () => (await announcements(page)).some((said) => said.text === "Paramètres de la chaîne enregistrés"));
    // Read once, politely: the toast went into the status region that was there before it.
    expect((await announcements(page)).filter((said) => said.text.includes("Paramètres de la chaîne enregistrés")).map((said) => said.region)).toEqual(["status"]);
    expect(await page.locator(".toaster [role=status]").count()).toBe(1);

    await page.getByRole("button", { name: "Toast d'erreur" }).click();
    const error = page.locator(".toaster").getByRole("alert");
    await error.waitFor();
    const errorText = (await error.textContent())!.trim();
    expect(errorText.length).toBeGreaterThan(0);
    expect((await announcements(page)).filter((said) => said.text === errorText).map((said) => said.region)).toEqual(["alert"]);
  });

  it("reads a busy chat politely, summed up at most once every few seconds, and never the history", async () => {
    const owner = await signedInUser(server);
    await owner.browser.post("/api/stream/mychannel/init");
    const channel = (await owner.browser.get("/api/stream/mychannelinfo")).body as { channelArn: string; username: string };
    // 7 writers: the first one writes the history, the 6 others the burst (3 lines each, the server's limit).
    const [historian, ...writers] = await Promise.all(
      Array.from({ length: 7 }, async () => {
        const writer = await signedInUser(server);
        const socket = await connect(server.url, "/writechat", { cookie: `arena_session=${writer.browser.cookies.get("arena_session")}` });
        await socket.emitWithAck("join", channel.channelArn);
        return { username: writer.account.username, socket };
      }),
    );
    try {
      expect((await historian!.socket.emitWithAck("message", { message: "déjà là avant", streamID: channel.channelArn })).ok).toBe(true);

      const { page } = await memberPage();
      await page.goto(`${server.url}/stream/${channel.username}`);
      const log = page.getByRole("log", { name: "Messages du chat" });
      await log.getByText("déjà là avant", { exact: true }).waitFor();
      expect(await log.getAttribute("aria-live")).toBe("off");
      await page.getByRole("status").filter({ hasText: "En ligne" }).waitFor();

      // 18 lines in about a second.
      const sent: string[] = [];
      for (let round = 1; round <= 3; round++) {
        for (const [index, writer] of writers.entries()) {
          const text = `ligne ${round}-${index + 1}`;
          expect((await writer.socket.emitWithAck("message", { message: text, streamID: channel.channelArn })).ok).toBe(true);
          sent.push(text);
        }
      }
      const lastLine = sent.at(-1)!;
      await log.getByText(lastLine, { exact: true }).waitFor();
      const chat = await waitFor(
        "the last line is read out",
        async () => {
          const said = (await announcements(page)).filter((item) => item.region === "chat");
          return said.some((item) => item.text.endsWith(`: ${lastLine}`)) ? said : undefined;
        },
        CHAT_ANNOUNCE_EVERY_MS * 3,
      );

      // Every line is counted once, in as few announcements as the rate allows; the history is not read.
      const counted = chat.map((item) => Number(item.text.match(/^(\d+) nouveaux messages\. Dernier, /)?.[1] ?? 1));
      expect(counted.reduce((sum, count) => sum + count, 0)).toBe(sent.length);
      expect(chat.length).toBeLessThanOrEqual(3);
      for (let i = 1; i < chat.length; i++) expect(chat[i]!.at - chat[i - 1]!.at).toBeGreaterThanOrEqual(CHAT_ANNOUNCE_EVERY_MS - 50);
      expect(chat.some((item) => item.text.includes("déjà là avant"))).toBe(false);
      console.log(`chat: ${sent.length} lines read out in ${chat.length} announcements: ${chat.map((item) => JSON.stringify(item.text)).join(", ")}`);
    } finally {
      for (const writer of [historian!, ...writers]) writer.socket.close();
    }
  });

  it("never reads the viewer count out, and names the player's controls with their state", async () => {
    const page = await visitorPage();
    await page.goto(`${server.url}/stream/${live.username}`);
    await page.getByRole("heading", { name: live.title }).waitFor();
    const count = page.locator(".stream-viewers").first();
    await count.getByText("1 spectateur", { exact: true }).waitFor();
    await waitFor("the live plays", () => videoPlaying(page), 30_000);

    // A second viewer: the count changes on the page, and nothing says so.
    const second = await visitorPage();
    await second.goto(`${server.url}/stream/${live.username}`);
    await count.getByText("2 spectateurs", { exact: true }).waitFor();
    expect((await announcements(page)).filter((said) => /spectateur/.test(said.text))).toEqual([]);
    expect(await count.evaluate((element) => element.closest("[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log], [role=timer], [role=marquee]") === null)).toBe(true);
    await second.close();

    const player = page.getByRole("region", { name: `Direct de ${live.username}` });
    // Playing: the button offers Pause. Paused: it offers Play.
    await player.getByRole("button", { name: "Pause (Espace)" }).click();
    await player.getByRole("button", { name: "Lecture (Espace)" }).waitFor();
    expect(await page.evaluate(() => document.querySelector("video")!.paused)).toBe(true);
    await player.getByRole("button", { name: "Lecture (Espace)" }).click();
    await waitFor("playing again", () => videoPlaying(page));
    await player.getByRole("button", { name: "Pause (Espace)" }).waitFor();

    // Sound and fullscreen are toggles: one name each, and a pressed state.
    const sound = player.getByRole("button", { name: "Couper le son (M)" });
    expect(await sound.getAttribute("aria-pressed")).toBe("false");
    await sound.click();
    await player.getByRole("button", { name: "Couper le son (M)", pressed: true }).waitFor();
    expect(await page.evaluate(() => document.querySelector("video")!.muted)).toBe(true);
    await sound.click();
    await player.getByRole("button", { name: "Couper le son (M)", pressed: false }).waitFor();

    const fullscreen = player.getByRole("button", { name: "Plein écran (F)" });
    expect(await fullscreen.getAttribute("aria-pressed")).toBe("false");
    await fullscreen.click();
    await player.getByRole("button", { name: "Plein écran (F)", pressed: true }).waitFor();
    expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await fullscreen.click();
    await player.getByRole("button", { name: "Plein écran (F)", pressed: false }).waitFor();

    const volume = player.getByRole("slider", { name: "Volume" });
    expect(await volume.getAttribute("aria-valuetext")).toBe("50 %");
  });

  it("says which live the carousel shows when the user moves it, not when it loads", async () => {
    const page = await visitorPage();
    await page.goto(server.url);
    const carousel = page.getByRole("region", { name: "Lives en vedette" });
    await page.getByRole("link", { name: live.title }).first().waitFor();
    expect((await announcements(page)).filter((said) => said.text.startsWith("Live "))).toEqual([]);
    await carousel.getByRole("button", { name: "Live suivant" }).click();
    await waitFor("the move is read", async () => (await announcements(page)).some((said) => said.text === `Live 1 sur 1 : ${live.title}, par ${live.username}`));
  });
});

/** What moves on the page: transitions longer than 0 s, and running animations, except a spinner's. */
function motionOnPage(page: Page) {
  return page.evaluate(() => {
    const transitions = [...document.querySelectorAll("*")]
      .filter((element) =>
        getComputedStyle(element)
          .transitionDuration.split(",")
          .some((duration) => Number.parseFloat(duration) > 0),
      )
      .map((element) => element.className.toString());
    const animations = document
      .getAnimations()
      .filter(
        (animation) => animation.playState === "running" && !(animation.effect instanceof KeyframeEffect && animation.effect.target instanceof Element && animation.effect.target.closest(".spinner")),
      )
      .map((animation) => String(animation instanceof CSSAnimation ? animation.animationName : animation.id));
    return { transitions, animations };
  });
}

describe("comfort", () => {
  it("stops the carousel's autoplay and every transition when the system asks for less motion", async () => {
    const moving = await visitorPage();
    await moving.goto(server.url);
    await waitFor("the carousel's live plays by itself", () => videoPlaying(moving), 30_000);
    expect((await motionOnPage(moving)).transitions.length).toBeGreaterThan(0);

    const still = await visitorPage({ reducedMotion: true });
    await still.goto(server.url);
    const carousel = still.locator(".carousel-player");
    await carousel.getByRole("button", { name: "Lecture (Espace)" }).waitFor();
    await still.getByRole("link", { name: live.title }).first().waitFor();
    // The live has loaded its first frames: an autoplay would have been asked for START_DELAY_MS after that.
    await waitFor("the carousel's live has data", () => still.evaluate(() => ((document.querySelector(".carousel video") as HTMLVideoElement | null)?.readyState ?? 0) >= 2));
    await Bun.sleep(START_DELAY_MS * 2);
    expect(await still.evaluate(() => (document.querySelector(".carousel video") as HTMLVideoElement).paused)).toBe(true);
    expect(await motionOnPage(still)).toEqual({ transitions: [], animations: [] });

    // The user may still start it.
    await carousel.getByRole("button", { name: "Lecture (Espace)" }).click();
    await waitFor("the live plays after a click", () => videoPlaying(still), 30_000);
  });

  const pages: [string, () => string, (page: Page) => Promise<void>][] = [
    // The player's button says Play or Pause: both windows are compared once the live plays.
    ["home", () => "/", (page) => waitFor("the carousel plays", () => videoPlaying(page), 30_000).then(() => page.getByRole("link", { name: live.title }).first().waitFor())],
    [
      "stream",
      () => `/stream/${live.username}`,
      (page) =>
        waitFor("the live plays", () => videoPlaying(page), 30_000).then(() =>
          page.getByRole("log", { name: "Messages du chat" }).getByText("Aucun message pour l'instant. Dites bonjour !").waitFor(),
        ),
    ],
    ["event", () => `/events/${eventSlug}`, (page) => page.getByRole("heading", { name: "LAN d'hiver" }).waitFor()],
  ];
  for (const [name, path, ready] of pages) {
    it(`keeps every piece of content and every action of the ${name} page at 200 % zoom in a 1366 px window`, async () => {
      const seen = async (zoom: number) => {
        const page = await visitorPage({ zoom, window: { width: 1366, height: 768 } });
        await page.goto(`${server.url}${path()}`);
        await ready(page);
        const view = await everyTab(page);
        await page.context().close();
        return view;
      };
      const normal = await seen(1);
      const zoomed = await seen(2);
      expect(zoomed.width).toBe(683);
      expect(zoomed.overflow).toBe(0);
      const lost = (before: string[], after: string[]) => before.filter((item) => !after.includes(item));
      expect({ actions: lost(normal.actions, zoomed.actions), texts: lost(normal.texts, zoomed.texts) }).toEqual({ actions: [], texts: [] });
    });
  }
});

/** What the page offers over all its tabs: on a narrow window, a tab holds what sits beside on a wide one. */
async function everyTab(page: Page): Promise<ReturnType<typeof inventory>> {
  const view = await page.evaluate(inventory);
  const tabs = page.locator("#main-content [role=tab]");
  for (let i = 0; i < (await tabs.count()); i++) {
    await tabs.nth(i).click();
    await page.waitForFunction((index) => document.querySelectorAll("#main-content [role=tab]")[index]?.getAttribute("aria-selected") === "true", i);
    const more = await page.evaluate(inventory);
    view.actions = [...new Set([...view.actions, ...more.actions])].sort();
    view.texts = [...new Set([...view.texts, ...more.texts])].sort();
    view.overflow = Math.max(view.overflow, more.overflow);
  }
  return view;
}

/**
 * Runs in the page: the names of the actions a user can reach (links, buttons, fields) and the
 * texts they can read in the content, visible or one scroll away, and how far the page scrolls
 * sideways (it must not: WCAG 1.4.10).
 */
function inventory() {
  const main = document.getElementById("main-content") ?? document.body;
  const shown = (element: Element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
  const nameOf = (element: Element) => (element.getAttribute("aria-label") ?? (element as HTMLElement).innerText ?? element.getAttribute("title") ?? "").replace(/\s+/g, " ").trim();
  const actions = [...main.querySelectorAll("a[href], button, input, select, textarea, [role=button], [role=tab]")].filter(shown).map(nameOf).filter(Boolean);
  const texts: string[] = [];
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.replace(/\s+/g, " ").trim();
    if (text && node.parentElement && shown(node.parentElement) && !node.parentElement.closest(".sr-only, time, .tabular")) texts.push(text);
  }
  return { width: innerWidth, overflow: Math.max(0, document.documentElement.scrollWidth - innerWidth), actions: [...new Set(actions)].sort(), texts: [...new Set(texts)].sort() };
}
