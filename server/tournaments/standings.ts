import { type BracketState, isFinished, matchesOf, playerIdOf } from "./engine.ts";

/** One played round-robin match, as the table reads it. */
export interface MatchResult {
  a: number;
  b: number;
  scoreA: number;
  scoreB: number;
}

interface Totals {
  playerId: number;
  matchPlayed: number;
  won: number;
  loss: number;
  draw: number;
  pts: number;
  scoreFor: number;
  scoreAgainst: number;
}

export interface StandingRow extends Totals {
  /** 1 + the number of players placed above: players nothing separates share it (1, 1, 3). */
  rank: number;
  shared: boolean;
}

const POINTS = { win: 3, draw: 1, loss: 0 };

/**
 * The round-robin table: 3 points a win, 1 a draw. Players level on points are separated as a group
 * (docs/decisions.md, "Standings and ranks"): points in the matches among them only, then overall
 * score difference, then overall score for. As soon as a criterion splits a group, each part still
 * level is ranked afresh from the first criterion, among its own players only; whoever nothing
 * separates shares the place.
 */
export function robinStandings(state: BracketState): StandingRow[] {
  return standingsOf(seedOrder(state), playedResults(state));
}

/** The sole first of a finished round robin; none when first place is shared. */
export function robinChampion(state: BracketState): number | null {
  const leaders = robinStandings(state).filter((row) => row.rank === 1);
  return leaders.length === 1 ? leaders[0]!.playerId : null;
}

/** The table for `players` (listed in seeding order, which orders players sharing a place) and the results, in any order. */
export function standingsOf(players: number[], results: MatchResult[]): StandingRow[] {
  const totals = new Map(players.map((playerId) => [playerId, tally(playerId, results)]));
  const criteria: Criterion[] = [
    (playerId) => totals.get(playerId)!.pts,
    (playerId, group) => miniTablePoints(playerId, group, results),
    (playerId) => totals.get(playerId)!.scoreFor - totals.get(playerId)!.scoreAgainst,
    (playerId) => totals.get(playerId)!.scoreFor,
  ];
  const rows: StandingRow[] = [];
  for (const { players: place } of separate(players, criteria)) {
    const rank = rows.length + 1;
    for (const playerId of place) rows.push({ ...totals.get(playerId)!, rank, shared: place.length > 1 });
  }
  return rows;
}

/** A number to sort a group by, higher first; `group` is the players still level, for criteria that look only among them. */
export type Criterion = (playerId: number, group: number[]) => number;

/**
 * A place of the table: the players nothing separates (one, unless shared), and the index of the
 * criterion that set them apart from the players they were last level with (null: never level).
 */
interface Place {
  players: number[];
  decidedBy: number | null;
}

/** Splits a group of players into places, best first. Recursion is on strictly smaller groups only, so it ends. */
export function separate(group: number[], criteria: Criterion[], decidedBy: number | null = null): Place[] {
  if (group.length === 1) return [{ players: group, decidedBy }];
  for (const [index, criterion] of criteria.entries()) {
    const parts = splitBy(group, (playerId) => criterion(playerId, group));
    // Each part restarts at the first criterion: a head-to-head among fewer players may now decide.
    if (parts.length > 1) return parts.flatMap((part) => separate(part, criteria, index));
  }
  return [{ players: group, decidedBy }];
}

/** Groups players by key, highest key first, keeping their given order inside a group. */
function splitBy(players: number[], key: (playerId: number) => number): number[][] {
  const byKey = new Map<number, number[]>();
  for (const playerId of players) {
    const k = key(playerId);
    byKey.set(k, [...(byKey.get(k) ?? []), playerId]);
  }
  return [...byKey.entries()].sort(([x], [y]) => y - x).map(([, part]) => part);
}

function miniTablePoints(playerId: number, group: number[], results: MatchResult[]): number {
  const among = results.filter((r) => group.includes(r.a) && group.includes(r.b));
  return tally(playerId, among).pts;
}

function tally(playerId: number, results: MatchResult[]): Totals {
  const totals: Totals = { playerId, matchPlayed: 0, won: 0, loss: 0, draw: 0, pts: 0, scoreFor: 0, scoreAgainst: 0 };
  for (const r of results) {
    if (r.a === playerId) record(totals, r.scoreA, r.scoreB);
    else if (r.b === playerId) record(totals, r.scoreB, r.scoreA);
  }
  return totals;
}

function record(totals: Totals, mine: number, theirs: number): void {
  totals.matchPlayed += 1;
  totals.scoreFor += mine;
  totals.scoreAgainst += theirs;
  if (mine > theirs) {
    totals.won += 1;
    totals.pts += POINTS.win;
  } else if (mine < theirs) {
    totals.loss += 1;
    totals.pts += POINTS.loss;
  } else {
    totals.draw += 1;
    totals.pts += POINTS.draw;
  }
}

function seedOrder(state: BracketState): number[] {
  return (state.participant as { name: string }[]).map((participant) => Number(participant.name));
}

function playedResults(state: BracketState): MatchResult[] {
  const results: MatchResult[] = [];
  for (const match of matchesOf(state).filter(isFinished)) {
    const a = playerIdOf(state, match.opponent1?.id as number);
    const b = playerIdOf(state, match.opponent2?.id as number);
    if (a === null || b === null) continue;
    results.push({ a, b, scoreA: Number(match.opponent1?.score ?? 0), scoreB: Number(match.opponent2?.score ?? 0) });
  }
  return results;
}
