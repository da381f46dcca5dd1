import { describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { inEveryLook, newMemberContext, pageFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { expectPicturePlays } from "../fixtures/playback.ts";
import { publishTestStream, waitFor } from "../fixtures/publisher.ts";
import { writeSiteSettings } from "../../server/site/settings/settings.ts";

// "Temps réel" (issue 37, item 6): a caster picks it in the player's settings and the live plays over WebRTC; with the
// site's cap of one real-time viewer reached, a second viewer who chose it too is told so and plays over HTTP-FLV.

const handles = useServerAndBrowser({}, { ingest: true });

/** How the page's <video> gets its picture: a WebRTC stream, or a file address (mpegts.js's or hls.js's). */
const pictureSource = (page: Page) => page.evaluate(() => (document.querySelector("video")?.srcObject instanceof MediaStream ? "webrtc" : "media source"));

async function chooseRealtime(page: Page) {
  await page.getByRole("button", { name: "Paramètres" }).click();
  await page.getByRole("menuitem", { name: /Latence\s*Faible latence/ }).click();
  await page.getByRole("menuitemradio", { name: "Temps réel" }).click();
}

describe("real time", () => {
  it("plays the live over WebRTC to the cap, then in low latency with the reason", async () => {
    const streamer = await newMemberContext(handles);
    const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Finale en direct", gameId: 1, tags: [], description: "" });
    const username = streamer.account.username;
    const live = handles.server.deps.bus.next("stream:started", (event) => event.username === username);
    const publisher = publishTestStream(`rtmp://127.0.0.1:${handles.server.rtmpPort}/live/${start.body.streamKey}`, { seconds: 90 });
    await writeSiteSettings(handles.server.deps.db, { realtimeViewersPerLive: 1 }, streamer.user.id, Date.now());
    try {
      await live;
      const caster = await pageFor(handles, null);
      await caster.goto(`${handles.server.url}/stream/${username}`);
      await expectPicturePlays(caster, "the low-latency picture");
      await chooseRealtime(caster);
      await waitFor("the WebRTC picture", async () => (await pictureSource(caster)) === "webrtc", 20_000);
      await expectPicturePlays(caster, "the real-time picture");
      expect(handles.server.deps.whep?.viewersOf(start.body.streamKey)).toBe(1);
      expect(await caster.evaluate(() => localStorage.getItem("playerLatency"))).toBe("realtime");

      // The only place is taken: a second viewer who chose real time plays in low latency, and is told why.
      const screen = await pageFor(handles, null);
      await screen.addInitScript(() => localStorage.setItem("playerLatency", "realtime"));
      await screen.goto(`${handles.server.url}/stream/${username}`);
      await screen.getByText("Temps réel complet pour ce live : lecture en faible latence").waitFor({ timeout: 20_000 });
      await expectPicturePlays(screen, "the fallback's picture");
      expect(await pictureSource(screen)).toBe("media source");
      await screen.getByRole("button", { name: "Paramètres" }).click();
      await screen.getByRole("menuitem", { name: /Latence\s*Faible latence/ }).waitFor();
      await screen.keyboard.press("Escape");

      // The caster leaves: their place is given back at once (the player's DELETE), and the screen may take it.
      await caster.close();
      await waitFor("the caster's place freed", () => handles.server.deps.whep?.viewersOf(start.body.streamKey) === 0, 15_000);
      await chooseRealtime(screen);
      await waitFor("the screen's WebRTC picture", async () => (await pictureSource(screen)) === "webrtc", 20_000);
      await expectPicturePlays(screen, "the screen's real-time picture");

      if (process.env.SCREENSHOTS) {
        await screen.close();
        await writeSiteSettings(handles.server.deps.db, { realtimeViewersPerLive: 20 }, streamer.user.id, Date.now());
        await inEveryLook(handles, null, `/stream/${username}`, async (page, save) => {
          await expectPicturePlays(page, "the picture");
          await chooseRealtime(page);
          await waitFor("WebRTC", async () => (await pictureSource(page)) === "webrtc", 20_000);
          await page.getByRole("button", { name: "Paramètres" }).click();
          await page.getByRole("menuitem", { name: /Latence\s*Temps réel/ }).click();
          await save("player-realtime");
        });
      }
    } finally {
      await writeSiteSettings(handles.server.deps.db, { realtimeViewersPerLive: 20 }, streamer.user.id, Date.now());
      publisher.kill();
      await publisher.exited;
    }
  });
});
