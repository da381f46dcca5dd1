import type { BracketData, Round, Rounds } from "../../../../server/tournaments/schemas.ts";

// The client's names for the server's shapes: the list's cards read a summary, the pages a tournament with its bracket.
export type {
  BracketData,
  Round,
  Seed,
  Tournament,
  TournamentSummary,
  TournamentForViewer as TournamentPage,
  Standing as StandingRow,
  TournamentPlayer as Participant,
} from "../../../../server/tournaments/schemas.ts";
export type Structure = Rounds["structure"];

/** The rounds of a bracket, whatever its shape: winners then losers for double elimination. */
export function splitBracket(data: BracketData | undefined): { winners: Round[]; losers: Round[] } {
  if (!data) return { winners: [], losers: [] };
  if (Array.isArray(data)) return { winners: data, losers: [] };
  return { winners: data.winnerBracket ?? [], losers: data.LoserBracket ?? [] };
}

export function hasBracket(data: BracketData | undefined): boolean {
  const { winners, losers } = splitBracket(data);
  return winners.length + losers.length > 0;
}
