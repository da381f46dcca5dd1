// Screenshots of the Quality menu over a quality ladder (issue 34, item 9) at phone (390 px) and desktop width, dark and
// light, into docs/screenshots/: the menu open in the default low-latency mode, listing Auto, the source and its
// renditions; then the note the player shows once 480p moved it to the standard latency (HLS); and the menu of a live
// without a ladder (a 360p source, no rung below it): its source alone, at its size.
// Usage: bun scripts/screenshots-quality.ts (needs the built web app, ffmpeg and Debian's chromium).
import type { Page } from "playwright-core";
import { launchChromium } from "../tests/fixtures/chromium.ts";
import { publishTestStream, waitFor } from "../tests/fixtures/publisher.ts";
import { signedInUser, startTestServer } from "../tests/fixtures/server.ts";
import { SCREENSHOTS_DIR, type ScreenSize, shoot } from "./lib/shoot.ts";

const SIZES: ScreenSize[] = [
  { label: "390", width: 390, height: 844 },
  { label: "1440", width: 1440, height: 900 },
];

const server = await startTestServer({ LIVE_LADDER: "480p,360p" }, { ingest: true });
const browser = await launchChromium();
const publishers = [await goLive("ZeldaPro", "1280x720"), await goLive("PetitStream", "640x360")];
try {
  const master = `${server.url}/live/ZeldaPro/index.m3u8`;
  await waitFor("the master playlist", async () => (await fetch(master).then((response) => response.text())).includes("360p.m3u8"), 60_000, 250);

  const shootLive = (name: string, username: string, before: (page: Page) => Promise<void>) => shoot(browser, server.url, { name, path: `/stream/${username}`, before, sizes: SIZES });
  await shootLive("quality-menu-low-latency", "ZeldaPro", (page) => openQualityMenu(page, 4));
  await shootLive("quality-note-hls", "ZeldaPro", async (page) => {
    await openQualityMenu(page, 4);
    await page.getByRole("menuitemradio", { name: "480p" }).click();
    await page.locator(".player-note").waitFor();
    await waitFor("the 480p rendition on screen", () => page.evaluate(() => document.querySelector("video")?.videoHeight === 480), 30_000, 100);
  });
  await waitFor("the live without a ladder", async () => (await fetch(`${server.url}/live/PetitStream/index.m3u8`)).ok, 60_000, 250);
  await shootLive("quality-menu-no-ladder", "PetitStream", (page) => openQualityMenu(page, 1));
  console.log(`12 screenshots in ${SCREENSHOTS_DIR}`);
} finally {
  for (const publisher of publishers) publisher.kill("SIGKILL");
  await browser.close();
  await server.stop();
}

/** Once the live plays, the gear's Quality panel, with its `choices` listed. */
async function openQualityMenu(page: Page, choices: number): Promise<void> {
  await waitFor("the live plays", () => page.evaluate(() => (document.querySelector("video")?.videoHeight ?? 0) > 0), 30_000, 100);
  await page.getByRole("button", { name: "Paramètres" }).click();
  await page.getByRole("menuitem", { name: /^Qualité/ }).click();
  await page
    .getByRole("menuitemradio")
    .nth(choices - 1)
    .waitFor();
}

async function goLive(username: string, size: string) {
  const streamer = await signedInUser(server, { username });
  const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Finale LAN — Bo3 casté en direct", gameId: 1, tags: ["lan"], description: "" });
  return publishTestStream(`rtmp://127.0.0.1:${server.rtmpPort}/live/${(start.body as { streamKey: string }).streamKey}`, { seconds: 600, size, lasts: "file" });
}
