import type { Tournament, User } from "../../db/types.ts";
import { canManageTournament } from "../access/policy.ts";
import type { AppDeps } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";
import type { Structure } from "./engine.ts";
import { finalPlacings, type Placing, placingLabel } from "./placings.ts";
import { approvedCounts, assertManager, bracketOf, type Db, findTournament } from "./records.ts";
import { type BracketData, finishedShare, type PlayerInfo, toBracketData } from "./rounds.ts";
import { robinStandings } from "./standings.ts";
import { stationsByMatch } from "./stations.ts";
import { isCheckedIn } from "./checkin.ts";
import { cutStateOf, cutTieOf, swissSettings, swissStandings } from "./swiss.ts";
import { replaysByMatch, stationsPlayedAt } from "./match-replays.ts";

// What the tournament pages read; nothing here changes a tournament (the page view count aside).

async function playersOf(db: Db, tournamentId: number) {
  return db
    .selectFrom("tournament_player")
    .innerJoin("user", "user.id", "tournament_player.user_id")
    .select([
      "tournament_player.id",
      "tournament_player.status",
      "tournament_player.joined_at",
      "tournament_player.checked_in_at",
      "user.id as userId",
      "user.username",
      "user.first_name",
      "user.last_name",
      "user.email",
      "user.avatar",
    ])
    .where("tournament_player.tournament_id", "=", tournamentId)
    .orderBy("tournament_player.joined_at")
    .orderBy("tournament_player.id")
    .execute();
}

async function playerInfos(db: Db, tournamentId: number): Promise<Map<number, PlayerInfo>> {
  const players = await playersOf(db, tournamentId);
  return new Map(players.map((p) => [p.userId, { name: p.username, avatar: p.avatar }]));
}

/**
 * The participants screen; emails are shown to the tournament's admin only. `rank` is the final
 * placing (the top of its band, `rankLabel` the band, "3–4"), null while the player is still in the
 * running or was never approved.
 */
export async function listPlayers(deps: AppDeps, viewer: User | undefined, tournamentId: number) {
  const tournament = await findTournament(deps.db, tournamentId);
  const admin = canManageTournament(viewer, tournament);
  const state = bracketOf(tournament);
  const placings = state ? finalPlacings(tournament.structure as Structure, state) : new Map<number, Placing>();
  return (await playersOf(deps.db, tournamentId)).map((p) => {
    const placing = p.status === "approved" ? placings.get(p.userId) : undefined;
    return {
      id: p.id,
      userId: p.userId,
      firstName: p.first_name,
      lastName: p.last_name,
      username: p.username,
      avatar: p.avatar,
      email: admin ? p.email : "",
      rank: placing?.rank ?? null,
      rankLabel: placing ? placingLabel(placing) : null,
      status: p.status,
      checkedIn: isCheckedIn(tournament, p),
    };
  });
}

export async function tournamentSummary(deps: AppDeps, tournament: Tournament) {
  return (await tournamentSummaries(deps, [tournament]))[0]!;
}

/**
 * The cards of many tournaments in three queries whatever their number (admins, approved players,
 * game artwork), not three per tournament: the tournaments page lists two hundred (bench/scale).
 */
export async function tournamentSummaries(deps: AppDeps, tournaments: Tournament[]) {
  if (tournaments.length === 0) return [];
  const ids = tournaments.map((t) => t.id);
  const adminIds = [...new Set(tournaments.map((t) => t.admin_id))];
  // Without a poster of its own, a tournament wears its game's artwork: cards never show an empty box.
  const gameIds = [...new Set(tournaments.flatMap((t) => (!t.poster && t.game_id ? [t.game_id] : [])))];
  const [admins, counts, games] = await Promise.all([
    deps.db.selectFrom("user").select(["id", "username", "avatar"]).where("id", "in", adminIds).execute(),
    approvedCounts(deps.db, ids),
    gameIds.length > 0 ? deps.db.selectFrom("game").select(["id", "landscape_image"]).where("id", "in", gameIds).execute() : Promise.resolve([]),
  ]);
  const adminById = new Map(admins.map((admin) => [admin.id, admin]));
  const artworkOf = new Map(games.map((game) => [game.id, game.landscape_image]));
  return tournaments.map((tournament) => {
    const poster = tournament.poster ?? (tournament.game_id ? artworkOf.get(tournament.game_id) : undefined) ?? null;
    return toSummary(tournament, adminById.get(tournament.admin_id), counts.get(tournament.id) ?? 0, poster);
  });
}

function toSummary(tournament: Tournament, admin: { id: number; username: string; avatar: string | null } | undefined, numberOfPlayers: number, poster: string | null) {
  return {
    id: tournament.id,
    _id: tournament.id,
    name: tournament.name,
    tournametName: tournament.name,
    tournrmentName: tournament.name,
    PosterImg: poster,
    posterImg: poster,
    coverImg: tournament.cover,
    cover: tournament.cover,
    structure: tournament.structure,
    size: tournament.size,
    numberOfPlayers,
    isActive: tournament.is_active === 1,
    Active: tournament.is_active === 1,
    isFinished: tournament.finished_at !== null,
    isTeam: tournament.is_team === 1,
    teamSize: tournament.team_size,
    gameID: tournament.game_id,
    gameId: tournament.game_id,
    gameName: tournament.game_name,
    gameMode: tournament.game_mode,
    discipline: tournament.discipline,
    description: tournament.description,
    attentionNote: tournament.description,
    rules: tournament.rules,
    howItWorks: tournament.rules,
    prize: tournament.prize,
    startDate: tournament.start_date,
    endDate: tournament.end_date,
    timezone: tournament.timezone,
    stream: tournament.stream === 1,
    adminId: tournament.admin_id,
    admin: admin ? { id: admin.id, username: admin.username, avatar: admin.avatar } : null,
    championId: tournament.champion_id,
    viewCount: tournament.view_count,
    createdAt: new Date(tournament.created_at).toISOString(),
    swissRounds: tournament.swiss_rounds,
    topCut: tournament.top_cut,
    checkInOpensAt: isoOrNull(tournament.checkin_opens_at),
    checkInClosesAt: isoOrNull(tournament.checkin_closes_at),
    checkInClosedAt: isoOrNull(tournament.checkin_closed_at),
  };
}

function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(Number(ms)).toISOString();
}

export async function listTournaments(deps: AppDeps) {
  const rows = await deps.db.selectFrom("tournament").selectAll().orderBy("created_at", "desc").limit(200).execute();
  return tournamentSummaries(deps, rows);
}

export async function getTournamentWithBracket(deps: AppDeps, id: number) {
  const tournament = await findTournament(deps.db, id);
  return { ...(await tournamentSummary(deps, tournament)), bracket: await bracketData(deps, tournament) };
}

/** The full page data: counts a view, and tells the caller whether they joined and were approved. */
export async function getTournamentForViewer(deps: AppDeps, id: number, viewer: User | undefined) {
  await deps.db
    .updateTable("tournament")
    .set((eb) => ({ view_count: eb("view_count", "+", 1) }))
    .where("id", "=", id)
    .execute();
  const full = await getTournamentWithBracket(deps, id);
  const mine = viewer
    ? await deps.db.selectFrom("tournament_player").select(["status", "checked_in_at", "joined_at"]).where("tournament_id", "=", id).where("user_id", "=", viewer.id).executeTakeFirst()
    : undefined;
  const isAdmin = canManageTournament(viewer, { admin_id: full.adminId });
  return {
    ...full,
    isJoined: Boolean(mine),
    userApproved: mine?.status === "approved",
    isAdmin,
    checkedIn: mine ? isCheckedIn({ checkin_closed_at: full.checkInClosedAt ? Date.parse(full.checkInClosedAt) : null }, mine) : false,
  };
}

async function bracketData(deps: AppDeps, tournament: Tournament): Promise<BracketData> {
  return toBracketData(tournament.id, tournament.structure, bracketOf(tournament), await playerInfos(deps.db, tournament.id), {
    stations: await stationsByMatch(deps.db, tournament.id),
    replays: await replaysByMatch(deps.db, tournament.id),
    playedAt: await stationsPlayedAt(deps.db, tournament.id),
  });
}

export async function rounds(deps: AppDeps, id: number) {
  const tournament = await findTournament(deps.db, id);
  return {
    data: await bracketData(deps, tournament),
    structure: tournament.structure,
    adminId: tournament.admin_id,
    progress: finishedShare(bracketOf(tournament)),
    championId: tournament.champion_id,
  };
}

export async function roundRobinTable(deps: AppDeps, id: number) {
  const tournament = await findTournament(deps.db, id);
  const state = bracketOf(tournament);
  if (!state || tournament.structure !== "robin") return [];
  const players = await playerInfos(deps.db, id);
  return robinStandings(state).map((row) => ({
    rank: row.rank,
    shared: row.shared,
    flag: players.get(row.playerId)?.avatar ?? null,
    name: players.get(row.playerId)?.name ?? `#${row.playerId}`,
    playerID: row.playerId,
    matchPlayed: row.matchPlayed,
    won: row.won,
    loss: row.loss,
    draw: row.draw,
    pts: row.pts,
    scoreFor: row.scoreFor,
    scoreAgainst: row.scoreAgainst,
  }));
}

/** The Swiss table (empty before the start) with the rounds played, the cut, and a tie on its line waiting for the organiser. */
export async function swissTable(deps: AppDeps, id: number) {
  const tournament = await findTournament(deps.db, id);
  const state = bracketOf(tournament);
  if (!state || tournament.structure !== "swiss") return { rows: [], rounds: tournament.swiss_rounds ?? 0, roundsPlayed: 0, topCut: tournament.top_cut, cutDrawn: false, cutTie: null };
  const players = await playerInfos(deps.db, id);
  const who = (playerId: number) => ({ flag: players.get(playerId)?.avatar ?? null, name: players.get(playerId)?.name ?? `#${playerId}`, playerID: playerId });
  const settings = swissSettings(state);
  const rows = swissStandings(state).map((row) => ({
    rank: row.rank,
    shared: row.shared,
    ...who(row.playerId),
    played: row.played,
    won: row.won,
    lost: row.lost,
    byes: row.byes,
    pts: row.pts,
    buchholz: row.buchholz,
    sonnebornBerger: row.sonnebornBerger,
    opponentsBuchholz: row.opponentsBuchholz,
    tieBreak: row.tieBreak,
  }));
  const tie = cutTieOf(state);
  return {
    rows,
    rounds: settings.swissRounds,
    roundsPlayed: settings.roundsPlayed,
    topCut: settings.topCut,
    cutDrawn: cutStateOf(state) !== null,
    cutTie: tie ? { places: tie.places, players: tie.players.map(who) } : null,
  };
}

export async function isTournamentAdmin(deps: AppDeps, id: number, viewer: User | undefined): Promise<boolean> {
  return canManageTournament(viewer, await findTournament(deps.db, id));
}

/** The tournament a streamer runs (active first, then the newest unfinished): shown under their stream. */
export async function tournamentOfStreamer(deps: AppDeps, userId: number) {
  const tournament = await deps.db
    .selectFrom("tournament")
    .selectAll()
    .where("admin_id", "=", userId)
    .where("finished_at", "is", null)
    .orderBy("is_active", "desc")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!tournament) throw new NotFoundError("tournament_not_found");
  return getTournamentWithBracket(deps, tournament.id);
}

/** The caller's tournaments; the archive holds the finished ones. */
export async function myTournaments(deps: AppDeps, user: User, archive: boolean) {
  let query = deps.db.selectFrom("tournament").selectAll().where("admin_id", "=", user.id).orderBy("created_at", "desc");
  query = archive ? query.where("finished_at", "is not", null) : query.where("finished_at", "is", null);
  return tournamentSummaries(deps, await query.execute());
}

/** Everything about a tournament as one JSON file, for the organiser's records (beyond the spec). */
export async function exportTournament(deps: AppDeps, user: User, id: number) {
  const tournament = await findTournament(deps.db, id);
  assertManager(user, tournament);
  return {
    exportedAt: new Date(deps.now()).toISOString(),
    tournament: await getTournamentWithBracket(deps, id),
    players: await listPlayers(deps, user, id),
    standings: tournament.structure === "robin" ? await roundRobinTable(deps, id) : undefined,
  };
}
