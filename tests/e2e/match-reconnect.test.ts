import { describe, expect, it } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { pageFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { expectPicturePlays } from "../fixtures/playback.ts";
import { publishTestStream } from "../fixtures/publisher.ts";
import { Browser, signedInUser } from "../fixtures/server.ts";
import { startedTournament } from "../fixtures/tournaments.ts";

// A reconnect that lasts the match (issue 37, item 5), as a viewer sees it: the caster's encoder drops during a
// match on their station; the stream page says "Reconnexion du diffuseur…" over the player instead of ending the
// live, and plays again once the encoder is back; a page opened during the wait, and the embedded player, say it
// too. SCREENSHOTS=1 also writes the notice at phone and desktop width,
// dark and light, to docs/screenshots/.

const handles = useServerAndBrowser({}, { ingest: true });

describe("a dropped encoder during a match", () => {
  it("shows the viewers the broadcaster reconnecting, then the same live playing again", async () => {
    const caster = await signedInUser(handles.server);
    const start = await caster.browser.post("/api/stream/startstreaming", { title: "Finale sur scène", gameId: 1, tags: [], description: "" });
    const ingest = `rtmp://127.0.0.1:${handles.server.rtmpPort}/live/${start.body.streamKey}`;
    const username = caster.account.username;
    const organiser = await signedInUser(handles.server);
    const { id } = await startedTournament(handles.server, organiser, 4, { tournamentName: "LAN Reconnect" });
    const station = (await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Scène", channel: username })).body.station;
    await caster.browser.post(`/api/tournament/${id}/stations/${station.id}/answer`, { accept: true });
    await organiser.browser.put(`/api/tournament/${id}/auto-assign`, { autoAssign: true });
    const { stations } = (await new Browser(handles.server.url).get(`/api/tournament/${id}/stations`)).body;

    const started = handles.server.deps.bus.next("stream:started", (e) => e.username === username);
    const first = publishTestStream(ingest, { seconds: 120 });
    await started;
    expect((await organiser.browser.post(`/api/tournament/start-match/${stations[0].matchID}`)).status).toBe(200);
    const viewer = await pageFor(handles, null);
    await viewer.goto(`${handles.server.url}/stream/${username}`);
    await expectPicturePlays(viewer);
    const looks = process.env.SCREENSHOTS ? await pagesInEveryLook(username) : [];

    const reconnecting = handles.server.deps.bus.next("stream:reconnecting", (e) => e.username === username);
    // The encoder's machine drops off the network: no goodbye on the RTMP connection.
    first.kill("SIGKILL");
    await reconnecting;
    const notice = viewer.getByRole("status").filter({ hasText: "Reconnexion du diffuseur…" });
    await notice.waitFor();
    await viewer.getByText("Le direct reprend dès que son encodeur revient.").waitFor();
    // Pages opened during the wait missed the event: the stream page and the embedded player start from the stream's answer.
    const late = await pageFor(handles, null);
    await late.goto(`${handles.server.url}/stream/${username}`);
    const lateNotice = late.getByRole("status").filter({ hasText: "Reconnexion du diffuseur…" });
    await lateNotice.waitFor();
    const embed = await pageFor(handles, null);
    await embed.goto(`${handles.server.url}/embed/${username}`);
    const embedNotice = embed.getByRole("status").filter({ hasText: "Reconnexion du diffuseur…" });
    await embedNotice.waitFor();
    for (const [name, page] of looks) {
      await page.getByText("Reconnexion du diffuseur…").waitFor();
      await page.screenshot({ path: join(import.meta.dir, "../../docs/screenshots", `match-reconnecting-${name}.png`) });
    }

    const resumed = handles.server.deps.bus.next("stream:resumed", (e) => e.username === username);
    handles.server.moveClock(60_000);
    publishTestStream(ingest, { seconds: 60 });
    await resumed;
    await notice.waitFor({ state: "detached" });
    await expectPicturePlays(viewer);
    await lateNotice.waitFor({ state: "detached" });
    await embedNotice.waitFor({ state: "detached" });
    await expectPicturePlays(embed);
  }, 120_000);
});

/** The stream page at phone and desktop width, dark and light, open before the drop (the notice follows a live event). */
async function pagesInEveryLook(username: string): Promise<[string, Page][]> {
  const pages: [string, Page][] = [];
  for (const [width, viewport] of [
    ["375", { width: 375, height: 812 }],
    ["1440", { width: 1440, height: 900 }],
  ] as const) {
    for (const theme of ["dark", "light"] as const) {
      const page = await pageFor(handles, null, { viewport, theme });
      await page.goto(`${handles.server.url}/stream/${username}`);
      await page.locator("video").waitFor();
      pages.push([`${width}-${theme}`, page]);
    }
  }
  return pages;
}
