import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ADMIN_ENV, adminBrowserOf } from "../../tests/fixtures/money.ts";
import { Browser, signedInUser, type TestServer, startTestServer } from "../../tests/fixtures/server.ts";
import { CYCLES_TABLE } from "../../tests/fixtures/swiss-cycles.ts";
import { approvedInto, membersNamed, swissTiedOnTheCutLine } from "../../tests/fixtures/tournaments.ts";

// Issue 34, item 5: a tie across a Swiss top cut's line is never settled silently. The cut waits,
// the table says so, and only the organiser (or an admin) picks who goes through.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
});
afterAll(() => server.stop());

const table = async (id: number) => (await new Browser(server.url).get(`/api/tournament/swiss/${id}`)).body;
const bracketOf = async (id: number) => (await server.deps.db.selectFrom("tournament").select("bracket").where("id", "=", id).executeTakeFirstOrThrow()).bracket;
const cutPlayers = async (id: number) => {
  const rounds = (await new Browser(server.url).get(`/api/tournament/rounds/${id}`)).body.data as { title: string; seeds: { teams: { playerID: number | null }[] }[] }[];
  return rounds
    .filter((round) => !round.title.startsWith("Swiss"))
    .flatMap((round) => round.seeds.flatMap((seed) => seed.teams.map((team) => team.playerID)))
    .filter((playerId) => playerId !== null)
    .sort((a, b) => a! - b!);
};

describe("a tie on the Swiss top cut's line (issue 34, item 5)", () => {
  it("holds the cut until the organiser picks among the tied players, refusing anyone else and any other choice", async () => {
    const organiser = await signedInUser(server);
    const { id, seeds, tied } = await swissTiedOnTheCutLine(server, organiser);

    // Seeds 1, 4, 5 share first place; 2, 3, 6 share fourth, across the line of a top 4.
    const waiting = await table(id);
    expect(waiting).toMatchObject({ roundsPlayed: 3, topCut: 4, cutDrawn: false });
    expect(waiting.cutTie.places).toBe(1);
    expect(waiting.cutTie.players.map((p: { playerID: number }) => p.playerID)).toEqual(tied);
    expect(waiting.rows.map((row: { playerID: number; rank: number; shared: boolean }) => [seeds.indexOf(row.playerID) + 1, row.rank, row.shared])).toEqual([...CYCLES_TABLE]);
    expect(await cutPlayers(id)).toEqual([]);
    expect((await new Browser(server.url).get(`/api/tournament/${id}`)).body.isFinished).toBe(false);

    const before = await bracketOf(id);
    const choose = (who: Browser, playerIds: unknown) => who.post(`/api/tournament/${id}/top-cut`, { playerIds });
    const stranger = await signedInUser(server);
    expect((await choose(new Browser(server.url), [tied[0]])).status).toBe(401);
    const refused = await choose(stranger.browser, [tied[0]]);
    expect([refused.status, refused.body.code]).toEqual([403, "tournament_admin_only"]);
    for (const wrong of [[tied[0], tied[1]], [seeds[0]], [tied[0], tied[0]], [], "everyone"]) {
      const answer = await choose(organiser.browser, wrong);
      expect([answer.status, answer.body.code]).toEqual([400, "top_cut_choice_invalid"]);
    }
    const french = await organiser.browser.speaking("fr").post(`/api/tournament/${id}/top-cut`, { playerIds: [seeds[0]] });
    expect(french.body.msg).toBe("Choisissez, parmi les joueurs à égalité, autant de qualifiés qu'il reste de places.");
    expect(await bracketOf(id)).toBe(before);

    const decided = await choose(organiser.browser, [tied[2]]);
    expect([decided.status, decided.body.message]).toEqual([200, "Top cut drawn"]);
    expect(await cutPlayers(id)).toEqual([seeds[0]!, seeds[3]!, seeds[4]!, tied[2]!].sort((a, b) => a - b));
    const after = await table(id);
    expect(after).toMatchObject({ cutDrawn: true, cutTie: null });
    const row = (playerId: number) => after.rows.find((r: { playerID: number }) => r.playerID === playerId);
    expect([row(tied[2]!).rank, row(tied[2]!).tieBreak]).toEqual([4, "organiser"]);
    // The two left behind, now ranked afresh between themselves: seed 3 beat seed 2.
    expect([row(seeds[2]!).rank, row(seeds[2]!).tieBreak, row(seeds[1]!).rank, row(seeds[1]!).tieBreak]).toEqual([5, "head_to_head", 6, "head_to_head"]);

    const again = await choose(organiser.browser, [tied[0]]);
    expect([again.status, again.body.code]).toEqual([409, "top_cut_not_waiting"]);
  });

  it("lets a site admin settle it too", async () => {
    const organiser = await signedInUser(server);
    const { id, tied } = await swissTiedOnTheCutLine(server, organiser);
    const admin = await adminBrowserOf(server);
    expect((await admin.post(`/api/tournament/${id}/top-cut`, { playerIds: [tied[0]] })).status).toBe(200);
    expect((await table(id)).cutDrawn).toBe(true);
  });

  it("refuses a choice where nothing waits: a Swiss still in its rounds, another format, a tournament not started", async () => {
    const organiser = await signedInUser(server);
    const started = async (format: string, size: number, extra: Record<string, string> = {}) => {
      const form = new FormData();
      for (const [key, value] of Object.entries({ tournamentName: `Coupe ${format}`, format, size: String(size), gameID: "1", ...extra })) form.append(key, value);
      const id = (await organiser.browser.post("/api/tournament/create-tournament", form)).body.id as number;
      await approvedInto(
        server,
        id,
        await membersNamed(
          server,
          Array.from({ length: size }, (_, i) => `nw${format}${i}${Math.random().toString(36).slice(2, 7)}`),
        ),
      );
      expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id })).status).toBe(200);
      return id;
    };
    for (const id of [await started("swiss", 6, { topCut: "4" }), await started("s_elim", 4)]) {
      const answer = await organiser.browser.post(`/api/tournament/${id}/top-cut`, { playerIds: [organiser.user.id] });
      expect([answer.status, answer.body.code]).toEqual([409, "top_cut_not_waiting"]);
    }
    const form = new FormData();
    for (const [key, value] of Object.entries({ tournamentName: "Pas commencé", format: "swiss", size: "6", topCut: "4", gameID: "1" })) form.append(key, value);
    const waiting = (await organiser.browser.post("/api/tournament/create-tournament", form)).body.id as number;
    const notStarted = await organiser.browser.post(`/api/tournament/${waiting}/top-cut`, { playerIds: [organiser.user.id] });
    expect([notStarted.status, notStarted.body.code]).toEqual([409, "tournament_not_started"]);
    expect((await organiser.browser.post("/api/tournament/999999/top-cut", { playerIds: [1] })).status).toBe(404);
  });
});
