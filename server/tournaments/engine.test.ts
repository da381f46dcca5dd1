import { describe, expect, it } from "bun:test";
import fc from "fast-check";
import { type BracketState, champion, createBracket, endMatch, isComplete, isUnneededReset, matchesOf, playerIdOf, RESULTS, startMatch, type Structure } from "./engine.ts";
import { SIZES } from "../../shared/tournaments.ts";
import { robinStandings } from "./standings.ts";

const { Status } = RESULTS;

/** Plays every match, in an order and with scores chosen by `pick`, until the tournament is complete. */
async function playOut(structure: Exclude<Structure, "swiss">, size: number, pick: (max: number) => number) {
  let state: BracketState = await createBracket(
    structure,
    Array.from({ length: size }, (_, i) => 100 + i),
  );
  const played: { round: number; players: number[]; winner: number | null; loser: number | null; scores: [number, number] }[] = [];
  for (let guard = 0; guard < 500 && !isComplete(state); guard++) {
    const ready = matchesOf(state).filter((m) => m.status === Status.Ready && !isUnneededReset(state, m));
    if (ready.length === 0) break;
    const match = ready[pick(ready.length - 1)]!;
    state = await startMatch(state, match.id as number);
    let [a, b] = [pick(5), pick(5)];
    if (structure !== "robin" && a === b) b = a + 1;
    state = await endMatch(state, structure, match.id as number, a, b);
    const p1 = playerIdOf(state, match.opponent1?.id as number);
    const p2 = playerIdOf(state, match.opponent2?.id as number);
    played.push({ round: match.round_id as number, players: [p1!, p2!], winner: a === b ? null : a > b ? p1 : p2, loser: a === b ? null : a > b ? p2 : p1, scores: [a, b] });
  }
  return { state, played };
}

const picker = (seed: number) => {
  let x = seed || 1;
  return (max: number) => {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    return max <= 0 ? 0 : x % (max + 1);
  };
};

for (const structure of ["s_elim", "d_elim"] as const) {
  for (const size of SIZES[structure]) {
    describe(`${structure} with ${size} players`, () => {
      it("always ends with exactly one champion, and nobody plays twice in a round", async () => {
        await fc.assert(
          fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), async (seed) => {
            const { state, played } = await playOut(structure, size, picker(seed));
            expect(isComplete(state)).toBe(true);
            const winner = champion(state);
            expect(winner).not.toBeNull();
            const byRound = new Map<number, number[]>();
            for (const match of played) byRound.set(match.round, [...(byRound.get(match.round) ?? []), ...match.players]);
            for (const players of byRound.values()) expect(new Set(players).size).toBe(players.length);
            const losses = new Map<number, number>();
            for (const match of played) if (match.loser !== null) losses.set(match.loser, (losses.get(match.loser) ?? 0) + 1);
            const everyone = Array.from({ length: size }, (_, i) => 100 + i);
            for (const player of everyone) {
              const count = losses.get(player) ?? 0;
              if (player === winner) expect(count).toBeLessThanOrEqual(structure === "d_elim" ? 1 : 0);
              else expect(count).toBe(structure === "d_elim" ? 2 : 1);
            }
          }),
          { numRuns: size >= 32 ? 5 : 15 },
        );
      });
    });
  }
}

describe("d_elim grand final", () => {
  it("resets when the losers-bracket finalist wins the first grand final", async () => {
    // Seed 1 wins every match until the grand final, which the losers-bracket finalist takes: a reset follows.
    let state = await createBracket("d_elim", [1, 2, 3, 4]);
    const grandFinalGroup = (state.group as { id: number; number: number }[]).find((g) => g.number === 3)!.id;
    for (let guard = 0; guard < 50 && !isComplete(state); guard++) {
      const match = matchesOf(state).find((m) => m.status === Status.Ready && !isUnneededReset(state, m))!;
      state = await startMatch(state, match.id as number);
      const p1 = playerIdOf(state, match.opponent1?.id as number);
      const grandFinals = matchesOf(state).filter((m) => m.group_id === grandFinalGroup);
      const isFirstGrandFinal = match.id === grandFinals[0]!.id;
      const seedOneIsFirst = p1 === 1;
      const [a, b] = isFirstGrandFinal ? (seedOneIsFirst ? [0, 1] : [1, 0]) : seedOneIsFirst ? [2, 0] : [0, 2];
      state = await endMatch(state, "d_elim", match.id as number, a, b);
    }
    const grandFinals = matchesOf(state).filter((m) => m.group_id === grandFinalGroup);
    expect(grandFinals.every((m) => m.status >= Status.Completed)).toBe(true);
    expect(champion(state)).toBe(1);
  });
});

describe("round robin", () => {
  for (const size of SIZES.robin) {
    it(`with ${size} players: every pair meets once, and the points add up`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), async (seed) => {
          const { state, played } = await playOut("robin", size, picker(seed));
          expect(isComplete(state)).toBe(true);
          const pairs = played.map((m) => [...m.players].sort((x, y) => x - y).join("-"));
          expect(new Set(pairs).size).toBe((size * (size - 1)) / 2);
          expect(pairs).toHaveLength((size * (size - 1)) / 2);
          const table = robinStandings(state);
          const draws = played.filter((m) => m.winner === null).length;
          expect(table.reduce((sum, row) => sum + row.pts, 0)).toBe(3 * (played.length - draws) + 2 * draws);
          expect(table.reduce((sum, row) => sum + row.matchPlayed, 0)).toBe(2 * played.length);
          for (let i = 1; i < table.length; i++) expect(table[i - 1]!.pts).toBeGreaterThanOrEqual(table[i]!.pts);
        }),
        { numRuns: 10 },
      );
    });
  }

  it("breaks ties by head-to-head, then score difference, then score for", async () => {
    let state = await createBracket("robin", [1, 2, 3, 4]);
    // 1 and 2 both win twice; 2 beat 1 head to head, so 2 ranks first.
    const outcome = (a: number, b: number): [number, number] => {
      const key = [a, b].sort().join("-");
      const results: Record<string, [number, number]> = { "1-2": [0, 1], "1-3": [5, 0], "1-4": [5, 0], "2-3": [1, 0], "2-4": [1, 0], "3-4": [1, 1] };
      const [x, y] = results[key]!;
      return a < b ? [x, y] : [y, x];
    };
    while (!isComplete(state)) {
      const match = matchesOf(state).find((m) => m.status === Status.Ready)!;
      state = await startMatch(state, match.id as number);
      const [a, b] = outcome(playerIdOf(state, match.opponent1?.id as number)!, playerIdOf(state, match.opponent2?.id as number)!);
      state = await endMatch(state, "robin", match.id as number, a, b);
    }
    expect(robinStandings(state).map((row) => row.playerId)).toEqual([2, 1, 3, 4]);
  });
});
