import { describe, expect, it } from "bun:test";
import fc from "fast-check";
import { type BracketState, champion, endMatch, isFinished, matchesOf, playerIdOf, RESULTS, startMatch } from "./engine.ts";
import { advanceSwiss, createSwiss, cutStateOf, defaultRounds, effectiveTopCut, isSwissComplete, maxRounds, pairRound, swissChampion, swissSettings, swissStandings } from "./swiss.ts";

const { Status } = RESULTS;

/** What the test itself saw happen, kept apart from the engine's state so the checks do not read it back. */
interface Seen {
  rounds: { players: number[]; pairs: [number, number][]; byes: number[] }[];
  wins: Map<number, number>;
  beat: Set<string>;
  opponents: Map<number, number[]>;
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
  const seen: Seen = { rounds: [], wins: new Map(), beat: new Set(), opponents: new Map() };
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
    expect(ready.length).toBeGreaterThan(0);
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

/** The standings' invariants, recomputed from what the test saw: points, Buchholz, their order, a head-to-head between two. */
function checkStandings(state: BracketState, seen: Seen, players: number[]) {
  const rows = swissStandings(state);
  expect(rows.map((r) => r.playerId).sort()).toEqual([...players].sort());
  const points = (p: number) => seen.wins.get(p) ?? 0;
  const buchholz = (p: number) => (seen.opponents.get(p) ?? []).reduce((sum, o) => sum + points(o), 0);
  for (const row of rows) {
    expect(row.pts).toBe(points(row.playerId));
    expect(row.buchholz).toBe(buchholz(row.playerId));
  }
  for (let i = 1; i < rows.length; i++) {
    const [above, below] = [rows[i - 1]!, rows[i]!];
    const key = (r: typeof above) => [points(r.playerId), buchholz(r.playerId)] as const;
    const [ka, kb] = [key(above), key(below)];
    expect(ka[0] > kb[0] || (ka[0] === kb[0] && ka[1] >= kb[1])).toBe(true);
    expect(below.rank >= above.rank).toBe(true);
    // Exactly two level on points and Buchholz, who met: the winner of their game is above.
    const level = rows.filter((r) => r.pts === above.pts && r.buchholz === above.buchholz);
    if (level.length === 2 && ka[0] === kb[0] && ka[1] === kb[1] && seen.beat.has(`${below.playerId}>${above.playerId}`))
      throw new Error(`head-to-head ignored: ${below.playerId} beat ${above.playerId}`);
  }
}

const SIZES = Array.from({ length: 61 }, (_, i) => i + 4);

describe("Swiss pairings (issue 19, item 3): every size from 4 to 64", () => {
  for (const size of SIZES) {
    it(`${size} players: no rematch, one bye at most each, every round complete, standings consistent`, async () => {
      const most = size > 16 ? Math.min(maxRounds(size), defaultRounds(size) + 2) : maxRounds(size);
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
  it("defaults to ceil(log2 n) rounds and holds the organiser's number to what can be paired", () => {
    expect(defaultRounds(6)).toBe(3);
    expect(defaultRounds(64)).toBe(6);
    expect(defaultRounds(33)).toBe(6);
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
