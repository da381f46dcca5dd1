import { type BracketState, isFinished, isPlaying, isUnneededReset, matchesOf, playerIdOf, type Structure } from "./engine.ts";
import type { MatchReplayRef, Round, Seed, StationRef } from "./schemas.ts";

export interface PlayerInfo {
  name: string;
  avatar: string | null;
}

export type BracketData = Round[] | { winnerBracket: Round[]; LoserBracket: Round[] };

/**
 * The one place where the engine's model (groups → rounds → matches) becomes the spec's
 * (rounds → seeds → teams, and winnerBracket/LoserBracket for double elimination).
 */
export function toBracketData(
  tournamentId: number,
  structure: Structure,
  state: BracketState | null,
  players: Map<number, PlayerInfo>,
  stations: Map<number, StationRef> = new Map(),
  replays: Map<number, MatchReplayRef> = new Map(),
): BracketData {
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
          .map((match) => toSeed(tournamentId, state, match, players, stations.get(match.id as number) ?? null, replays.get(match.id as number) ?? null)),
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
  return groups[0] ? roundsOf(groups[0].id, titles(0)) : [];
}

/** A round's name as the bracket shows it (in English; the screens and the match replays translate it). `group` is 0 for winners, 1 losers, 2 grand final. */
function roundTitle(structure: Structure, group: number, n: number, total: number): string {
  if (structure === "robin") return `Round ${n}`;
  if (group === 2) return n === 1 ? "Grand Final" : "Grand Final Reset";
  if (group === 1) return n === total ? "Losers Final" : `Losers Round ${n}`;
  return n === total ? "Final" : n === total - 1 ? "Semi-finals" : `Round ${n}`;
}

/** The name of the round a match belongs to, as its bracket column is titled. */
export function roundTitleOfMatch(structure: Structure, state: BracketState, matchId: number): string {
  const match = matchesOf(state).find((m) => m.id === matchId);
  const rounds = state.round as { id: number; group_id: number; number: number }[];
  const round = rounds.find((r) => r.id === match?.round_id);
  if (!round) return "";
  const groups = [...(state.group as { id: number; number: number }[])].sort((a, b) => a.number - b.number);
  const total = rounds.filter((r) => r.group_id === round.group_id).length;
  return roundTitle(
    structure,
    groups.findIndex((g) => g.id === round.group_id),
    round.number,
    total,
  );
}

function toSeed(
  tournamentId: number,
  state: BracketState,
  match: ReturnType<typeof matchesOf>[number],
  players: Map<number, PlayerInfo>,
  station: StationRef | null,
  replay: MatchReplayRef | null,
): Seed {
  const team = (opponent: { id?: unknown; score?: number } | null | undefined) => {
    const playerId = playerIdOf(state, opponent?.id as number | null | undefined);
    return { player: playerId === null ? null : (players.get(playerId) ?? { name: `#${playerId}`, avatar: null }), playerID: playerId, score: opponent?.score ?? null };
  };
  return { id: `${tournamentId}-${match.id}`, playing: isPlaying(match), finished: isFinished(match), teams: [team(match.opponent1), team(match.opponent2)], station, replay };
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
