import { describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { useServerAndBrowser, visitorContext } from "../fixtures/e2e.ts";
import { publishTestStream, waitFor } from "../fixtures/publisher.ts";
import { signedInUser } from "../fixtures/server.ts";

/**
 * The Quality menu (issue 17 item 5, issue 34 item 9). Over a quality ladder (LIVE_LADDER): Auto, then
 * the source and each rendition, best first, in both latency modes; a rendition chosen in low latency
 * plays over HLS at its size and says so. Without one: the source alone, at its size.
 */
const handles = useServerAndBrowser({ LIVE_LADDER: "360p,240p" }, { ingest: true });

/** One 480p live with its 360p and 240p renditions, shared by the tests that need a ladder. */
let ladderLive: Promise<string> | undefined;
function liveWithLadder(): Promise<string> {
  ladderLive ??= (async () => {
    const { username } = await startLive("854x480", "file");
    await waitFor("the master playlist", async () => (await playlist(username)).includes("240p.m3u8"), 30_000, 250);
    return username;
  })();
  return ladderLive;
}

async function startLive(size: string, lasts: "file" | "test"): Promise<{ username: string }> {
  const { server, rtmpPort, publishers } = handles;
  const { account, browser: api } = await signedInUser(server);
  const start = await api.post("/api/stream/startstreaming", { title: "Ladder", gameId: 1, tags: [], description: "" });
  const { streamKey } = start.body as { streamKey: string };
  const publisher = publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, { seconds: 90, size, lasts });
  if (lasts === "file") publishers.push(publisher);
  return { username: account.username };
}

async function playlist(username: string): Promise<string> {
  const response = await fetch(`${handles.server.url}/live/${username}/index.m3u8`);
  return response.ok ? response.text() : "";
}

/** A visitor playing the live in a latency mode; `requested` lists the addresses the page asked for. */
async function watch(username: string, latency: "low" | "hls"): Promise<{ page: Page; requested: string[] }> {
  const context = await visitorContext(handles.browser);
  handles.contexts.push(context);
  if (latency === "hls") await context.addInitScript(() => localStorage.setItem("playerLatency", "hls"));
  const page = await context.newPage();
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  page.setDefaultTimeout(10_000);
  await page.goto(`${handles.server.url}/stream/${username}`);
  await waitFor("the live plays", async () => (await videoHeight(page)) > 0, 30_000, 100);
  return { page, requested };
}

function videoHeight(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector("video")?.videoHeight ?? 0);
}

/** Opens the gear's menu and its Quality panel; the choices' texts, once `count` are listed. */
async function qualityChoices(page: Page, count: number): Promise<string[]> {
  await page.getByRole("button", { name: "Paramètres" }).click();
  await page.getByRole("menuitem", { name: /^Qualité/ }).click();
  const choices = page.getByRole("menuitemradio");
  await choices.nth(count - 1).waitFor();
  return (await choices.allTextContents()).map((text) => text.trim());
}

async function settingsLines(page: Page): Promise<string[]> {
  await page.getByRole("button", { name: "Paramètres" }).click();
  const lines = (await page.getByRole("menu").getByRole("menuitem").allTextContents()).map((text) => text.trim());
  await page.keyboard.press("Escape");
  return lines;
}

describe("the Quality menu over a quality ladder", () => {
  it("lists Auto, Source (480p), 360p and 240p in the standard latency, and plays the level chosen", async () => {
    const { page } = await watch(await liveWithLadder(), "hls");

    expect(await qualityChoices(page, 4)).toEqual([expect.stringMatching(/^Auto/), "Source (480p)", "360p", "240p"]);
    await page.getByRole("menuitemradio", { name: "240p" }).click();
    await waitFor("the 240p rendition on screen", async () => (await videoHeight(page)) === 240, 30_000, 100);

    await page.getByRole("button", { name: "Paramètres" }).click();
    await page.getByRole("menuitem", { name: /^Qualité\s*240p/ }).click();
    await page.getByRole("menuitemradio", { name: "Source (480p)" }).click();
    await waitFor("the source back on screen", async () => (await videoHeight(page)) === 480, 30_000, 100);
    // The viewer chose the standard latency: the source stays on HLS, and no note is said.
    expect(await settingsLines(page)).toContainEqual(expect.stringMatching(/^Latence\s*Standard \(HLS\)/));
    expect(await page.locator(".player").getByRole("status").textContent()).toBe("");
  }, 120_000);

  it("lists the renditions in low latency too: one chosen plays over HLS at its size and says so, the source brings low latency back", async () => {
    const username = await liveWithLadder();
    const { page, requested } = await watch(username, "low");
    const note = page.locator(".player").getByRole("status");
    // Low latency is HTTP-FLV, which carries the source only.
    expect(requested).toContain(`/live/${username}.flv`);
    expect(requested.filter((path) => path.endsWith(".ts"))).toEqual([]);
    expect(await videoHeight(page)).toBe(480);

    expect(await qualityChoices(page, 4)).toEqual(["Auto", "Source (480p)", "360p", "240p"]);
    expect(await page.getByRole("menuitemradio", { checked: true }).textContent()).toBe("Source (480p)");
    const renditionPlaylist = page.waitForRequest((request) => request.url().endsWith(`/live/${username}/360p.m3u8`));
    const before = requested.length;
    await page.getByRole("menuitemradio", { name: "360p" }).click();
    await note.getByText("360p : passage en latence standard (HLS)", { exact: true }).waitFor();
    await renditionPlaylist;
    await waitFor("the 360p rendition on screen", async () => (await videoHeight(page)) === 360, 30_000, 100);
    // HLS starts at the rendition chosen: the source's playlist and segments are never asked for.
    expect(requested.slice(before).filter((path) => path.includes("/source"))).toEqual([]);
    const lines = await settingsLines(page);
    expect(lines).toContainEqual(expect.stringMatching(/^Qualité\s*360p/));
    expect(lines).toContainEqual(expect.stringMatching(/^Latence\s*Standard \(HLS\)/));
    // A quality, not a latency: the next visit starts in low latency again.
    expect(await page.evaluate(() => localStorage.getItem("playerLatency"))).toBeNull();

    expect(await qualityChoices(page, 4)).toEqual([expect.stringMatching(/^Auto/), "Source (480p)", "360p", "240p"]);
    const flv = page.waitForRequest((request) => request.url().endsWith(`/live/${username}.flv`));
    await page.getByRole("menuitemradio", { name: "Source (480p)" }).click();
    await note.getByText("Source (480p) : retour en faible latence", { exact: true }).waitFor();
    await flv;
    await waitFor("the source back on screen", async () => (await videoHeight(page)) === 480, 30_000, 100);
    expect(await settingsLines(page)).toContainEqual(expect.stringMatching(/^Latence\s*Faible latence/));
  }, 120_000);
});

describe("the Quality menu of a live without a ladder", () => {
  it("shows the source alone at its size, in both latency modes, never '0 kb/s'", async () => {
    // No rung below a 240p source: the live is remuxed, and index.m3u8 is its media playlist, as with LIVE_LADDER off.
    const { username } = await startLive("426x240", "test");
    await waitFor("the live's playlist", async () => (await playlist(username)).includes("#EXTINF"), 30_000, 250);
    expect(await playlist(username)).not.toContain("#EXT-X-STREAM-INF");

    for (const latency of ["low", "hls"] as const) {
      const { page } = await watch(username, latency);
      expect(await qualityChoices(page, 1)).toEqual(["Source (240p)"]);
      expect(await page.getByRole("menuitemradio", { checked: true }).textContent()).toBe("Source (240p)");
      await page.getByRole("menuitem", { name: "Retour" }).click();
      expect(await page.getByRole("menuitem", { name: /^Qualité/ }).textContent()).toMatch(/^Qualité\s*Source \(240p\)/);
      expect(await page.locator(".player").textContent()).not.toContain("kb/s");
    }
  }, 120_000);
});
