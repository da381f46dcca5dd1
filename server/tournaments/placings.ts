import { type BracketState, champion, grandFinalMatches, isComplete, isFinished, matchesOf, playerIdOf, type Structure } from "./engine.ts";
import { robinStandings } from "./standings.ts";
import { cutStateOf, isSwissComplete, swissStandings } from "./swiss.ts";

type EngineMatch = ReturnType<typeof matchesOf>[number];

/** A final place: `rank` is the top of the band, `last` its bottom (3 and 4 for both semi-final losers). */
export interface Placing {
  rank: number;
  last: number;
}

/**
 * The final placing of every player whose place is settled (docs/decisions.md, "Standings and
 * ranks"). Elimination: 1 the champion, 2 the final's loser, then a band per round of elimination
 * (3–4, 5–8 …), known as soon as the player is out. Round robin: the standings once every match is
 * played, players sharing a place sharing a band. Players still in the running are absent.
 */
export function finalPlacings(structure: Structure, state: BracketState): Map<number, Placing> {
  switch (structure) {
    case "robin":
      return robinPlacings(state);
    case "s_elim":
      return eliminationPlacings(state, singleEliminationStages(state));
    case "d_elim":
      return eliminationPlacings(state, doubleEliminationStages(state));
    case "swiss":
      return swissPlacings(state);
  }
}

/**
 * Swiss (issue 19): the top cut's players are placed as in a single elimination (1, 2, 3–4, 5–8);
 * everyone else, once the tournament is over, by the Swiss table, below the cut.
 */
function swissPlacings(state: BracketState): Map<number, Placing> {
  const cut = cutStateOf(state);
  const placings = cut ? eliminationPlacings(cut, singleEliminationStages(cut)) : new Map<number, Placing>();
  if (!isSwissComplete(state)) return placings;
  const rows = swissStandings(state).filter((row) => !placings.has(row.playerId));
  const below = cut ? cut.participant.length : 0;
  const sharing = new Map<number, number>();
  for (const row of rows) sharing.set(row.rank, (sharing.get(row.rank) ?? 0) + 1);
  for (const row of rows) {
    const rank = Math.max(row.rank, below + 1);
    placings.set(row.playerId, { rank, last: rank + sharing.get(row.rank)! - 1 });
  }
  return placings;
}

/** "1", or "3–4" for a band. */
export function placingLabel(placing: Placing): string {
  return placing.rank === placing.last ? String(placing.rank) : `${placing.rank}–${placing.last}`;
}

function robinPlacings(state: BracketState): Map<number, Placing> {
  if (!isComplete(state)) return new Map();
  const rows = robinStandings(state);
  const sharing = new Map<number, number>();
  for (const row of rows) sharing.set(row.rank, (sharing.get(row.rank) ?? 0) + 1);
  return new Map(rows.map((row) => [row.playerId, { rank: row.rank, last: row.rank + sharing.get(row.rank)! - 1 }]));
}

/** A step of elimination, in the order they happen: each of its `size` matches puts one player out for good. */
interface EliminationStage {
  size: number;
  out: number[];
}

/** Players out at a stage share the band just below everyone still left after it. */
function eliminationPlacings(state: BracketState, stages: EliminationStage[]): Map<number, Placing> {
  const placings = new Map<number, Placing>();
  let remaining = state.participant.length;
  for (const stage of stages) {
    const band = { rank: remaining - stage.size + 1, last: remaining };
    for (const playerId of stage.out) placings.set(playerId, band);
    remaining -= stage.size;
  }
  const winner = champion(state);
  if (winner !== null) placings.set(winner, { rank: 1, last: 1 });
  return placings;
}

function singleEliminationStages(state: BracketState): EliminationStage[] {
  return roundsOfGroup(state, 1).map((matches) => ({ size: matches.length, out: losersOf(state, matches) }));
}

/**
 * A loss in the winners' bracket only drops a player down, so places come from the losers' bracket
 * round a player goes out in, then the grand final (whose loser is second, reset or not).
 */
function doubleEliminationStages(state: BracketState): EliminationStage[] {
  const losersBracket = roundsOfGroup(state, 2).map((matches) => ({ size: matches.length, out: losersOf(state, matches) }));
  return [...losersBracket, { size: 1, out: grandFinalRunnerUp(state) }];
}

function grandFinalRunnerUp(state: BracketState): number[] {
  const winner = champion(state);
  const grandFinal = grandFinalMatches(state)[0];
  if (winner === null || !grandFinal) return [];
  const finalists = [grandFinal.opponent1?.id, grandFinal.opponent2?.id].map((id) => playerIdOf(state, id as number));
  return finalists.filter((playerId): playerId is number => playerId !== null && playerId !== winner);
}

/** The matches of a group (1 winners' or only bracket, 2 losers'), round by round. */
function roundsOfGroup(state: BracketState, groupNumber: number): EngineMatch[][] {
  const group = (state.group as { id: number; number: number }[]).find((g) => g.number === groupNumber);
  if (!group) return [];
  const rounds = (state.round as { id: number; group_id: number; number: number }[]).filter((r) => r.group_id === group.id).sort((a, b) => a.number - b.number);
  return rounds.map((round) => matchesOf(state).filter((m) => m.round_id === round.id));
}

function losersOf(state: BracketState, matches: EngineMatch[]): number[] {
  const losers: number[] = [];
  for (const match of matches.filter(isFinished)) {
    const side = match.opponent1?.result === "loss" ? match.opponent1 : match.opponent2?.result === "loss" ? match.opponent2 : null;
    const playerId = playerIdOf(state, side?.id as number | undefined);
    if (playerId !== null) losers.push(playerId);
  }
  return losers;
}
