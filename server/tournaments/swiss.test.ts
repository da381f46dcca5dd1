import { describe, expect, it } from "bun:test";
import fc from "fast-check";
import { CYCLES_TABLE, cycleWinner } from "../../tests/fixtures/swiss-cycles.ts";
import { type BracketState, champion, endMatch, isFinished, matchesOf, playerIdOf, RESULTS, startMatch } from "./engine.ts";
import {
  advanceSwiss,
  createSwiss,
  cutStateOf,
  cutTieOf,
  decideCut,
  effectiveTopCut,
  isSwissComplete,
  pairRound,
  type SwissGame,
  standingsFromGames,
  swissChampion,
  swissSettings,
  swissStandings,
} from "./swiss.ts";
import { defaultSwissRounds, maxSwissRounds } from "../../shared/tournaments.ts";

const { Status } = RESULTS;

/** What the test itself saw happen, kept apart from the engine's state so the checks do not read it back. */
interface Seen {
  rounds: { players: number[]; pairs: [number, number][]; byes: number[] }[];
  wins: Map<number, number>;
  beat: Set<string>;
  opponents: Map<number, number[]>;
  /** A tie on the cut line the test settled: the tied players, the places they shared, whom it put through. */
  cutTie: { players: number[]; places: number; chosen: number[] } | null;
}

const picker = (seed: number) => {
  let x = seed || 1;
  return (max: number) => {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    return max <= 0 ? 0 : x % (max + 1);
  };
};

/** Plays the Swiss rounds through the engine, recording each round as it is drawn, then the top cut. */
async function playSwiss(size: number, rounds: number, topCut: number, pick: (max: number) => number) {
  const players = Array.from({ length: size }, (_, i) => 100 + i);
  let state: BracketState = createSwiss(players, rounds, topCut);
  const seen: Seen = { rounds: [], wins: new Map(), beat: new Set(), opponents: new Map(), cutTie: null };
  const recorded = new Set<number>();
  const record = () => {
    for (const round of (state.round as { id: number; stage_id: number }[]).filter((r) => r.stage_id === 0 && !recorded.has(r.id))) {
      recorded.add(round.id);
      // A new round is drawn only once every match before it is finished.
      const earlier = matchesOf(state).filter((m) => m.stage_id === 0 && m.round_id !== round.id && recorded.has(m.round_id as number));
      expect(earlier.every(isFinished)).toBe(true);
      const matches = matchesOf(state).filter((m) => m.round_id === round.id);
      const pairs: [number, number][] = [];
      const byes: number[] = [];
      for (const m of matches) {
        const a = playerIdOf(state, m.opponent1?.id as number)!;
        const b = playerIdOf(state, m.opponent2?.id as number | null);
        if (b === null) {
          byes.push(a);
          seen.wins.set(a, (seen.wins.get(a) ?? 0) + 1);
        } else pairs.push([a, b]);
      }
      seen.rounds.push({ players: [...pairs.flat(), ...byes], pairs, byes });
    }
  };
  record();
  for (let guard = 0; guard < 5000 && !isSwissComplete(state); guard++) {
    const ready = matchesOf(state).filter((m) => m.status === Status.Ready);
    if (ready.length === 0) {
      // Nothing to play and not over: the cut waits on a tie across its line, which the organiser settles.
      const tie = cutTieOf(state)!;
      expect(tie).not.toBeNull();
      expect(seen.cutTie).toBeNull();
      // A real tie: the same figures, as many wins among themselves, and the line runs through it.
      const key = figures(seen);
      const winsAmong = (p: number) => tie.players.filter((o) => seen.beat.has(`${p}>${o}`)).length;
      for (const p of tie.players) expect([...key(p), winsAmong(p)]).toEqual([...key(tie.players[0]!), winsAmong(tie.players[0]!)]);
      expect(tie.places).toBeGreaterThan(0);
      expect(tie.places).toBeLessThan(tie.players.length);
      const chosen = [...tie.players].sort(() => pick(1) - 0.5).slice(0, tie.places);
      seen.cutTie = { ...tie, chosen };
      state = await decideCut(state, chosen);
      continue;
    }
    const match = ready[pick(ready.length - 1)]!;
    const inSwiss = match.stage_id === 0;
    state = await startMatch(state, match.id as number);
    let [sa, sb] = [pick(3), pick(3)];
    if (sa === sb) sb = sa + 1;
    state = await endMatch(state, "swiss", match.id as number, sa, sb);
    if (inSwiss) {
      const [a, b] = [playerIdOf(state, match.opponent1?.id as number)!, playerIdOf(state, match.opponent2?.id as number)!];
      const [winner, loser] = sa > sb ? [a, b] : [b, a];
      seen.wins.set(winner, (seen.wins.get(winner) ?? 0) + 1);
      seen.beat.add(`${winner}>${loser}`);
      seen.opponents.set(a, [...(seen.opponents.get(a) ?? []), b]);
      seen.opponents.set(b, [...(seen.opponents.get(b) ?? []), a]);
    }
    state = await advanceSwiss(state);
    record();
  }
  return { state, seen, players };
}

/** The tie-break figures recomputed from what the test saw: points, Buchholz, Sonneborn-Berger, opponents' Buchholz. */
function figures(seen: Seen) {
  const points = (p: number) => seen.wins.get(p) ?? 0;
  const buchholz = (p: number) => (seen.opponents.get(p) ?? []).reduce((sum, o) => sum + points(o), 0);
  const sonnebornBerger = (p: number) => (seen.opponents.get(p) ?? []).reduce((sum, o) => sum + (seen.beat.has(`${p}>${o}`) ? points(o) : 0), 0);
  const opponentsBuchholz = (p: number) => (seen.opponents.get(p) ?? []).reduce((sum, o) => sum + buchholz(o), 0);
  return (p: number) => [points(p), buchholz(p), sonnebornBerger(p), opponentsBuchholz(p)] as const;
}

/**
 * The standings' invariants, recomputed from what the test saw: the figures, their order, a
 * head-to-head between two, and, among players level on points and Buchholz who never met one
 * another, the order by Sonneborn-Berger then opponents' Buchholz and the tie-break each row names.
 */
function checkStandings(state: BracketState, seen: Seen, players: number[]) {
  const rows = swissStandings(state);
  expect(rows.map((r) => r.playerId).sort()).toEqual([...players].sort());
  const key = figures(seen);
  for (const row of rows) expect([row.pts, row.buchholz, row.sonnebornBerger, row.opponentsBuchholz]).toEqual([...key(row.playerId)]);
  for (let i = 1; i < rows.length; i++) {
    const [above, below] = [rows[i - 1]!, rows[i]!];
    const [ka, kb] = [key(above.playerId), key(below.playerId)];
    expect(ka[0] > kb[0] || (ka[0] === kb[0] && ka[1] >= kb[1])).toBe(true);
    expect(below.rank >= above.rank).toBe(true);
    // Exactly two level on points and Buchholz, who met: the winner of their game is above.
    const level = rows.filter((r) => r.pts === above.pts && r.buchholz === above.buchholz);
    if (level.length === 2 && ka[0] === kb[0] && ka[1] === kb[1] && seen.beat.has(`${below.playerId}>${above.playerId}`))
      throw new Error(`head-to-head ignored: ${below.playerId} beat ${above.playerId}`);
  }
  const same = (a: number, b: number, depth: number) => key(a).slice(0, depth).join() === key(b).slice(0, depth).join();
  const chosen = seen.cutTie?.chosen ?? [];
  for (const row of rows) {
    const p = row.playerId;
    const group = rows.filter((r) => same(r.playerId, p, 2)).map((r) => r.playerId);
    const met = group.some((a) => group.some((b) => seen.beat.has(`${a}>${b}`)));
    if (met || seen.cutTie?.players.includes(p)) continue;
    // Nobody in the group met: head-to-head says nothing, and the group is in Sonneborn-Berger, then opponents' Buchholz order.
    for (const other of rows.filter((r) => group.includes(r.playerId))) {
      const [mine, theirs] = [key(p), key(other.playerId)];
      if (other.rank < row.rank) expect(theirs[2] > mine[2] || (theirs[2] === mine[2] && theirs[3] > mine[3])).toBe(true);
      if (other.rank === row.rank) expect(same(p, other.playerId, 4)).toBe(true);
    }
    // Each criterion that splits the players level with p so far is the latest to have decided p's place.
    const alike = [rows.length, ...[1, 2, 3, 4].map((depth) => rows.filter((r) => same(r.playerId, p, depth)).length)];
    const steps = [null, "buchholz", "sonneborn_berger", "opponents_buchholz"] as const;
    const decided = steps.reduce<(typeof steps)[number]>((last, name, i) => (alike[i + 1]! < alike[i]! ? name : last), null);
    expect({ p, tieBreak: row.tieBreak }).toEqual({ p, tieBreak: decided });
  }
  // The organiser's choice on the cut line: those chosen above the others of the tie, and it says so
  // (or head-to-head, which may part the fewer players on either side of the choice, ranked afresh).
  if (seen.cutTie) {
    const tied = rows.filter((r) => seen.cutTie!.players.includes(r.playerId));
    expect(
      tied
        .slice(0, chosen.length)
        .map((r) => r.playerId)
        .sort(),
    ).toEqual([...chosen].sort());
    for (const r of tied) expect(["organiser", "head_to_head"]).toContain(r.tieBreak!);
  }
}

const SIZES = Array.from({ length: 61 }, (_, i) => i + 4);

describe("Swiss pairings (issue 19, item 3): every size from 4 to 64", () => {
  for (const size of SIZES) {
    it(`${size} players: no rematch, one bye at most each, every round complete, standings consistent`, async () => {
      const most = size > 16 ? Math.min(maxSwissRounds(size), defaultSwissRounds(size) + 2) : maxSwissRounds(size);
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), fc.integer({ min: 1, max: most }), fc.constantFrom(0, 4, 8), async (seed, rounds, topCut) => {
          const { state, seen, players } = await playSwiss(size, rounds, topCut, picker(seed));
          expect(seen.rounds.length).toBe(rounds);
          const pairsMet = new Set<string>();
          const byes = new Map<number, number>();
          for (const round of seen.rounds) {
            // Complete: everyone plays or rests, once.
            expect([...round.players].sort()).toEqual([...players].sort());
            expect(round.byes.length).toBe(size % 2);
            for (const [a, b] of round.pairs) {
              const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
              expect(pairsMet.has(key)).toBe(false);
              pairsMet.add(key);
            }
            for (const p of round.byes) byes.set(p, (byes.get(p) ?? 0) + 1);
          }
          for (const count of byes.values()) expect(count).toBe(1);
          checkStandings(state, seen, players);
          const cut = effectiveTopCut(topCut, size);
          const cutState = cutStateOf(state);
          if (cut === 0) expect(cutState).toBeNull();
          else {
            // The cut takes the top of the final Swiss table, and its winner is the champion.
            const top = swissStandings(state)
              .slice(0, cut)
              .map((r) => r.playerId);
            expect((cutState!.participant as { name: string }[]).map((p) => Number(p.name)).sort()).toEqual([...top].sort());
            expect(swissChampion(state)).toBe(champion(cutState!));
            expect(swissChampion(state)).not.toBeNull();
          }
        }),
        // 5 players is the one size whose default (3 rounds) passes the always-pairable bound: played out far more.
        { seed: 1900 + size, numRuns: size === 5 ? 300 : size > 32 ? 2 : size > 12 ? 4 : 12 },
      );
    });
  }
});

describe("Swiss settings", () => {
  it("holds the organiser's number of rounds to what can be paired", () => {
    expect(swissSettings(createSwiss([1, 2, 3, 4, 5, 6], 9, 0)).swissRounds).toBe(3);
    expect(swissSettings(createSwiss([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 5, 0)).swissRounds).toBe(5);
  });

  it("shrinks a top cut that would keep everyone", () => {
    expect(effectiveTopCut(8, 8)).toBe(4);
    expect(effectiveTopCut(8, 9)).toBe(8);
    expect(effectiveTopCut(4, 4)).toBe(0);
  });

  it("gives the bye to the lowest-ranked player who has not had one", () => {
    const games = [{ round: 1, a: 5, b: null, winner: 5 }];
    expect(pairRound([1, 2, 3, 4, 5], games).bye).toBe(4);
  });

  it("pairs round 1 top half against bottom half", () => {
    const state = createSwiss([1, 2, 3, 4, 5, 6], 3, 0);
    const pairs = matchesOf(state).map((m) => [playerIdOf(state, m.opponent1?.id as number), playerIdOf(state, m.opponent2?.id as number)]);
    expect(pairs).toEqual([
      [1, 4],
      [2, 5],
      [3, 6],
    ]);
  });
});

/** Games written as [round, a, b, winner]: a Swiss of 6 players over 3 rounds, paired as the module pairs them. */
const gamesOf = (rows: [number, number, number, number][]): SwissGame[] => rows.map(([round, a, b, winner]) => ({ round, a, b, winner }));
const SIX = [1, 2, 3, 4, 5, 6];
const table = (games: SwissGame[], picks: number[] = []) =>
  standingsFromGames(SIX, games, picks).map((r) => [r.playerId, r.rank, r.pts, r.buchholz, r.sonnebornBerger, r.opponentsBuchholz, r.tieBreak]);

describe("Swiss tie-breaks, worked by hand (issue 34, item 5): points, Buchholz, head-to-head, Sonneborn-Berger, opponents' Buchholz", () => {
  it("Buchholz, then head-to-head between two who met and are still level", () => {
    // Wins: 1 beat 6 and 5; 3 beat 2 and 4; 5 beat 2 and 4; 4 beat 1; 2 beat 6; 6 beat 3.
    // Points: 1, 3, 5 have 2; 2, 4, 6 have 1.
    // Buchholz (opponents' points): 1 met 4, 6, 5 → 1+1+2 = 4; 5 met 2, 4, 1 → 4; 3 met 6, 2, 4 → 3;
    // 4 met 1, 5, 3 → 6; 2 met 5, 3, 6 → 2+2+1 = 5; 6 met 3, 1, 2 → 5.
    // So 3 is third on 2 points (Buchholz), 4 first on 1 point (Buchholz). 1 and 5 are level (2, 4)
    // and met in round 3: 1 won, 1 is above. 2 and 6 are level (1, 5) and met: 2 won, though 6's
    // Sonneborn-Berger is higher (6 beat 3, worth 2; 2 beat 6, worth 1): head-to-head comes first.
    // Sonneborn-Berger (beaten opponents' points): 1 → 1+2 = 3; 5 → 1+1 = 2; 3 → 2; 4 → 2; 2 → 1; 6 → 2.
    // Opponents' Buchholz: 1 → 6+5+4 = 15; 5 → 5+6+4 = 15; 3 → 5+5+6 = 16; 4 → 4+4+3 = 11; 2 → 4+3+5 = 12; 6 → 3+4+5 = 12.
    const games = gamesOf([
      [1, 1, 4, 4],
      [1, 2, 5, 5],
      [1, 3, 6, 6],
      [2, 4, 5, 5],
      [2, 6, 1, 1],
      [2, 2, 3, 3],
      [3, 5, 1, 1],
      [3, 4, 3, 3],
      [3, 6, 2, 2],
    ]);
    expect(table(games)).toEqual([
      [1, 1, 2, 4, 3, 15, "head_to_head"],
      [5, 2, 2, 4, 2, 15, "head_to_head"],
      [3, 3, 2, 3, 2, 16, "buchholz"],
      [4, 4, 1, 6, 2, 11, "buchholz"],
      [2, 5, 1, 5, 1, 12, "head_to_head"],
      [6, 6, 1, 5, 2, 12, "head_to_head"],
    ]);
  });

  it("Sonneborn-Berger, then opponents' Buchholz, between players level on Buchholz who never met", () => {
    // Wins: 4 beat 1 and 5; 6 beat 3 and 4; 3 beat 2 and 5; 1 beat 6; 2 beat 1; 5 beat 2.
    // Points: 3, 4, 6 have 2; 1, 2, 5 have 1.
    // Buchholz: 6 met 3, 1, 4 → 2+1+2 = 5; 4 met 1, 5, 6 → 1+1+2 = 4; 3 met 6, 2, 5 → 4;
    // 1 met 4, 6, 2 → 5; 5 met 2, 4, 3 → 5; 2 met 5, 3, 1 → 4.
    // 4 and 3 (2 points, Buchholz 4) never met; Sonneborn-Berger: 4 beat 1 and 5 → 2, 3 beat 2 and 5 → 2,
    // level; opponents' Buchholz: 4 → 5+5+5 = 15, 3 → 5+4+5 = 14: 4 is above.
    // 1 and 5 (1 point, Buchholz 5) never met; Sonneborn-Berger: 1 beat 6 → 2, 5 beat 2 → 1: 1 is above.
    const games = gamesOf([
      [1, 1, 4, 4],
      [1, 2, 5, 5],
      [1, 3, 6, 6],
      [2, 4, 5, 4],
      [2, 6, 1, 1],
      [2, 2, 3, 3],
      [3, 4, 6, 6],
      [3, 1, 2, 2],
      [3, 5, 3, 3],
    ]);
    expect(table(games)).toEqual([
      [6, 1, 2, 5, 4, 13, "buchholz"],
      [4, 2, 2, 4, 2, 15, "opponents_buchholz"],
      [3, 3, 2, 4, 2, 14, "opponents_buchholz"],
      [1, 4, 1, 5, 2, 13, "sonneborn_berger"],
      [5, 5, 1, 5, 1, 12, "sonneborn_berger"],
      [2, 6, 1, 4, 1, 14, "buchholz"],
    ]);
  });
});

/** Plays every ready Swiss match of `state` (players 1–6 are seeds 1–6) with the winner the three cycles give. */
async function playCycles(state: BracketState): Promise<BracketState> {
  for (let ready = matchesOf(state).filter((m) => m.status === Status.Ready); ready.length > 0; ready = matchesOf(state).filter((m) => m.status === Status.Ready)) {
    const match = ready[0]!;
    const [a, b] = [playerIdOf(state, match.opponent1?.id as number)!, playerIdOf(state, match.opponent2?.id as number)!];
    const winner = cycleWinner(a, b);
    expect(winner).toBeDefined();
    state = await startMatch(state, match.id as number);
    state = await endMatch(state, "swiss", match.id as number, winner === a ? 2 : 1, winner === a ? 1 : 2);
    state = await advanceSwiss(state);
  }
  return state;
}

describe("a tie on the top cut's line (issue 34, item 5)", () => {
  it("waits for the organiser, who picks among the tied players; the table says the organiser decided", async () => {
    // Points: 1, 4, 5 have 2 (Buchholz 2+1+2 = 5 each); 2, 3, 6 have 1 (Buchholz 2+1+1 = 4 each).
    // Head-to-head: one win each inside both groups. Sonneborn-Berger: 3 each above, 1 each below;
    // opponents' Buchholz: 5+4+5 = 14 each above, 5+4+4 = 13 each below. A top 4 takes 1, 4, 5 and one of 2, 3, 6.
    const state = await playCycles(createSwiss(SIX, 3, 4));
    expect(swissSettings(state).roundsPlayed).toBe(3);
    expect(cutTieOf(state)).toEqual({ places: 1, players: [2, 3, 6] });
    expect(cutStateOf(state)).toBeNull();
    expect(isSwissComplete(state)).toBe(false);
    expect(await advanceSwiss(state)).toEqual(state);
    expect(swissStandings(state).map((r) => [r.playerId, r.rank, r.shared])).toEqual([...CYCLES_TABLE]);

    for (const wrong of [[], [2, 3], [1], [2, 2], [9]]) await expect(decideCut(state, wrong)).rejects.toThrow("top_cut_choice_invalid");
    const decided = await decideCut(state, [6]);
    const cut = cutStateOf(decided)!;
    expect((cut.participant as { name: string }[]).map((p) => Number(p.name)).sort()).toEqual([1, 4, 5, 6]);
    expect(cutTieOf(decided)).toBeNull();
    await expect(decideCut(decided, [2])).rejects.toThrow("top_cut_not_waiting");
    // 6 goes through; 2 and 3, two now, are ranked afresh: 3 beat 2, so head-to-head parts them.
    expect(swissStandings(decided).map((r) => [r.playerId, r.rank, r.tieBreak])).toEqual([
      [1, 1, null],
      [4, 1, null],
      [5, 1, null],
      [6, 4, "organiser"],
      [3, 5, "head_to_head"],
      [2, 6, "head_to_head"],
    ]);
  });

  it("leaves a Swiss without a cut to end on its last round, ties and all", async () => {
    // The same games without a cut: nothing waits, the Swiss is over.
    const state = await playCycles(createSwiss(SIX, 3, 0));
    expect(cutTieOf(state)).toBeNull();
    expect(isSwissComplete(state)).toBe(true);
  });
});
