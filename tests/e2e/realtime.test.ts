import { describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { inEveryLook, newMemberContext, pageFor, type SignedIn, useServerAndBrowser } from "../fixtures/e2e.ts";
import { ADMIN_ENV, adminBrowserOf } from "../fixtures/money.ts";
import { expectPicturePlays } from "../fixtures/playback.ts";
import { publishTestStream, waitFor } from "../fixtures/publisher.ts";

// "Temps réel" (issue 37, item 6): the admin lets one viewer per live watch in real time (console, Site tab); a caster
// picks it in the player's settings and the live plays over WebRTC; a second viewer who chose it too is told the
// place is taken and plays over HTTP-FLV; the caster leaves, and the place is the second viewer's at once.

const handles = useServerAndBrowser(ADMIN_ENV, { ingest: true });

/** How the page's <video> gets its picture: a WebRTC stream, or a file address (mpegts.js's or hls.js's). */
const pictureSource = (page: Page) => page.evaluate(() => (document.querySelector("video")?.srcObject instanceof MediaStream ? "webrtc" : "media source"));

/** Opens the player's settings; the mouse over the picture first brings back a bar that hid after 6 s of playing. */
async function openSettings(page: Page) {
  await page.locator(".player").hover();
  await page.getByRole("button", { name: "Paramètres" }).click();
}

async function chooseRealtime(page: Page) {
  await openSettings(page);
  await page.getByRole("menuitem", { name: /Latence\s*Faible latence/ }).click();
  await page.getByRole("menuitemradio", { name: "Temps réel" }).click();
}

async function playsInRealtime(page: Page, what: string) {
  await waitFor(`${what} over WebRTC`, async () => (await pictureSource(page)) === "webrtc", 20_000);
  await expectPicturePlays(page, what);
  // Playing, and shown as playing: no spinner left over the picture.
  await page.locator(".player-overlay-busy").waitFor({ state: "detached", timeout: 5000 });
}

const FULL = "Temps réel complet pour ce live : lecture en faible latence";

/** The admin sets the real-time places of each live in the console. */
async function setPlaces(page: Page, places: number) {
  await page.goto(`${handles.server.url}/admin?tab=site`);
  const field = page.getByLabel("Spectateurs en temps réel par live");
  await field.waitFor();
  if ((await field.inputValue()) === String(places)) return;
  await field.fill(String(places));
  await field.locator("xpath=ancestor::form").getByRole("button", { name: "Enregistrer" }).click();
  await waitFor(
    "the setting saved",
    async () => (await handles.server.deps.db.selectFrom("site_setting").select("value").where("key", "=", "realtimeViewersPerLive").executeTakeFirst())?.value === String(places),
  );
}

describe("real time", () => {
  it(
    "plays the live over WebRTC to the site's cap, then in low latency with the reason",
    async () => {
      const adminApi = await adminBrowserOf(handles.server);
      const admin: SignedIn = { browser: adminApi, user: (await adminApi.get("/api/auth/me")).body.user };
      const adminPage = await pageFor(handles, admin);
      await setPlaces(adminPage, 1);

      const streamer = await newMemberContext(handles);
      const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Finale en direct", gameId: 1, tags: [], description: "" });
      const username = streamer.account.username;
      const live = handles.server.deps.bus.next("stream:started", (event) => event.username === username);
      const publisher = publishTestStream(`rtmp://127.0.0.1:${handles.server.rtmpPort}/live/${start.body.streamKey}`, { seconds: 120 });
      try {
        await live;
        const caster = await pageFor(handles, null);
        await caster.goto(`${handles.server.url}/stream/${username}`);
        await expectPicturePlays(caster, "the low-latency picture");
        await chooseRealtime(caster);
        await playsInRealtime(caster, "the real-time picture");
        expect(handles.server.deps.whep?.viewersOf(start.body.streamKey)).toBe(1);
        expect(await caster.evaluate(() => localStorage.getItem("playerLatency"))).toBe("realtime");

        // The only place is taken: a second viewer who chose real time plays in low latency, and is told why.
        const screen = await pageFor(handles, null);
        await screen.addInitScript(() => localStorage.setItem("playerLatency", "realtime"));
        await screen.goto(`${handles.server.url}/stream/${username}`);
        await screen.getByText(FULL).waitFor({ timeout: 20_000 });
        await expectPicturePlays(screen, "the fallback's picture");
        expect(await pictureSource(screen)).toBe("media source");
        await openSettings(screen);
        await screen.getByRole("menuitem", { name: /Latence\s*Faible latence/ }).waitFor();
        await screen.keyboard.press("Escape");

        if (process.env.SCREENSHOTS) {
          await inEveryLook(handles, admin, "/admin?tab=site", async (page, save) => {
            const field = page.getByLabel("Spectateurs en temps réel par live");
            await field.evaluate((input) => input.closest("section")?.scrollIntoView({ block: "center" }));
            await save("admin-realtime-viewers");
          });
          await inEveryLook(handles, null, null, async (page, save) => {
            await page.addInitScript(() => localStorage.setItem("playerLatency", "realtime"));
            await page.goto(`${handles.server.url}/stream/${username}`);
            await page.getByText(FULL).waitFor();
            await save("player-realtime-full");
          });
        }

        // The caster leaves: their place is given back at once, and the screen may take it.
        await caster.close();
        await waitFor("the caster's place freed", () => handles.server.deps.whep?.viewersOf(start.body.streamKey) === 0, 15_000);
        await chooseRealtime(screen);
        await playsInRealtime(screen, "the screen's real-time picture");

        if (process.env.SCREENSHOTS) {
          await screen.close();
          await setPlaces(adminPage, 20);
          await inEveryLook(handles, null, `/stream/${username}`, async (page, save) => {
            await expectPicturePlays(page, "the picture");
            await chooseRealtime(page);
            await playsInRealtime(page, "the real-time picture");
            await openSettings(page);
            await page.getByRole("menuitem", { name: /Latence\s*Temps réel/ }).click();
            await save("player-realtime");
          });
        }
      } finally {
        publisher.kill();
        await publisher.exited;
        await setPlaces(adminPage, 20);
      }
      // Twelve looks more when it takes the screenshots.
    },
    process.env.SCREENSHOTS ? 300_000 : undefined,
  );
});
