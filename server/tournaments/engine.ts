import { BracketsManager } from "brackets-manager";
import { InMemoryDatabase } from "brackets-memory-db";
import { type Database, Status } from "brackets-model";
import type { Structure } from "../../shared/tournaments.ts";

/**
 * The bracket engine: brackets-manager does single and double elimination (with the standard
 * losers-bracket drop-down, a grand final and its reset) and round robin. Its storage is an
 * in-memory database loaded from, and saved back to, the tournament's row in one transaction, so
 * every bracket change is atomic with the rest of the tournament's data.
 */
export type BracketState = Database;
/** The formats are one list both sides read (shared/tournaments.ts); named here too, for the engine's callers. */
export type { Structure };
type StageData = Awaited<ReturnType<BracketsManager["get"]["stageData"]>>;
type EngineMatch = StageData["match"][number];

/** The in-memory store with a way to read everything back out for saving. */
class BracketStore extends InMemoryDatabase {
  getData(): BracketState {
    return structuredClone(this.data);
  }
}

export async function open(state?: BracketState) {
  const storage = new BracketStore();
  if (state) storage.setData(structuredClone(state));
  return { storage, manager: new BracketsManager(storage) };
}

/** Seeds in the given order (join order or the organiser's); seeds 1 and 2 land on opposite halves. */
export async function createBracket(structure: Exclude<Structure, "swiss">, playerIds: number[]): Promise<BracketState> {
  const { storage, manager } = await open();
  const seeding = playerIds.map((id) => ({ id, name: String(id), tournament_id: 0 }));
  await manager.create.stage({
    tournamentId: 0,
    name: "Main",
    type: structure === "s_elim" ? "single_elimination" : structure === "d_elim" ? "double_elimination" : "round_robin",
    seeding: seeding.map((s) => s.name),
    settings: structure === "robin" ? { groupCount: 1 } : { seedOrdering: ["inner_outer"], grandFinal: structure === "d_elim" ? "double" : undefined, balanceByes: false },
  });
  return storage.getData();
}

/** Engine participant ids are positions; the name holds our player id. */
export function playerIdOf(state: BracketState, participantId: number | null | undefined): number | null {
  if (participantId === null || participantId === undefined) return null;
  const participant = (state.participant as { id: number; name: string }[]).find((p) => p.id === participantId);
  return participant ? Number(participant.name) : null;
}

function participantIdOf(state: BracketState, playerId: number): number | null {
  const participant = (state.participant as { id: number; name: string }[]).find((p) => Number(p.name) === playerId);
  return participant?.id ?? null;
}

export function matchesOf(state: BracketState): EngineMatch[] {
  return state.match as EngineMatch[];
}

export function findMatch(state: BracketState, matchId: number): EngineMatch | undefined {
  return matchesOf(state).find((m) => m.id === matchId);
}

export class EngineError extends Error {
  constructor(readonly code: "match_not_ready" | "match_finished" | "match_not_playing" | "scores_equal" | "winner_not_in_match" | "match_not_found") {
    super(code);
  }
}

/** Start: the match is playing and both scores go back to 0 (spec 02 §4). */
export async function startMatch(state: BracketState, matchId: number): Promise<BracketState> {
  const match = findMatch(state, matchId);
  if (!match) throw new EngineError("match_not_found");
  // A played match keeps its result: say so, rather than that its players are unknown.
  if (isFinished(match)) throw new EngineError("match_finished");
  if ((match.status !== Status.Ready && match.status !== Status.Running) || isUnneededReset(state, match)) throw new EngineError("match_not_ready");
  const { storage, manager } = await open(state);
  await manager.update.match({ id: matchId, opponent1: { score: 0 }, opponent2: { score: 0 } });
  return storage.getData();
}

export function isPlaying(match: EngineMatch): boolean {
  return match.status === Status.Running;
}

export function isFinished(match: EngineMatch): boolean {
  return match.status >= Status.Completed;
}

/**
 * End: the higher score wins and advances (in double elimination the loser drops to its losers-
 * bracket slot). Elimination needs differing scores; round robin records a draw.
 */
export async function endMatch(state: BracketState, structure: Structure, matchId: number, score1: number, score2: number, winnerPlayerId?: number): Promise<BracketState> {
  const match = findMatch(state, matchId);
  if (!match) throw new EngineError("match_not_found");
  if (!isPlaying(match)) throw new EngineError("match_not_playing");
  if (score1 === score2 && structure !== "robin") throw new EngineError("scores_equal");
  if (winnerPlayerId !== undefined && score1 !== score2) {
    const winner = score1 > score2 ? match.opponent1?.id : match.opponent2?.id;
    if (participantIdOf(state, winnerPlayerId) !== winner) throw new EngineError("winner_not_in_match");
  }
  const result = (mine: number, theirs: number) => (mine > theirs ? "win" : mine < theirs ? "loss" : "draw");
  const { storage, manager } = await open(state);
  await manager.update.match({
    id: matchId,
    opponent1: { score: score1, result: result(score1, score2) },
    opponent2: { score: score2, result: result(score2, score1) },
  });
  return storage.getData();
}

/** A score during play (issue 18): the match keeps running; its end and winner come with endMatch. */
export async function setScore(state: BracketState, matchId: number, score1: number, score2: number): Promise<BracketState> {
  const match = findMatch(state, matchId);
  if (!match) throw new EngineError("match_not_found");
  if (!isPlaying(match)) throw new EngineError("match_not_playing");
  const { storage, manager } = await open(state);
  await manager.update.match({ id: matchId, opponent1: { score: score1 }, opponent2: { score: score2 } });
  return storage.getData();
}

/** The grand final and its reset (double elimination only), in playing order. */
export function grandFinalMatches(state: BracketState): EngineMatch[] {
  const finalGroup = (state.group as { id: number; number: number }[]).find((g) => g.number === 3);
  if (!finalGroup) return [];
  const roundNumber = new Map((state.round as { id: number; number: number }[]).map((r) => [r.id, r.number]));
  return matchesOf(state)
    .filter((m) => m.group_id === finalGroup.id)
    .sort((a, b) => (roundNumber.get(a.round_id as number) ?? 0) - (roundNumber.get(b.round_id as number) ?? 0));
}

function winnerSide(match: EngineMatch | undefined): "opponent1" | "opponent2" | null {
  if (!match || !isFinished(match)) return null;
  if (match.opponent1?.result === "win") return "opponent1";
  if (match.opponent2?.result === "win") return "opponent2";
  return null;
}

/**
 * The reset is played only when the losers-bracket finalist (opponent2) wins the first grand final;
 * brackets-manager fills it either way, so deciding whether it counts is ours.
 */
export function isUnneededReset(state: BracketState, match: EngineMatch): boolean {
  const [first, reset] = grandFinalMatches(state);
  return Boolean(reset && match.id === reset.id && winnerSide(first) === "opponent1");
}

/** Both players known, not started, not finished, and a match that counts: what a free station may take. */
export function isReady(state: BracketState, match: EngineMatch): boolean {
  return match.status === Status.Ready && !isUnneededReset(state, match);
}

/**
 * The matches in the order they are called to play: earlier rounds first, and within a round the
 * winners' bracket before the losers' and the grand final, then by the match's number.
 */
export function playingOrder(state: BracketState): EngineMatch[] {
  const rounds = new Map((state.round as { id: number; number: number }[]).map((r) => [r.id, r.number]));
  const groups = new Map((state.group as { id: number; number: number }[]).map((g) => [g.id, g.number]));
  const key = (m: EngineMatch) => [rounds.get(m.round_id as number) ?? 0, groups.get(m.group_id as number) ?? 0, m.number];
  return [...matchesOf(state)].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0]! - kb[0]! || ka[1]! - kb[1]! || ka[2]! - kb[2]!;
  });
}

/** The player ids of a match's known opponents. */
export function playersOf(state: BracketState, match: EngineMatch): number[] {
  return [playerIdOf(state, match.opponent1?.id as number | null | undefined), playerIdOf(state, match.opponent2?.id as number | null | undefined)].filter((id): id is number => id !== null);
}

/** Every match that matters has been played. */
export function isComplete(state: BracketState): boolean {
  const matches = matchesOf(state);
  return matches.length > 0 && matches.every((m) => isFinished(m) || isUnneededReset(state, m));
}

/** The winner's player id once an elimination tournament is complete. */
export function champion(state: BracketState): number | null {
  if (!isComplete(state)) return null;
  const [first, reset] = grandFinalMatches(state);
  const decisive = first ? (winnerSide(first) === "opponent1" ? first : reset) : finalMatch(state);
  const side = winnerSide(decisive);
  return side && decisive ? playerIdOf(state, decisive[side]?.id as number) : null;
}

/** The last match of a single-elimination bracket. */
function finalMatch(state: BracketState): EngineMatch | undefined {
  const rounds = state.round as { id: number; number: number }[];
  const last = rounds.reduce<{ id: number; number: number } | undefined>((best, round) => (!best || round.number > best.number ? round : best), undefined);
  return matchesOf(state).find((m) => m.round_id === last?.id);
}

export const RESULTS = { Status };
