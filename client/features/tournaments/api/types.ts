export type Structure = "s_elim" | "d_elim" | "robin";

export interface TeamSlot {
  player: { name: string; avatar: string | null } | null;
  playerID: number | null;
  score: number | null;
}

export interface Seed {
  id: string;
  playing: boolean;
  finished: boolean;
  teams: TeamSlot[];
}

export interface Round {
  title: string;
  seeds: Seed[];
}

export type BracketData = Round[] | { winnerBracket: Round[]; LoserBracket: Round[] };

export interface Tournament {
  id: number;
  name: string;
  PosterImg: string | null;
  coverImg: string | null;
  structure: Structure;
  size: number;
  numberOfPlayers: number;
  isActive: boolean;
  isFinished: boolean;
  isTeam: boolean;
  teamSize: number;
  gameID: number | null;
  gameName: string;
  gameMode: string;
  discipline: string | null;
  description: string;
  attentionNote: string;
  rules: string;
  howItWorks: string;
  prize: string;
  startDate: string | null;
  endDate: string | null;
  timezone: string;
  stream: boolean;
  adminId: number;
  admin: { id: number; username: string; avatar: string | null } | null;
  championId: number | null;
  viewCount: number;
  createdAt: string;
  bracket?: BracketData;
}

export interface TournamentPage extends Tournament {
  isJoined: boolean;
  userApproved: boolean;
  isAdmin: boolean;
}

export interface RoundsState {
  data: BracketData;
  structure: Structure;
  adminId: number;
  progress: number;
  championId: number | null;
}

export interface StandingRow {
  /** 1 + the number of players placed above: players nothing separates share it (1, 1, 3). */
  rank: number;
  shared: boolean;
  flag: string | null;
  name: string;
  playerID: number;
  matchPlayed: number;
  won: number;
  loss: number;
  draw: number;
  pts: number;
}

export interface Participant {
  id: number;
  userId: number;
  firstName: string | null;
  lastName: string | null;
  username: string;
  email: string;
  /** The final placing, top of its band; null while still in the running, or pending. */
  rank: number | null;
  /** The band as shown: "1", "3–4". */
  rankLabel: string | null;
  status: "approved" | "pending";
}

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
