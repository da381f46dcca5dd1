import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Frame, Page } from "playwright-core";
import { inEveryLook, pageFor, type SignedIn, useServerAndBrowser } from "../fixtures/e2e.ts";
import { ADMIN_ENV, adminBrowserOf, fundedUser, publishedEvent } from "../fixtures/money.ts";
import { publishTestStream, waitFor } from "../fixtures/publisher.ts";
import { startedTournament } from "../fixtures/tournaments.ts";

// Embeds (issue 36, item 3) in a real browser: a page of another site (another origin: its own server on
// localhost, where Arena answers on 127.0.0.1) frames Arena's embed pages. The browser refuses the frame until an
// admin adds that site's origin in the console, then shows it; the bracket embed shows the bracket, the event
// embed's button leads to the event's page. SCREENSHOTS=1 also writes each embed and the dialogs at phone and
// desktop width, dark and light, to docs/screenshots/.

// Ingest for the screenshots only (a live player, a ticketed live refused): the journey itself pushes no live.
const handles = useServerAndBrowser(ADMIN_ENV, { ingest: Boolean(process.env.SCREENSHOTS) });

/** Another site: one page framing whatever `frames` names (id → address), served from its own origin. */
let host: ReturnType<typeof Bun.serve>;
let frames: Record<string, string> = {};
beforeAll(() => {
  host = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: () =>
      new Response(
        `<!doctype html><html><head><title>Blog</title></head><body><h1>Mon blog</h1>${Object.entries(frames)
          .map(([id, src]) => `<iframe id="${id}" src="${src}" width="800" height="500"></iframe>`)
          .join("")}</body></html>`,
        { headers: { "content-type": "text/html" } },
      ),
  });
});
afterAll(() => host.stop(true));
const hostOrigin = () => `http://localhost:${host.port}`;

/** The host page, once each frame has loaded or been refused (a page's load event waits for its frames). */
async function hostPage(page: Page): Promise<void> {
  await page.goto(`${hostOrigin()}/`);
}

/** The frame of the host page at `id`, or undefined when the browser refused to show it. */
async function shownFrame(page: Page, id: string): Promise<Frame | undefined> {
  const frame = await (await page.locator(`iframe#${id}`).elementHandle())!.contentFrame();
  // A refused frame shows the browser's error page instead (chrome-error://chromewebdata/).
  return frame?.url().startsWith(handles.server.url) ? frame : undefined;
}

describe("an embed in another site's page", () => {
  it("is refused until an admin allows that site, then shows the player, the bracket and the event's ticket button", async () => {
    const adminApi = await adminBrowserOf(handles.server);
    const streamer = await fundedUser(handles.server, adminApi, 1000);
    await streamer.browser.post("/api/stream/mychannel/init");
    const admin: SignedIn = { browser: adminApi, user: (await adminApi.get("/api/auth/me")).body.user };
    const organiser = await fundedUser(handles.server, adminApi, 1000);
    const { id: tournamentId, players } = await startedTournament(handles.server, organiser, 4);
    const event = await publishedEvent(organiser);
    const name = streamer.account.username;
    frames = {
      player: `${handles.server.url}/embed/${name}`,
      bracket: `${handles.server.url}/embed/tournament/${tournamentId}`,
      ticket: `${handles.server.url}/embed/event/${event.slug}?theme=light`,
    };

    const reader = await pageFor(handles, null);
    await hostPage(reader);
    expect(await shownFrame(reader, "player")).toBeUndefined();

    // The admin adds the blog's origin in the console; a wrong line is refused under the field first.
    const settings = await pageFor(handles, admin);
    await settings.goto(`${handles.server.url}/admin?tab=site`);
    const origins = settings.getByLabel("Origines autorisées à intégrer");
    const save = settings.locator("form.admin-embed-origins").getByRole("button", { name: "Enregistrer" });
    await origins.fill("localhost");
    await save.click();
    await settings.getByText("Chaque origine s'écrit https://hôte").waitFor();
    await origins.fill(hostOrigin());
    await save.click();
    await settings.getByText("Réglages enregistrés").first().waitFor();

    await reader.reload();
    const player = (await shownFrame(reader, "player"))!;
    expect(player).toBeDefined();
    await player.getByRole("heading", { name: `${name} n'est pas en direct` }).waitFor();
    const watch = player.getByRole("link", { name: /Regarder sur Arena/ });
    expect([await watch.getAttribute("href"), await watch.getAttribute("target")]).toEqual([`${handles.server.url}/stream/${name}`, "_blank"]);

    const bracket = (await shownFrame(reader, "bracket"))!;
    for (const player of players) await bracket.getByText(player.account.username).first().waitFor();
    // A match ended on the site shows in the frame at once (the tournament's room), its winner in the final.
    const firstMatch = (await organiser.browser.get(`/api/tournament/rounds/${tournamentId}`)).body.data[0].seeds[0] as { id: number; teams: { playerID: number }[] };
    const winner = players.find((player) => player.user.id === firstMatch.teams[0]!.playerID)!;
    expect((await organiser.browser.post(`/api/tournament/start-match/${firstMatch.id}`)).status).toBe(200);
    expect((await organiser.browser.post("/api/tournament/set-winner", { matchID: firstMatch.id, tournmentID: tournamentId, scorePlayer1: 2, scorePlayer2: 1 })).status).toBe(200);
    await bracket.getByRole("region", { name: "Finale", exact: true }).getByText(winner.account.username).waitFor();

    const ticket = (await shownFrame(reader, "ticket"))!;
    await ticket.getByRole("heading", { name: event.name }).waitFor();
    expect(await ticket.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    const buy = ticket.getByRole("link", { name: /Prendre un billet/ });
    expect([await buy.getAttribute("href"), await buy.getAttribute("target")]).toEqual([`${handles.server.url}/events/${event.slug}`, "_blank"]);
    const [eventPage] = await Promise.all([reader.context().waitForEvent("page"), buy.click()]);
    await eventPage!.waitForURL(`${handles.server.url}/events/${event.slug}`);

    // Any other page of the site stays refused in the same frame.
    frames = { other: `${handles.server.url}/stream/${name}` };
    await hostPage(reader);
    expect(await shownFrame(reader, "other")).toBeUndefined();
    if (process.env.SCREENSHOTS) await screenshots({ name, tournamentId, slug: event.slug, streamer });
  });
});

/** Each embed alone, the share dialogs, then the player live and the same live once it asks for a ticket. */
async function screenshots(subject: { name: string; tournamentId: number; slug: string; streamer: SignedIn & { user: { id: number } } }) {
  const { name, streamer } = subject;
  await inEveryLook(handles, null, null, async (page, save) => {
    for (const [shot, path, ready] of [
      ["embed-player", `/embed/${name}`, `${name} n'est pas en direct`],
      ["embed-chat", `/embed/${name}/chat`, "Chat"],
      ["embed-tournament", `/embed/tournament/${subject.tournamentId}`, "Voir sur Arena"],
      ["embed-event", `/embed/event/${subject.slug}`, "Prendre un billet"],
    ] as const) {
      await page.goto(`${handles.server.url}${path}`);
      await page.getByText(ready).first().waitFor();
      await page.waitForTimeout(300);
      await save(shot);
    }
  });
  await inEveryLook(handles, streamer, null, async (page, save, phone) => {
    await page.goto(`${handles.server.url}/stream/${name}`);
    if (phone) await page.getByRole("tab", { name: "Détails" }).click();
    await page.getByRole("button", { name: "Partager" }).click();
    await page.getByRole("dialog").getByRole("heading", { name: "Intégrer" }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await save("embed-share-stream");
    await page.goto(`${handles.server.url}/events/${subject.slug}`);
    await page.getByRole("button", { name: "Partager" }).click();
    await page.getByRole("dialog").getByText("Code de la carte de l'événement").waitFor();
    await page.waitForTimeout(300);
    await save("embed-share-event");
    await page.goto(`${handles.server.url}/tournament/${subject.tournamentId}`);
    await page.getByRole("button", { name: "Partager" }).click();
    await page.getByRole("dialog").getByText("Code de l'arbre").waitFor();
    await page.waitForTimeout(300);
    await save("embed-share-tournament");
  });

  const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Finale LAN", gameId: 1, tags: [] });
  handles.publishers.push(publishTestStream(`rtmp://127.0.0.1:${handles.rtmpPort}/live/${start.body.streamKey}`, { seconds: 300 }));
  await waitFor("the live", async () => (await streamer.browser.get(`/api/stream/stream/${name}`)).body.isLive === true, 30_000);
  await inEveryLook(handles, null, null, async (page, save) => {
    await page.goto(`${handles.server.url}/embed/${name}`);
    await page.waitForFunction(() => (document.querySelector("video")?.currentTime ?? 0) > 0.5);
    await save("embed-player-live");
  });
  const event = await publishedEvent(streamer);
  expect((await streamer.browser.put("/api/stream/channel-settings", { watch: { mode: "ticket", eventId: event.id } })).status).toBe(200);
  await inEveryLook(handles, null, null, async (page, save) => {
    await page.goto(`${handles.server.url}/embed/${name}`);
    await page.getByRole("link", { name: /Regarder sur Arena/ }).waitFor();
    await page.waitForTimeout(300);
    await save("embed-player-refused");
  });
}
