import type { Tournament } from "../../db/types.ts";
import type { AppDeps } from "../http/context.ts";
import { findMatch } from "./engine.ts";
import { parseMatchId } from "./commands.ts";
import { bracketOf, type Db } from "./records.ts";
import { allSeeds, roundTitleOfMatch, toBracketData } from "./rounds.ts";
import { matchOnChannel, playerInfos } from "./stations.ts";
import type { Structure } from "./engine.ts";

// The score bug of an OBS overlay (issue 36, item 4): one match as a broadcast draws it, read from the bracket the
// organiser records scores in, so it moves the moment a score is saved (the overlay hears "stations:changed" or
// "tournament:changed" and reads this again).

/** Which match: the one on a streamer's station (the stream page's rule), a station's, or one named by its id. */
export type ScoreBugSource = { streamerUsername: string } | { stationId: number } | { matchId: string };

interface ScoreBugMatch {
  id: string;
  tournament: { id: number; name: string };
  format: string;
  round: string;
  station: string | null;
  playing: boolean;
  finished: boolean;
  players: { name: string; avatar: string | null; score: number }[];
}

/** The match of `source` as the overlay draws it, or null when there is none (no station, no match on it). */
export async function scoreBugMatch(deps: AppDeps, source: ScoreBugSource): Promise<ScoreBugMatch | null> {
  const where = await locate(deps, source);
  if (!where) return null;
  const tournament = await deps.db.selectFrom("tournament").selectAll().where("id", "=", where.tournamentId).executeTakeFirst();
  if (!tournament) return null;
  return drawMatch(deps.db, tournament, where.engineId, where.station);
}

async function locate(deps: AppDeps, source: ScoreBugSource): Promise<{ tournamentId: number; engineId: number; station: string | null } | null> {
  if ("matchId" in source) {
    const { tournamentId, engineId } = parseMatchId(source.matchId);
    return { tournamentId, engineId, station: null };
  }
  if ("stationId" in source) {
    const row = await deps.db.selectFrom("tournament_station").select(["tournament_id", "match_id", "name"]).where("id", "=", source.stationId).executeTakeFirst();
    return row?.match_id == null ? null : { tournamentId: row.tournament_id, engineId: row.match_id, station: row.name };
  }
  const { onAir } = await matchOnChannel(deps, source.streamerUsername);
  if (!onAir?.station.matchID) return null;
  return { ...parseMatchId(onAir.station.matchID), station: onAir.station.name };
}

async function drawMatch(db: Db, tournament: Tournament, engineId: number, station: string | null): Promise<ScoreBugMatch | null> {
  const state = bracketOf(tournament);
  if (!state || !findMatch(state, engineId)) return null;
  const structure = tournament.structure as Structure;
  const id = `${tournament.id}-${engineId}`;
  const seed = allSeeds(toBracketData(tournament.id, structure, state, await playerInfos(db, tournament.id))).find((candidate) => candidate.id === id);
  if (!seed) return null;
  return {
    id,
    tournament: { id: tournament.id, name: tournament.name },
    format: structure,
    round: roundTitleOfMatch(structure, state, engineId),
    station,
    playing: seed.playing,
    finished: seed.finished,
    players: seed.teams.map((team) => ({ name: team.player?.name ?? "", avatar: team.player?.avatar ?? null, score: team.score ?? 0 })),
  };
}
