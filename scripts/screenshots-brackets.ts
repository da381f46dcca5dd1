// Screenshots of issue 34, items 5 and 6, into docs/screenshots/:
// - brackets of 32 (single and double elimination) and 16 players with 20-character usernames, their first round
//   played and its first match at "Table 7", at 1366 px and on a 390 px phone, dark and light: every name whole,
//   the finished match's card still naming its station; the same 32 as a list by round (names wrap there);
// - a Swiss of six whose top 4 waits on a tie across its line: the organiser's choice, then the table once decided
//   ("Départagé par"), at 390 and 1440 px.
// Usage: bun scripts/screenshots-brackets.ts (needs the built web app and Debian's chromium).
import type { Page } from "playwright-core";
import { launchChromium } from "../tests/fixtures/chromium.ts";
import { signedInUser, startTestServer } from "../tests/fixtures/server.ts";
import { approvedInto, membersNamed, swissTiedOnTheCutLine } from "../tests/fixtures/tournaments.ts";
import { SCREENSHOTS_DIR, shoot } from "./lib/shoot.ts";

const BRACKET_SIZES = [
  { label: "390", width: 390, height: 844 },
  { label: "1366", width: 1366, height: 768 },
];
const SWISS_SIZES = [
  { label: "390", width: 390, height: 844 },
  { label: "1440", width: 1440, height: 900 },
];

const ADJECTIVES = ["Shadow", "Crimson", "Midnight", "Thunder", "Silver", "Frozen", "Golden", "Electric", "Phantom", "Radiant", "Savage", "Mystic", "Velvet", "Blazing", "Hollow", "Wicked"];
const NOUNS = ["Reaper", "Phoenix", "Falcon", "Wizard", "Knight", "Sniper", "Dragon", "Viking", "Samurai", "Ranger", "Panther", "Oracle", "Spectre", "Tempest", "Gladiator", "Corsair"];

/** `count` usernames of exactly 20 characters (the longest allowed), `prefix` keeping each field's own. */
function longNames(count: number, prefix: string): string[] {
  return Array.from({ length: count }, (_, i) => {
    const base = `${prefix}${ADJECTIVES[i % 16]}_${NOUNS[(i * 7) % 16]}_`;
    return `${base}${"X".repeat(20)}`.slice(0, 18) + String(i).padStart(2, "0");
  });
}

/** A Swiss page's table once loaded (not its skeleton); nothing on another page. */
async function swissTableShown(page: Page): Promise<void> {
  if ((await page.locator(".swiss-view").count()) > 0) await page.getByRole("table", { name: "Classement suisse" }).locator("tbody tr").first().waitFor();
}

const server = await startTestServer();
const browser = await launchChromium();
try {
  const organiser = await signedInUser(server, { username: "LanOrga" });

  /** A Swiss of ten over four rounds, no cut, played out with winners that depend only on the pair: ties of every kind. */
  const playedSwiss = async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ tournamentName: "Suisse du jeudi", format: "swiss", size: "10", swissRounds: "4", gameID: "1" })) form.append(key, value);
    const id = (await organiser.browser.post("/api/tournament/create-tournament", form)).body.id as number;
    const names = ["Aurora", "Bastion", "Comet_Rider", "Dynamo", "Echo_Seven", "Fable", "Gambit", "Harbor", "Ivory_Queen", "Jester"];
    await approvedInto(server, id, await membersNamed(server, names));
    await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id });
    for (let guard = 0; guard < 40; guard++) {
      const rounds = (await organiser.browser.get(`/api/tournament/rounds/${id}`)).body.data as { seeds: { id: string; finished: boolean; teams: { playerID: number | null }[] }[] }[];
      const match = rounds.flatMap((round) => round.seeds).find((seed) => !seed.finished && seed.teams.every((team) => team.playerID !== null));
      if (!match) break;
      const [a, b] = match.teams.map((team) => team.playerID!) as [number, number];
      const firstWins = (a * 7 + b * 13) % 5 < 3;
      await organiser.browser.post(`/api/tournament/start-match/${match.id}`);
      await organiser.browser.post("/api/tournament/set-winner", { matchID: match.id, tournmentID: id, scorePlayer1: firstWins ? 2 : 1, scorePlayer2: firstWins ? 1 : 2 });
    }
    return id;
  };

  const bracket = async (format: "s_elim" | "d_elim", size: number, prefix: string) => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ tournamentName: `Coupe des ${size}`, format, size: String(size), gameID: "1" })) form.append(key, value);
    const id = (await organiser.browser.post("/api/tournament/create-tournament", form)).body.id as number;
    await approvedInto(server, id, await membersNamed(server, longNames(size, prefix)));
    await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id });
    const { data } = (await organiser.browser.get(`/api/tournament/rounds/${id}`)).body;
    const firstRound = (Array.isArray(data) ? data : data.winnerBracket)[0].seeds as { id: string }[];
    const station = (await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Table 7" })).body.station;
    await organiser.browser.put(`/api/tournament/${id}/stations/${station.id}/match`, { matchID: firstRound[0]!.id });
    for (const seed of firstRound) {
      await organiser.browser.post(`/api/tournament/start-match/${seed.id}`);
      await organiser.browser.post("/api/tournament/set-winner", { matchID: seed.id, tournmentID: id, scorePlayer1: 2, scorePlayer2: 1 });
    }
    return id;
  };
  const single32 = await bracket("s_elim", 32, "");
  const double32 = await bracket("d_elim", 32, "D");
  const single16 = await bracket("s_elim", 16, "S");

  const swiss = await swissTiedOnTheCutLine(server, organiser, ["ZeldaPro", "Orion20", "KiraBlade", "NovaFox", "Pixelle"]);
  const standings = await playedSwiss();

  const shots = [
    { name: "bracket-32-single", path: `/tournament/${single32}?tab=brackets`, sizes: BRACKET_SIZES },
    { name: "bracket-32-double", path: `/tournament/${double32}?tab=brackets`, sizes: BRACKET_SIZES },
    { name: "bracket-16-single", path: `/tournament/${single16}?tab=brackets`, sizes: BRACKET_SIZES },
    { name: "bracket-32-list", path: `/tournament/${single32}?tab=brackets`, sizes: BRACKET_SIZES, list: true },
    { name: "swiss-cut-tie-organiser", path: `/tournament/${swiss.id}?tab=brackets`, sizes: SWISS_SIZES, as: organiser },
    { name: "swiss-cut-tie-visitor", path: `/tournament/${swiss.id}?tab=brackets`, sizes: SWISS_SIZES },
    { name: "swiss-tie-breaks", path: `/tournament/${standings}?tab=brackets`, sizes: SWISS_SIZES },
  ];
  for (const shot of shots) {
    await shoot(browser, server.url, {
      ...shot,
      fullPage: true,
      before: async (page) => {
        if (shot.list) await page.getByRole("button", { name: "Liste par tour" }).click();
        await page.locator("article.match-card").first().waitFor();
        await swissTableShown(page);
      },
    });
  }
  // The organiser decides (seed 3 goes through): the table then says what decided each place, the cut is drawn.
  await organiser.browser.post(`/api/tournament/${swiss.id}/top-cut`, { playerIds: [swiss.tied[1]] });
  await shoot(browser, server.url, { name: "swiss-cut-decided", path: `/tournament/${swiss.id}?tab=brackets`, sizes: SWISS_SIZES, fullPage: true, before: swissTableShown });
  console.log(`${(shots.length + 1) * 4} screenshots in ${SCREENSHOTS_DIR}`);
} finally {
  await browser.close();
  await server.stop();
}
