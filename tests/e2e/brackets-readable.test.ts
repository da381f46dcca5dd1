import { describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { useServerAndBrowser, visitorContext } from "../fixtures/e2e.ts";
import { Browser as Api, signedInUser } from "../fixtures/server.ts";
import { approvedInto, membersNamed } from "../fixtures/tournaments.ts";

// Issue 34, item 6: a 16- or 32-player bracket at 1366 px (and on a phone) shows every username whole,
// 20 characters included, and a finished match's card still names the station it was played at.

const h = useServerAndBrowser();

interface Seed {
  id: string;
  finished: boolean;
  teams: { playerID: number | null }[];
}
type Rounds = { seeds: Seed[] }[];

/** Twenty characters each, wide letters first: the longest a username may be ([A-Za-z0-9_]{3,20}). */
function longNames(count: number): string[] {
  const tag = Math.random().toString(36).slice(2, 6);
  return Array.from({ length: count }, (_, i) => `MW_${tag}_Warrior_${String(i).padStart(3, "0")}`.padEnd(20, "W").slice(0, 20));
}

/** A started bracket of `size` players with 20-character names whose first round is played, its first match at "Table 7". */
async function playedFirstRound(format: "s_elim" | "d_elim", size: 16 | 32) {
  const organiser = await signedInUser(h.server);
  const form = new FormData();
  for (const [key, value] of Object.entries({ tournamentName: `Lisible ${format} ${size}`, format, size: String(size), gameID: "1" })) form.append(key, value);
  const id = (await organiser.browser.post("/api/tournament/create-tournament", form)).body.id as number;
  const names = longNames(size);
  await approvedInto(h.server, id, await membersNamed(h.server, names));
  expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id })).status).toBe(200);
  const { data } = (await new Api(h.server.url).get(`/api/tournament/rounds/${id}`)).body as { data: Rounds | { winnerBracket: Rounds } };
  const firstRound = (Array.isArray(data) ? data : data.winnerBracket)[0]!.seeds;
  const station = (await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Table 7" })).body.station;
  expect((await organiser.browser.put(`/api/tournament/${id}/stations/${station.id}/match`, { matchID: firstRound[0]!.id })).status).toBe(200);
  for (const seed of firstRound) {
    expect((await organiser.browser.post(`/api/tournament/start-match/${seed.id}`)).status).toBe(200);
    expect((await organiser.browser.post("/api/tournament/set-winner", { matchID: seed.id, tournmentID: id, scorePlayer1: 2, scorePlayer2: 1 })).status).toBe(200);
  }
  return { id, names, stationMatch: firstRound[0]!.id };
}

/** Every name on the bracket's cards, whether it shows whole: nothing scrolled away inside it, nothing past its card. */
function namesOnCards(page: Page) {
  return page.locator(".bracket article.match-card .match-team-name").evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      const card = element.closest("article")!.getBoundingClientRect();
      return { text: element.textContent ?? "", whole: element.scrollWidth <= element.clientWidth && box.left >= card.left && box.right <= card.right };
    }),
  );
}

async function open(id: number, viewport: { width: number; height: number }): Promise<Page> {
  const context = await visitorContext(h.browser, viewport);
  h.contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${h.server.url}/tournament/${id}?tab=brackets`);
  await page.locator(".bracket article.match-card").first().waitFor();
  return page;
}

describe("brackets readable at 16 and 32 players (issue 34, item 6)", () => {
  for (const format of ["s_elim", "d_elim"] as const) {
    for (const size of [16, 32] as const) {
      it(`${format}, ${size} players at 1366 px: every 20-character name whole on every card, and a finished match keeps its station`, async () => {
        const { id, names, stationMatch } = await playedFirstRound(format, size);
        const page = await open(id, { width: 1366, height: 768 });
        const shown = await namesOnCards(page);
        // Every player is on a first-round card, and the winners again in the next round.
        expect(shown.filter((name) => names.includes(name.text)).length).toBeGreaterThanOrEqual(size + size / 2);
        expect(shown.filter((name) => !name.whole)).toEqual([]);
        // The bracket scrolls in its own strip: the page itself never scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        const finished = page.locator(`article.match-card-finished[data-match-id="${stationMatch}"]`);
        expect((await finished.locator(".station-tag-name").textContent())?.trim()).toBe("Poste Table 7");
      });
    }
  }

  it("on a phone (390 px), the 32-player bracket's names are whole too", async () => {
    const { id } = await playedFirstRound("s_elim", 32);
    const page = await open(id, { width: 390, height: 844 });
    const shown = await namesOnCards(page);
    expect(shown.length).toBeGreaterThan(32);
    expect(shown.filter((name) => !name.whole)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
