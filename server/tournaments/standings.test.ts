import { describe, expect, it } from "bun:test";
import fc from "fast-check";
import { type BracketState, createBracket, endMatch, isComplete, matchesOf, playerIdOf, RESULTS, startMatch } from "./engine.ts";
import { type MatchResult, robinChampion, robinStandings, type StandingRow, standingsOf } from "./standings.ts";

const { Status } = RESULTS;
/** Fixed: a failure replays the same way on every machine. */
const FC = { seed: 1313, numRuns: 200 };

/** Plays a round robin through the engine: `scores(a, b)` gives a's and b's scores; `pick` chooses which ready match goes next. */
async function playRobin(players: number[], scores: (a: number, b: number) => [number, number], pick: (ready: number) => number = () => 0): Promise<BracketState> {
  let state = await createBracket("robin", players);
  while (!isComplete(state)) {
    const ready = matchesOf(state).filter((m) => m.status === Status.Ready);
    const match = ready[pick(ready.length)]!;
    state = await startMatch(state, match.id as number);
    const [a, b] = [playerIdOf(state, match.opponent1?.id as number)!, playerIdOf(state, match.opponent2?.id as number)!];
    const [sa, sb] = scores(a, b);
    state = await endMatch(state, "robin", match.id as number, sa, sb);
  }
  return state;
}

/** Looks a pair's scores up in a table keyed "low-high", whichever way round the engine pairs them. */
function fromTable(table: Record<string, [number, number]>) {
  return (a: number, b: number): [number, number] => {
    const [x, y] = table[`${Math.min(a, b)}-${Math.max(a, b)}`]!;
    return a < b ? [x, y] : [y, x];
  };
}

const summary = (rows: StandingRow[]) => rows.map((row) => ({ playerId: row.playerId, rank: row.rank, shared: row.shared }));

describe("round-robin standings (issue 13, item 8)", () => {
  it("ranks a three-way tie on points by the group, not pair by pair: +3 is first, not +1", async () => {
    // 1 beat 2, 2 beat 3, 3 beat 1, all 1–0, and everyone beat 4: 1, 2 and 3 have 6 points and their
    // mini-table is level (3 each). 3 is +3 overall, 1 and 2 are +1 with 2 scored each; ranked afresh
    // between the two of them, 1 beat 2. The old comparator crowned 1 (+1): its pairwise head-to-head
    // is a cycle, and the sort followed it.
    const state = await playRobin([1, 2, 3, 4], fromTable({ "1-2": [1, 0], "2-3": [1, 0], "1-3": [0, 1], "1-4": [1, 0], "2-4": [1, 0], "3-4": [3, 0] }));
    expect(summary(robinStandings(state))).toEqual([
      { playerId: 3, rank: 1, shared: false },
      { playerId: 1, rank: 2, shared: false },
      { playerId: 2, rank: 3, shared: false },
      { playerId: 4, rank: 4, shared: false },
    ]);
    expect(robinChampion(state)).toBe(3);
  });

  it("names no champion after a 3–3 two-player round robin: both share first place", async () => {
    const state = await playRobin([7, 9], () => [3, 3]);
    expect(summary(robinStandings(state))).toEqual([
      { playerId: 7, rank: 1, shared: true },
      { playerId: 9, rank: 1, shared: true },
    ]);
    expect(robinChampion(state)).toBeNull();
  });

  it("breaks a two-way tie on points by the match between the two, then shares what nothing separates", async () => {
    // 1 and 2 have 6 points; 2 beat 1. 3 and 4 drew and are level on every count.
    const state = await playRobin([1, 2, 3, 4], fromTable({ "1-2": [0, 1], "1-3": [5, 0], "1-4": [5, 0], "2-3": [1, 0], "2-4": [1, 0], "3-4": [1, 1] }));
    expect(summary(robinStandings(state))).toEqual([
      { playerId: 2, rank: 1, shared: false },
      { playerId: 1, rank: 2, shared: false },
      { playerId: 3, rank: 3, shared: true },
      { playerId: 4, rank: 3, shared: true },
    ]);
  });
});

/** Every pair of 2–8 players, each pair played or not, with scores 0–4. */
const tournaments = fc.integer({ min: 2, max: 8 }).chain((n) => {
  const players = Array.from({ length: n }, (_, i) => 100 + i);
  const pairs = players.flatMap((a, i) => players.slice(i + 1).map((b) => [a, b] as const));
  const result = (a: number, b: number) => fc.option(fc.record({ a: fc.constant(a), b: fc.constant(b), scoreA: fc.integer({ min: 0, max: 4 }), scoreB: fc.integer({ min: 0, max: 4 }) }), { freq: 5 });
  return fc.record({ players: fc.constant(players), results: fc.tuple(...pairs.map(([a, b]) => result(a, b))).map((all) => all.filter((r): r is MatchResult => r !== null)) });
});

const diff = (row: StandingRow) => row.scoreFor - row.scoreAgainst;
function miniTable(playerId: number, group: number[], results: MatchResult[]): number {
  return standingsOf(
    group,
    results.filter((r) => group.includes(r.a) && group.includes(r.b)),
  ).find((row) => row.playerId === playerId)!.pts;
}

describe("round-robin standings, for any results", () => {
  it("are the same whatever order the results come in", () => {
    fc.assert(
      fc.property(
        tournaments.chain((t) => fc.record({ t: fc.constant(t), shuffled: fc.shuffledSubarray(t.results, { minLength: t.results.length, maxLength: t.results.length }) })),
        ({ t, shuffled }) => {
          expect(standingsOf(t.players, shuffled)).toEqual(standingsOf(t.players, t.results));
        },
      ),
      FC,
    );
  });

  it("give each player 1 + the number placed above, and share a rank only between players nothing separates", () => {
    fc.assert(
      fc.property(tournaments, ({ players, results }) => {
        const rows = standingsOf(players, results);
        expect(rows.map((row) => row.playerId).sort()).toEqual([...players].sort());
        for (const row of rows) {
          const sameRank = rows.filter((other) => other.rank === row.rank);
          expect(row.rank).toBe(1 + rows.filter((other) => other.rank < row.rank).length);
          expect(row.shared).toBe(sameRank.length > 1);
          for (const other of sameRank) {
            expect([other.pts, diff(other), other.scoreFor]).toEqual([row.pts, diff(row), row.scoreFor]);
            const group = sameRank.map((r) => r.playerId);
            expect(miniTable(other.playerId, group, results)).toBe(miniTable(row.playerId, group, results));
          }
        }
        for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.rank).toBeLessThanOrEqual(rows[i]!.rank);
      }),
      FC,
    );
  });

  it("never place a player above one with more points, and settle a points tie by the tied group's mini-table, then difference", () => {
    fc.assert(
      fc.property(tournaments, ({ players, results }) => {
        const rows = standingsOf(players, results);
        for (const above of rows) {
          for (const below of rows.filter((row) => row.rank > above.rank)) {
            expect(above.pts).toBeGreaterThanOrEqual(below.pts);
            if (above.pts !== below.pts) continue;
            const group = rows.filter((row) => row.pts === above.pts).map((row) => row.playerId);
            const [mineAbove, mineBelow] = [miniTable(above.playerId, group, results), miniTable(below.playerId, group, results)];
            expect(mineAbove).toBeGreaterThanOrEqual(mineBelow);
            // A mini-table level across the whole group hands over to the overall difference.
            if (new Set(group.map((p) => miniTable(p, group, results))).size === 1) expect(diff(above)).toBeGreaterThanOrEqual(diff(below));
          }
        }
      }),
      FC,
    );
  });

  it("played through the engine in any match order give the same table", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(4, 6), fc.integer({ min: 1, max: 2 ** 30 }), fc.integer({ min: 1, max: 2 ** 30 }), async (size, scoreSeed, orderSeed) => {
        const players = Array.from({ length: size }, (_, i) => 10 + i);
        const scores = (a: number, b: number): [number, number] => [hash(scoreSeed, a, b) % 4, hash(scoreSeed, b, a) % 4];
        const first = await playRobin(players, scores);
        const random = lcg(orderSeed);
        const second = await playRobin(players, scores, (ready) => random() % ready);
        expect(robinStandings(second)).toEqual(robinStandings(first));
        expect(robinChampion(second)).toBe(robinChampion(first));
      }),
      { seed: 1313, numRuns: 15 },
    );
  });
});

/** A score for (a, b) that depends only on the pair and the seed, never on when the match is played. */
function hash(seed: number, a: number, b: number): number {
  return Math.abs(Math.imul(seed ^ (a * 73_856_093), 19_349_663) ^ (b * 83_492_791)) >>> 0;
}

function lcg(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) & 0x7fffffff;
    return x;
  };
}
