import { beforeAll, describe, expect, it } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { probe } from "../../media/probe.ts";
import { type ContextOptions, newMemberContext, pageFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { expectPicturePlays } from "../fixtures/playback.ts";
import { Browser, type TestServer } from "../fixtures/server.ts";
import { bridgeStarted, FAKE_MEDIA_ARGS } from "../fixtures/whip-page.ts";

/**
 * "Go live from this browser" (issue 37, item 3): a member goes live from the go-live dialog with chromium's fake
 * camera (WHIP to the same server), a second browser watches over HTTP-FLV and over HLS, the member stops, and the
 * replay lasts as long as the live. SCREENSHOTS=1 writes the dialog at phone and desktop width, dark and light.
 */

const handles = useServerAndBrowser({}, { ingest: true, chromiumArgs: FAKE_MEDIA_ARGS });
let server: TestServer;
beforeAll(() => void ({ server } = handles));

/** Opens the go-live dialog, fills the details and reaches the second step, where the browser section is. */
async function openSetup(page: Page, phone: boolean) {
  await page.goto(server.url);
  const goLive = page.getByRole("button", { name: "Lancer un live" });
  await (phone ? goLive.last() : page.getByRole("navigation", { name: "Navigation principale" }).getByRole("button", { name: "Lancer un live" })).click();
  const details = page.getByRole("dialog", { name: "Commencer" });
  await details.getByRole("textbox", { name: "Titre" }).fill("Finale depuis le navigateur");
  await details.getByRole("combobox", { name: "Jeu" }).click();
  await details.getByRole("option", { name: "League of Legends" }).click();
  await details.getByRole("button", { name: "Valider" }).click();
  const setup = page.getByRole("dialog", { name: "Configuration du live" });
  await setup.getByRole("button", { name: "Diffuser depuis ce navigateur" }).click();
  return setup;
}

describe("going live from this browser", () => {
  it("goes live with the camera, plays for a viewer over HTTP-FLV and HLS, stops, and leaves a replay of its length", async () => {
    const { context, user } = await newMemberContext(handles);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const setup = await openSetup(page, false);
    await setup.getByRole("button", { name: "Caméra et micro" }).click();
    await setup.getByText("Aperçu prêt : lancez le direct quand vous voulez.").waitFor();
    await expectPicturePlays(page, "preview");
    expect(await setup.getByRole("combobox", { name: "Débit vidéo (selon votre connexion)" }).inputValue()).toMatch(/^\d+$/);

    const started = server.deps.bus.next("stream:started", (e) => e.username === user.username);
    const bridged = bridgeStarted(server);
    await setup.getByRole("button", { name: "Passer en direct" }).click();
    await setup.getByText("Vous êtes en direct.").waitFor();
    // The replay holds the picture from the bridge's first frame (ffmpeg reads a few seconds of it before it publishes).
    const liveFrom = await bridged;
    await started;

    const flvViewer = await pageFor(handles, null);
    await flvViewer.goto(`${server.url}/stream/${user.username}`);
    await expectPicturePlays(flvViewer, "HTTP-FLV");
    expect(await flvViewer.evaluate(() => document.querySelector("video")?.currentSrc)).toStartWith("blob:");
    const hlsContext = flvViewer.context();
    await hlsContext.addInitScript(() => localStorage.setItem("playerLatency", "hls"));
    const hlsViewer = await hlsContext.newPage();
    const hlsRequest = hlsViewer.waitForRequest((request) => request.url().endsWith(`/live/${user.username}/index.m3u8`));
    await hlsViewer.goto(`${server.url}/stream/${user.username}`);
    await hlsRequest;
    await expectPicturePlays(hlsViewer, "HLS");

    const ended = server.deps.bus.next("stream:ended", (e) => e.username === user.username);
    const replayReady = server.deps.bus.next("replay:ready");
    await setup.getByRole("button", { name: "Arrêter le direct" }).click();
    const liveSeconds = (Date.now() - liveFrom) / 1000;
    await setup.getByRole("button", { name: "Passer en direct" }).waitFor();
    await ended;
    const { replayId } = await replayReady;
    const replay = (await new Browser(server.url).get(`/api/stream/replays/${replayId}`)).body.replay;
    expect(replay).toMatchObject({ title: "Finale depuis le navigateur", username: user.username });
    const file = await probe(`${server.url}/recordings/${replay.filePath}`);
    expect(file.streams.map((s) => s.codec_name).sort()).toEqual(["aac", "h264"]);
    expect({ replay: file.duration, live: liveSeconds, within2s: Math.abs(file.duration - liveSeconds) <= 2 }).toMatchObject({ within2s: true });
  });

  it.if(Boolean(process.env.SCREENSHOTS))("draws the browser section of the go-live dialog at phone and desktop width, dark and light", async () => {
    const out = join(import.meta.dir, "../../docs/screenshots");
    for (const viewport of [
      { width: 375, height: 812 },
      { width: 1440, height: 900 },
    ]) {
      for (const theme of ["dark", "light"] as const) {
        const options: ContextOptions = { viewport, theme };
        const { context } = await newMemberContext(handles, options);
        const page = await context.newPage();
        const setup = await openSetup(page, viewport.width < 768);
        await setup.getByRole("button", { name: "Caméra et micro" }).click();
        await expectPicturePlays(page, "preview");
        await setup.getByRole("button", { name: "Passer en direct" }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(out, `go-live-browser-${viewport.width}-${theme}.png`) });
        await context.close();
      }
    }
  });
});
