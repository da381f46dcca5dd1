import { describe, expect, it } from "bun:test";
import fc from "fast-check";
import { type BracketState, champion, createBracket, endMatch, isComplete, isUnneededReset, matchesOf, playerIdOf, RESULTS, startMatch } from "./engine.ts";
import { SIZES } from "../../shared/tournaments.ts";
import { finalPlacings, type Placing, placingLabel } from "./placings.ts";

const { Status } = RESULTS;
type Elimination = "s_elim" | "d_elim";

/** Plays one ready match: `firstWins` says whether opponent1 wins it. Returns the new state, who lost and the round played. */
async function playOne(state: BracketState, structure: Elimination, index: number, firstWins: boolean) {
  const ready = matchesOf(state).filter((m) => m.status === Status.Ready && !isUnneededReset(state, m));
  const match = ready[index % ready.length]!;
  state = await startMatch(state, match.id as number);
  state = await endMatch(state, structure, match.id as number, firstWins ? 2 : 1, firstWins ? 1 : 2);
  const loser = playerIdOf(state, (firstWins ? match.opponent2?.id : match.opponent1?.id) as number)!;
  return { state, loser, round: match.round_id as number };
}

const labels = (placings: Map<number, Placing>, players: number[]) => players.map((p) => (placings.has(p) ? placingLabel(placings.get(p)!) : null));

describe("final placings (issue 13, item 9)", () => {
  it("single elimination: 1 the champion, 2 the final's loser, 3–4 both semi-final losers; nobody placed while still in", async () => {
    let state = await createBracket("s_elim", [1, 2, 3, 4]);
    expect(finalPlacings("s_elim", state).size).toBe(0);
    const semi = await playOne(state, "s_elim", 0, true);
    state = semi.state;
    const placed = finalPlacings("s_elim", state);
    expect([...placed.keys()]).toEqual([semi.loser]);
    expect(placed.get(semi.loser)).toEqual({ rank: 3, last: 4 });
    while (!isComplete(state)) state = (await playOne(state, "s_elim", 0, true)).state;
    const final = finalPlacings("s_elim", state);
    const byLabel = [...final.values()].map(placingLabel).sort();
    expect(byLabel).toEqual(["1", "2", "3–4", "3–4"]);
    expect(final.get(champion(state)!)).toEqual({ rank: 1, last: 1 });
  });

  it("single elimination of 8: quarter-final losers share 5–8", async () => {
    let state = await createBracket("s_elim", [1, 2, 3, 4, 5, 6, 7, 8]);
    while (!isComplete(state)) state = (await playOne(state, "s_elim", 0, false)).state;
    expect([...finalPlacings("s_elim", state).values()].map(placingLabel).sort()).toEqual(["1", "2", "3–4", "3–4", "5–8", "5–8", "5–8", "5–8"]);
  });

  it("double elimination: a winners'-bracket loss places nobody; losers'-bracket rounds give 4 then 3, the grand final 2 and 1", async () => {
    let state = await createBracket("d_elim", [1, 2, 3, 4]);
    const first = await playOne(state, "d_elim", 0, true);
    state = first.state;
    expect(finalPlacings("d_elim", state).has(first.loser)).toBe(false);
    while (!isComplete(state)) state = (await playOne(state, "d_elim", 0, true)).state;
    const placings = finalPlacings("d_elim", state);
    expect([...placings.values()].map(placingLabel).sort()).toEqual(["1", "2", "3", "4"]);
    expect(placings.get(champion(state)!)).toEqual({ rank: 1, last: 1 });
  });

  for (const structure of ["s_elim", "d_elim"] as const) {
    it(`${structure}: every band holds as many players as it is wide, a placing never changes, and going out in a later round places higher`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...SIZES[structure].slice(0, 3)), fc.array(fc.tuple(fc.nat(), fc.boolean()), { minLength: 200, maxLength: 200 }), async (size, choices) => {
          const players = Array.from({ length: size }, (_, i) => 100 + i);
          let state = await createBracket(structure, players);
          // Engine round ids grow with the round, losers' bracket after winners', grand final last.
          const roundOut = new Map<number, number>();
          for (const [index, firstWins] of choices) {
            if (isComplete(state)) break;
            const before = finalPlacings(structure, state);
            const played = await playOne(state, structure, index, firstWins);
            state = played.state;
            const after = finalPlacings(structure, state);
            for (const [player, placing] of before) expect(after.get(player)).toEqual(placing);
            const newlyPlaced = [...after.keys()].filter((player) => !before.has(player) && player !== champion(state));
            // Single elimination puts every loser out; double elimination only a second loss.
            if (structure === "s_elim") expect(newlyPlaced).toEqual([played.loser]);
            expect(newlyPlaced.length).toBeLessThanOrEqual(1);
            for (const player of newlyPlaced) {
              expect(player).toBe(played.loser);
              roundOut.set(player, played.round);
            }
          }
          expect(isComplete(state)).toBe(true);
          const placings = finalPlacings(structure, state);
          expect([...placings.keys()].sort()).toEqual(players);
          for (const placing of new Set([...placings.values()].map(placingLabel))) {
            const holders = [...placings.values()].filter((p) => placingLabel(p) === placing);
            expect(holders).toHaveLength(holders[0]!.last - holders[0]!.rank + 1);
          }
          for (const [x, roundX] of roundOut) {
            for (const [y, roundY] of roundOut) {
              if (roundX === roundY) expect(placings.get(x)).toEqual(placings.get(y)!);
              if (roundX > roundY) expect(placings.get(x)!.rank).toBeLessThan(placings.get(y)!.rank);
            }
          }
        }),
        { seed: 1313, numRuns: 25 },
      );
    });
  }

  it("round robin: no placing until every match is played, then the standings with shared bands", async () => {
    let state = await createBracket("robin", [1, 2]);
    expect(finalPlacings("robin", state).size).toBe(0);
    const match = matchesOf(state)[0]!;
    state = await startMatch(state, match.id as number);
    state = await endMatch(state, "robin", match.id as number, 3, 3);
    expect(labels(finalPlacings("robin", state), [1, 2])).toEqual(["1–2", "1–2"]);
    expect(finalPlacings("robin", state).get(1)).toEqual({ rank: 1, last: 2 });
  });
});
