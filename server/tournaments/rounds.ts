import { type BracketState, isFinished, isPlaying, isUnneededReset, matchesOf, playerIdOf, type Structure } from "./engine.ts";
import type { MatchReplayRef, Round, Seed, StationRef } from "./schemas.ts";

export interface PlayerInfo {
  name: string;
  avatar: string | null;
}

export type BracketData = Round[] | { winnerBracket: Round[]; LoserBracket: Round[] };

/** What the cards show beside the bracket, keyed by the engine's match id. */
interface MatchExtras {
  /** The station a match is on now. */
  stations?: Map<number, StationRef>;
  replays?: Map<number, MatchReplayRef>;
  /** The name of the station a finished match was played at. */
  playedAt?: Map<number, string>;
}

/**
 * The one place where the engine's model (groups → rounds → matches) becomes the spec's
 * (rounds → seeds → teams, and winnerBracket/LoserBracket for double elimination).
 */
export function toBracketData(tournamentId: number, structure: Structure, state: BracketState | null, players: Map<number, PlayerInfo>, extras: MatchExtras = {}): BracketData {
  if (!state) return structure === "d_elim" ? { winnerBracket: [], LoserBracket: [] } : [];
  const groups = [...(state.group as { id: number; number: number }[])].sort((a, b) => a.number - b.number);
  const roundsOf = (groupId: number, titles: (n: number, total: number) => string): Round[] => {
    const rounds = (state.round as { id: number; group_id: number; number: number }[]).filter((r) => r.group_id === groupId).sort((a, b) => a.number - b.number);
    return rounds
      .map((round) => ({
        title: titles(round.number, rounds.length),
        seeds: matchesOf(state)
          .filter((m) => m.round_id === round.id && !isUnneededReset(state, m))
          .sort((a, b) => a.number - b.number)
          .map((match) => toSeed(tournamentId, state, match, players, extras)),
      }))
      .filter((round) => round.seeds.length > 0);
  };
  const titles = (group: number) => (n: number, total: number) => roundTitle(structure, group, n, total);
  if (structure === "d_elim") {
    const [winners, losers, final] = groups;
    return {
      winnerBracket: [...(winners ? roundsOf(winners.id, titles(0)) : []), ...(final ? roundsOf(final.id, titles(2)) : [])],
      LoserBracket: losers ? roundsOf(losers.id, titles(1)) : [],
    };
  }
  // Swiss (issue 19): its rounds, then the top cut's (a group of the second stage) once drawn.
  if (structure === "swiss") {
    const [swiss, cut] = [groups.find((g) => stageOf(g) === 0), groups.find((g) => stageOf(g) !== 0)];
    return [...(swiss ? roundsOf(swiss.id, titles(0)) : []), ...(cut ? roundsOf(cut.id, titles(1)) : [])];
  }
  return groups[0] ? roundsOf(groups[0].id, titles(0)) : [];
}

/** The engine's stage of a group: a Swiss tournament's rounds are stage 0, its top cut stage 1. */
const stageOf = (group: unknown) => (group as { stage_id?: number }).stage_id;

/**
 * A round's name as the bracket shows it (in English; the screens and the match replays translate it).
 * `group` is 0 for winners, 1 losers, 2 grand final; for Swiss, 0 its rounds and 1 the top cut.
 */
function roundTitle(structure: Structure, group: number, n: number, total: number): string {
  const elimination = n === total ? "Final" : n === total - 1 ? "Semi-finals" : `Round ${n}`;
  if (structure === "robin") return `Round ${n}`;
  if (structure === "swiss") return group === 0 ? `Swiss Round ${n}` : elimination;
  if (group === 2) return n === 1 ? "Grand Final" : "Grand Final Reset";
  if (group === 1) return n === total ? "Losers Final" : `Losers Round ${n}`;
  return elimination;
}

/** The name of the round a match belongs to, as its bracket column is titled. */
export function roundTitleOfMatch(structure: Structure, state: BracketState, matchId: number): string {
  const match = matchesOf(state).find((m) => m.id === matchId);
  const rounds = state.round as { id: number; group_id: number; number: number }[];
  const round = rounds.find((r) => r.id === match?.round_id);
  if (!round) return "";
  const groups = [...(state.group as { id: number; number: number }[])].sort((a, b) => a.number - b.number);
  const total = rounds.filter((r) => r.group_id === round.group_id).length;
  const group = structure === "swiss" ? (stageOf(groups.find((g) => g.id === round.group_id)) === 0 ? 0 : 1) : groups.findIndex((g) => g.id === round.group_id);
  return roundTitle(structure, group, round.number, total);
}

function toSeed(tournamentId: number, state: BracketState, match: ReturnType<typeof matchesOf>[number], players: Map<number, PlayerInfo>, extras: MatchExtras): Seed {
  const team = (opponent: { id?: unknown; score?: number } | null | undefined) => {
    const playerId = playerIdOf(state, opponent?.id as number | null | undefined);
    return { player: playerId === null ? null : (players.get(playerId) ?? { name: `#${playerId}`, avatar: null }), playerID: playerId, score: opponent?.score ?? null };
  };
  const id = match.id as number;
  const finished = isFinished(match);
  return {
    id: `${tournamentId}-${id}`,
    playing: isPlaying(match),
    finished,
    teams: [team(match.opponent1), team(match.opponent2)],
    station: extras.stations?.get(id) ?? null,
    playedAt: finished ? (extras.playedAt?.get(id) ?? null) : null,
    replay: extras.replays?.get(id) ?? null,
  };
}

/** Every seed of a bracket, whatever its shape. */
export function allSeeds(data: BracketData): Seed[] {
  const rounds = Array.isArray(data) ? data : [...data.winnerBracket, ...data.LoserBracket];
  return rounds.flatMap((round) => round.seeds);
}

/** The share of matches played, for the dashboard's Running progress (spec 02 §4). */
export function finishedShare(state: BracketState | null): number {
  if (!state) return 0;
  const matches = matchesOf(state).filter((m) => !isUnneededReset(state, m));
  return matches.length ? Math.round((matches.filter(isFinished).length / matches.length) * 100) : 0;
}
