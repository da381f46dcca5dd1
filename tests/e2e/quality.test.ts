import { describe, expect, it } from "bun:test";
import { useServerAndBrowser, visitorContext } from "../fixtures/e2e.ts";
import { publishTestStream, waitFor } from "../fixtures/publisher.ts";
import { signedInUser } from "../fixtures/server.ts";

/**
 * The Quality menu of a live transcoded by the quality ladder (LIVE_LADDER, issue 17 item 5): Auto,
 * then the source and each rendition, best first; choosing one switches hls.js to it.
 */
const handles = useServerAndBrowser({ LIVE_LADDER: "360p,240p" }, { ingest: true });

function videoHeight(page: import("playwright-core").Page): Promise<number> {
  return page.evaluate(() => document.querySelector("video")?.videoHeight ?? 0);
}

describe("the Quality menu over a quality ladder", () => {
  it("lists Auto, Source, 360p and 240p, and plays the level chosen", async () => {
    const { server, browser, rtmpPort, contexts, publishers } = handles;
    const { account, browser: api } = await signedInUser(server);
    const start = await api.post("/api/stream/startstreaming", { title: "Ladder", gameId: 1, tags: [], description: "" });
    const { streamKey } = start.body as { streamKey: string };
    publishers.push(publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, { seconds: 90, size: "854x480", lasts: "file" }));
    await waitFor("the master playlist", async () => (await fetch(`${server.url}/live/${account.username}/index.m3u8`)).text().then((text) => text.includes("240p.m3u8")), 30_000, 250);

    const context = await visitorContext(browser);
    contexts.push(context);
    // The standard latency (HLS), where the renditions are: the low-latency path carries the source only.
    await context.addInitScript(() => localStorage.setItem("playerLatency", "hls"));
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.url}/stream/${account.username}`);
    await waitFor("the live plays", async () => (await videoHeight(page)) > 0, 30_000, 100);

    await page.getByRole("button", { name: "Paramètres" }).click();
    await page.getByRole("menuitem", { name: /^Qualité/ }).click();
    const choices = page.getByRole("menuitemradio");
    await choices.nth(3).waitFor();
    expect((await choices.allTextContents()).map((text) => text.trim())).toEqual([expect.stringMatching(/^Auto/), "Source", "360p", "240p"]);
    await page.getByRole("menuitemradio", { name: "240p" }).click();
    await waitFor("the 240p rendition on screen", async () => (await videoHeight(page)) === 240, 30_000, 100);

    await page.getByRole("button", { name: "Paramètres" }).click();
    await page.getByRole("menuitem", { name: /^Qualité\s*240p/ }).click();
    await page.getByRole("menuitemradio", { name: "Source" }).click();
    await waitFor("the source back on screen", async () => (await videoHeight(page)) === 480, 30_000, 100);
  }, 120_000);
});
