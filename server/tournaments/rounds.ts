import { type BracketState, isFinished, isPlaying, isUnneededReset, matchesOf, playerIdOf, type Structure } from "./engine.ts";
import type { Round, Seed, StationRef } from "./schemas.ts";

export interface PlayerInfo {
  name: string;
  avatar: string | null;
}

export type BracketData = Round[] | { winnerBracket: Round[]; LoserBracket: Round[] };

/**
 * The one place where the engine's model (groups → rounds → matches) becomes the spec's
 * (rounds → seeds → teams, and winnerBracket/LoserBracket for double elimination).
 */
export function toBracketData(tournamentId: number, structure: Structure, state: BracketState | null, players: Map<number, PlayerInfo>, stations: Map<number, StationRef> = new Map()): BracketData {
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
          .map((match) => toSeed(tournamentId, state, match, players, stations.get(match.id as number) ?? null)),
      }))
      .filter((round) => round.seeds.length > 0);
  };
  const eliminationTitle = (n: number, total: number) => (n === total ? "Final" : n === total - 1 ? "Semi-finals" : `Round ${n}`);
  if (structure === "d_elim") {
    const [winners, losers, final] = groups;
    return {
      winnerBracket: [...(winners ? roundsOf(winners.id, eliminationTitle) : []), ...(final ? roundsOf(final.id, (n) => (n === 1 ? "Grand Final" : "Grand Final Reset")) : [])],
      LoserBracket: losers ? roundsOf(losers.id, (n, total) => (n === total ? "Losers Final" : `Losers Round ${n}`)) : [],
    };
  }
  if (structure === "robin") return groups[0] ? roundsOf(groups[0].id, (n) => `Round ${n}`) : [];
  // Swiss (issue 19): its rounds, then the top cut's (a group of the second stage) once drawn.
  if (structure === "swiss") {
    const [swiss, cut] = [groups.find((g) => (g as { stage_id?: number }).stage_id === 0), groups.find((g) => (g as { stage_id?: number }).stage_id !== 0)];
    return [...(swiss ? roundsOf(swiss.id, (n) => `Swiss Round ${n}`) : []), ...(cut ? roundsOf(cut.id, eliminationTitle) : [])];
  }
  return groups[0] ? roundsOf(groups[0].id, eliminationTitle) : [];
}

function toSeed(tournamentId: number, state: BracketState, match: ReturnType<typeof matchesOf>[number], players: Map<number, PlayerInfo>, station: StationRef | null): Seed {
  const team = (opponent: { id?: unknown; score?: number } | null | undefined) => {
    const playerId = playerIdOf(state, opponent?.id as number | null | undefined);
    return { player: playerId === null ? null : (players.get(playerId) ?? { name: `#${playerId}`, avatar: null }), playerID: playerId, score: opponent?.score ?? null };
  };
  return { id: `${tournamentId}-${match.id}`, playing: isPlaying(match), finished: isFinished(match), teams: [team(match.opponent1), team(match.opponent2)], station };
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
