import { type BracketState, champion, isComplete, isFinished, matchesOf, open, playerIdOf, RESULTS } from "./engine.ts";
import { type Criterion, separate } from "./standings.ts";
import { maxSwissRounds, SWISS_TIE_BREAKS, type SwissTieBreak } from "../../shared/tournaments.ts";

/**
 * The Swiss format (issue 19, item 3), which brackets-manager lacks. Its rounds are stored in the
 * engine's own tables (one round-robin-typed stage whose rounds we write one at a time), so starting
 * and ending a match, stations and the chat work as for every other format. A bye is a match with
 * one opponent, finished and won. The optional top cut is a second, single-elimination stage that
 * brackets-manager builds once the Swiss rounds are over, seeded by the Swiss standings.
 */

const { Status } = RESULTS;
type EngineMatch = ReturnType<typeof matchesOf>[number];
type Row = { id: number; stage_id: number; group_id: number; number: number };

type TopCut = 0 | 4 | 8;

interface SwissSettings {
  swissRounds: number;
  topCut: TopCut;
  /** The players the organiser put through a tie on the cut line (issue 34, item 5). */
  cutPicks?: number[];
}

/** A top cut needs more players than it keeps: 8 shrinks to 4 below 9 players, and 4 to none below 5. */
export function effectiveTopCut(topCut: number, players: number): TopCut {
  if (topCut >= 8 && players > 8) return 8;
  if (topCut >= 4 && players > 4) return 4;
  return 0;
}

class SwissPairingError extends Error {
  constructor() {
    super("swiss_no_pairing");
  }
}

/** Round 1 is paired from `playerIds` (the seeding): the top half against the bottom half. */
export function createSwiss(playerIds: number[], rounds: number, topCut: number): BracketState {
  const settings: SwissSettings = { swissRounds: Math.min(Math.max(1, rounds), maxSwissRounds(playerIds.length)), topCut: effectiveTopCut(topCut, playerIds.length) };
  const state = {
    participant: playerIds.map((playerId, id) => ({ id, tournament_id: 0, name: String(playerId) })),
    stage: [{ id: 0, tournament_id: 0, name: "Swiss", type: "round_robin", number: 1, settings: { groupCount: 1, ...settings } }],
    group: [{ id: 0, stage_id: 0, number: 1 }],
    round: [],
    match: [],
    match_game: [],
  } as unknown as BracketState;
  return addRound(state);
}

function settingsOf(state: BracketState): SwissSettings {
  return (state.stage as unknown as { settings: SwissSettings }[])[0]!.settings;
}

const SWISS_STAGE = 0;

function swissMatches(state: BracketState): EngineMatch[] {
  return matchesOf(state).filter((m) => m.stage_id === SWISS_STAGE);
}

function swissRoundsPlayed(state: BracketState): number {
  return (state.round as Row[]).filter((r) => r.stage_id === SWISS_STAGE).length;
}

/** One Swiss game as the standings read it: `b` null for a bye, `winner` null while unplayed. */
export interface SwissGame {
  round: number;
  a: number;
  b: number | null;
  winner: number | null;
}

function swissGames(state: BracketState): SwissGame[] {
  const roundNumber = new Map((state.round as Row[]).map((r) => [r.id, r.number]));
  return swissMatches(state).map((m) => {
    const a = playerIdOf(state, m.opponent1?.id as number)!;
    const b = playerIdOf(state, m.opponent2?.id as number | null | undefined);
    const winner = !isFinished(m) ? null : m.opponent1?.result === "win" ? a : m.opponent2?.result === "win" ? b : null;
    return { round: roundNumber.get(m.round_id as number) ?? 0, a, b, winner };
  });
}

interface SwissRow {
  playerId: number;
  rank: number;
  shared: boolean;
  played: number;
  won: number;
  lost: number;
  byes: number;
  /** One point a win, a bye counting as a win. */
  pts: number;
  /** The sum of the points of the opponents met (a bye adds nothing: there is nobody). */
  buchholz: number;
  /** The sum of the points of the opponents beaten. */
  sonnebornBerger: number;
  /** The sum of the Buchholz of the opponents met: how strong their opponents' opponents were. */
  opponentsBuchholz: number;
  /** The tie-break that set this place apart from players level on points with it; null when points alone did. */
  tieBreak: SwissTieBreak | null;
}

/**
 * The Swiss table: points, then Buchholz, head-to-head (wins in the games among the players still
 * level), Sonneborn-Berger, opponents' Buchholz, and last the organiser's choice on the cut line;
 * each part still level is ranked afresh from points (as the round robin does). Whoever nothing
 * separates shares the place, listed in seeding order.
 */
export function swissStandings(state: BracketState): SwissRow[] {
  const players = (state.participant as { name: string }[]).map((p) => Number(p.name));
  return standingsFromGames(players, swissGames(state), settingsOf(state).cutPicks ?? []);
}

/** `cutPicks`: the players the organiser put through a tie on the cut line (none before they chose). */
export function standingsFromGames(players: number[], games: SwissGame[], cutPicks: number[] = []): SwissRow[] {
  const played = games.filter((g) => g.winner !== null);
  const points = new Map(players.map((p) => [p, played.filter((g) => g.winner === p).length]));
  const sumOf = (ids: number[], figure: Map<number, number>) => ids.reduce((sum, id) => sum + (figure.get(id) ?? 0), 0);
  const opponents = (p: number) => played.flatMap((g) => (g.b === null ? [] : g.a === p ? [g.b] : g.b === p ? [g.a] : []));
  const beaten = (p: number) => played.flatMap((g) => (g.b !== null && g.winner === p ? [g.a === p ? g.b : g.a] : []));
  const buchholz = new Map(players.map((p) => [p, sumOf(opponents(p), points)]));
  const sonnebornBerger = new Map(players.map((p) => [p, sumOf(beaten(p), points)]));
  const opponentsBuchholz = new Map(players.map((p) => [p, sumOf(opponents(p), buchholz)]));
  const criteria: Criterion[] = [
    (p) => points.get(p)!,
    (p) => buchholz.get(p)!,
    (p, group) => beaten(p).filter((o) => group.includes(o)).length,
    (p) => sonnebornBerger.get(p)!,
    (p) => opponentsBuchholz.get(p)!,
    (p) => (cutPicks.includes(p) ? 1 : 0),
  ];
  const rows: SwissRow[] = [];
  for (const { players: place, decidedBy } of separate(players, criteria)) {
    const rank = rows.length + 1;
    for (const playerId of place) {
      const mine = played.filter((g) => g.a === playerId || g.b === playerId);
      const byes = mine.filter((g) => g.b === null).length;
      const won = mine.filter((g) => g.winner === playerId).length;
      rows.push({
        playerId,
        rank,
        shared: place.length > 1,
        played: mine.length - byes,
        won: won - byes,
        lost: mine.length - won,
        byes,
        pts: points.get(playerId)!,
        buchholz: buchholz.get(playerId)!,
        sonnebornBerger: sonnebornBerger.get(playerId)!,
        opponentsBuchholz: opponentsBuchholz.get(playerId)!,
        tieBreak: decidedBy === null || decidedBy === 0 ? null : SWISS_TIE_BREAKS[decidedBy - 1]!,
      });
    }
  }
  return rows;
}

/**
 * The next round's pairs from `ranked` (best first). With an odd count the bye goes to the lowest
 * ranked player who has not had one (the next lowest if the rest cannot then be paired). The others
 * are paired down the table, each with the best-placed player below they have not met, backing up
 * when a choice leaves someone without a partner.
 */
export function pairRound(ranked: number[], games: SwissGame[]): { pairs: [number, number][]; bye: number | null } {
  const met = new Set(games.filter((g) => g.b !== null).flatMap((g) => [`${g.a}:${g.b}`, `${g.b}:${g.a}`]));
  const hadBye = new Set(games.filter((g) => g.b === null).map((g) => g.a));
  const canMeet = (a: number, b: number) => !met.has(`${a}:${b}`);
  if (ranked.length % 2 === 0) {
    const pairs = pairDown(ranked, canMeet, { steps: 0 });
    if (!pairs) throw new SwissPairingError();
    return { pairs, bye: null };
  }
  for (const bye of [...ranked].reverse().filter((p) => !hadBye.has(p))) {
    const pairs = pairDown(
      ranked.filter((p) => p !== bye),
      canMeet,
      { steps: 0 },
    );
    if (pairs) return { pairs, bye };
  }
  throw new SwissPairingError();
}

/** Backtracking, bounded: a field with no pairing left gives up rather than search for ever. */
function pairDown(players: number[], canMeet: (a: number, b: number) => boolean, budget: { steps: number }): [number, number][] | null {
  if (players.length === 0) return [];
  const [top, ...rest] = players as [number, ...number[]];
  for (const partner of rest) {
    if (++budget.steps > 200_000) return null;
    if (!canMeet(top, partner)) continue;
    const others = pairDown(
      rest.filter((p) => p !== partner),
      canMeet,
      budget,
    );
    if (others) return [[top, partner], ...others];
  }
  return null;
}

/** Round 1 pairs seed 1 with the first seed of the bottom half, and so on down. */
function firstRoundOrder(seeding: number[]): number[] {
  const half = Math.ceil(seeding.length / 2);
  const top = seeding.slice(0, half);
  const bottom = seeding.slice(half);
  return top.flatMap((p, i) => (bottom[i] === undefined ? [p] : [p, bottom[i]!]));
}

/** Appends the next Swiss round, paired from the standings (round 1 from the seeding). */
function addRound(state: BracketState): BracketState {
  const next = structuredClone(state);
  const games = swissGames(next);
  const number = swissRoundsPlayed(next) + 1;
  const seeding = (next.participant as { name: string }[]).map((p) => Number(p.name));
  const ranked = number === 1 ? firstRoundOrder(seeding) : swissStandings(next).map((row) => row.playerId);
  const { pairs, bye } = pairRound(ranked, games);
  const participantOf = new Map((next.participant as { id: number; name: string }[]).map((p) => [Number(p.name), p.id]));
  const roundId = nextId(next.round as Row[]);
  (next.round as Row[]).push({ id: roundId, stage_id: SWISS_STAGE, group_id: 0, number });
  let matchId = nextId(next.match as { id: number }[]);
  const base = { stage_id: SWISS_STAGE, group_id: 0, round_id: roundId, child_count: 0 };
  pairs.forEach(([a, b], i) => {
    (next.match as unknown[]).push({ id: matchId++, ...base, number: i + 1, status: Status.Ready, opponent1: { id: participantOf.get(a) }, opponent2: { id: participantOf.get(b) } });
  });
  if (bye !== null)
    (next.match as unknown[]).push({ id: matchId++, ...base, number: pairs.length + 1, status: Status.Completed, opponent1: { id: participantOf.get(bye), result: "win" }, opponent2: null });
  return next;
}

function nextId(rows: { id: number }[]): number {
  return rows.length === 0 ? 0 : Math.max(...rows.map((r) => r.id)) + 1;
}

/**
 * What follows a result: when the round just finished, the next round is paired; after the last
 * one, the top cut is drawn (if there is one), unless a tie on its line waits for the organiser.
 * Anything else leaves the state as it is.
 */
export async function advanceSwiss(state: BracketState): Promise<BracketState> {
  const roundOpen = swissMatches(state).some((m) => !isFinished(m));
  if (roundOpen || cutStateOf(state)) return state;
  const { swissRounds, topCut } = settingsOf(state);
  if (swissRoundsPlayed(state) < swissRounds) return addRound(state);
  if (topCut === 0 || cutTieOf(state)) return state;
  const { storage, manager } = await open(state);
  const participantOf = new Map((state.participant as { id: number; name: string }[]).map((p) => [Number(p.name), p.id]));
  const seeded = swissStandings(state)
    .slice(0, topCut)
    .map((row) => participantOf.get(row.playerId)!);
  await manager.create.stage({ tournamentId: 0, name: "Top cut", type: "single_elimination", seedingIds: seeded, settings: { seedOrdering: ["inner_outer"], balanceByes: false } });
  return storage.getData();
}

/** Players still level across the cut line after every tie-break: `places` of the cut are theirs to share out. */
interface CutTie {
  places: number;
  players: number[];
}

/**
 * The tie the top cut waits on: once the Swiss rounds are over and before the cut is drawn, the
 * players sharing the place that the cut line runs through. Null when the line falls between places.
 */
export function cutTieOf(state: BracketState): CutTie | null {
  const { swissRounds, topCut } = settingsOf(state);
  const roundsOver = swissRoundsPlayed(state) === swissRounds && swissMatches(state).every(isFinished);
  if (topCut === 0 || !roundsOver || cutStateOf(state)) return null;
  const rows = swissStandings(state);
  const [lastIn, firstOut] = [rows[topCut - 1], rows[topCut]];
  if (!lastIn || !firstOut || lastIn.rank !== firstOut.rank) return null;
  return { places: topCut - rows.filter((row) => row.rank < lastIn.rank).length, players: rows.filter((row) => row.rank === lastIn.rank).map((row) => row.playerId) };
}

export class SwissCutError extends Error {
  constructor(readonly code: "top_cut_not_waiting" | "top_cut_choice_invalid") {
    super(code);
  }
}

/**
 * The organiser settles a tie on the cut line: `playerIds` are the tied players who go through, as
 * many as the places left. The choice is kept in the stage's settings (the table shows it as the
 * tie-break that decided), and the cut is drawn at once.
 */
export async function decideCut(state: BracketState, playerIds: number[]): Promise<BracketState> {
  const tie = cutTieOf(state);
  if (!tie) throw new SwissCutError("top_cut_not_waiting");
  const distinct = new Set(playerIds);
  if (distinct.size !== playerIds.length || distinct.size !== tie.places || playerIds.some((id) => !tie.players.includes(id))) throw new SwissCutError("top_cut_choice_invalid");
  const next = structuredClone(state);
  settingsOf(next).cutPicks = [...playerIds];
  return advanceSwiss(next);
}

/** The top cut alone, as a single-elimination bracket of its own (its players only), or null before it is drawn. */
export function cutStateOf(state: BracketState): BracketState | null {
  const stage = (state.stage as { id: number }[]).find((s) => s.id !== SWISS_STAGE);
  if (!stage) return null;
  const matches = matchesOf(state).filter((m) => m.stage_id === stage.id);
  const inCut = new Set(matches.flatMap((m) => [m.opponent1?.id, m.opponent2?.id]).filter((id) => id !== null && id !== undefined));
  return {
    ...state,
    participant: (state.participant as { id: number }[]).filter((p) => inCut.has(p.id)),
    stage: [stage],
    group: (state.group as Row[]).filter((g) => g.stage_id === stage.id),
    round: (state.round as Row[]).filter((r) => r.stage_id === stage.id),
    match: matches,
  } as unknown as BracketState;
}

/** Every Swiss round played and, with a cut, its final too. */
export function isSwissComplete(state: BracketState): boolean {
  const { swissRounds, topCut } = settingsOf(state);
  const swissDone = swissRoundsPlayed(state) === swissRounds && swissMatches(state).every(isFinished);
  if (!swissDone) return false;
  if (topCut === 0) return true;
  const cut = cutStateOf(state);
  return cut !== null && isComplete(cut);
}

/** The cut's winner, or without a cut the sole first of the table. */
export function swissChampion(state: BracketState): number | null {
  if (!isSwissComplete(state)) return null;
  const cut = cutStateOf(state);
  if (cut) return champion(cut);
  const leaders = swissStandings(state).filter((row) => row.rank === 1);
  return leaders.length === 1 ? leaders[0]!.playerId : null;
}

export function swissSettings(state: BracketState): SwissSettings & { roundsPlayed: number } {
  return { ...settingsOf(state), roundsPlayed: swissRoundsPlayed(state) };
}
