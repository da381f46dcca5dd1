import type { Tournament, User } from "../../db/types.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError, BadRequestError, ConflictError, ForbiddenError, InvalidError, NotFoundError } from "../http/errors.ts";
import { imageKinds, removeUpload, storeImage } from "../http/images.ts";
import { notify } from "../notifications/service.ts";
import { type BracketState, champion, createBracket, SIZES, EngineError, endMatch, isComplete, startMatch as engineStartMatch, type Structure } from "./engine.ts";
import { type BracketData, finishedShare, type PlayerInfo, toBracketData } from "./rounds.ts";
import type { CreateTournamentInput, UpdateTournamentInput } from "./schemas.ts";
import { finalPlacings, type Placing, placingLabel } from "./placings.ts";
import { robinChampion, robinStandings } from "./standings.ts";

type Db = AppDeps["db"];

async function findTournament(db: Db, id: number): Promise<Tournament> {
  const tournament = await db.selectFrom("tournament").selectAll().where("id", "=", id).executeTakeFirst();
  if (!tournament) throw new NotFoundError("tournament_not_found");
  return tournament;
}

/** The tournament's admin (its creator) and site admins manage it; nobody else. */
function canManage(user: User | undefined, tournament: Tournament): boolean {
  return Boolean(user && (user.id === tournament.admin_id || user.role === "admin"));
}

function assertManager(user: User, tournament: Tournament): void {
  if (!canManage(user, tournament)) throw new ForbiddenError("tournament_admin_only");
}

function bracketOf(tournament: Tournament): BracketState | null {
  return tournament.bracket ? (JSON.parse(tournament.bracket) as BracketState) : null;
}

async function approvedCount(db: Db, tournamentId: number): Promise<number> {
  const row = await db.selectFrom("tournament_player").select((eb) => eb.fn.countAll<number>().as("n")).where("tournament_id", "=", tournamentId).where("status", "=", "approved").executeTakeFirstOrThrow();
  return Number(row.n);
}

function changed(deps: AppDeps, tournamentId: number): void {
  deps.bus.emit("tournament:changed", { tournamentId });
}

/** The poster is checked and stored first: a refused picture leaves no tournament, a failed insert no file. */
export async function createTournament(deps: AppDeps, user: User, input: CreateTournamentInput): Promise<number> {
  const now = deps.now();
  const game = input.gameID ? await deps.db.selectFrom("game").select(["id", "name"]).where("id", "=", input.gameID).executeTakeFirst() : undefined;
  const poster = input.file instanceof File && input.file.size > 0 ? await storeImage(deps, input.file, imageKinds.poster, user.id) : null;
  const { id } = await deps.db
    .insertInto("tournament")
    .values({
      name: input.tournamentName,
      admin_id: user.id,
      structure: input.format,
      size: input.size,
      is_team: input.isTeam ? 1 : 0,
      team_size: input.isTeam ? input.teamSize : 1,
      game_id: game?.id ?? null,
      game_name: game?.name ?? input.gameName,
      game_mode: input.gameMode,
      description: input.description || input.attentionNote,
      rules: input.rules || input.howItWorks,
      prize: input.prize,
      start_date: input.startDate,
      end_date: input.endDate,
      timezone: input.timeZone,
      poster,
      cover: null,
      stream: input.stream ? 1 : 0,
      bracket: null,
      champion_id: null,
      created_at: now,
      finished_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
    .catch(async (error: unknown) => {
      await removeUpload(poster, deps.config.dataDir);
      throw error;
    });
  return id;
}

export async function updateTournament(deps: AppDeps, user: User, id: number, input: UpdateTournamentInput): Promise<void> {
  const tournament = await findTournament(deps.db, id);
  assertManager(user, tournament);
  if (input.structure && input.structure !== tournament.structure && tournament.is_active) throw new BadRequestError("tournament_already_started");
  // Checked before any picture is stored, and again with the write.
  await checkSize(deps.db, tournament, input);
  const images: { poster?: string; cover?: string } = {};
  if (input.poster instanceof File && input.poster.size > 0) images.poster = await storeImage(deps, input.poster, imageKinds.poster, user.id);
  if (input.cover instanceof File && input.cover.size > 0) images.cover = await storeImage(deps, input.cover, imageKinds.banner, user.id).catch(async (error: unknown) => {
    await removeUpload(images.poster ?? null, deps.config.dataDir);
    throw error;
  });
  const changes = {
    ...(input.tournrmentName !== undefined ? { name: input.tournrmentName } : {}),
    ...(input.prize !== undefined ? { prize: input.prize } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.rules !== undefined ? { rules: input.rules } : {}),
    ...(input.structure !== undefined ? { structure: input.structure } : {}),
    ...(input.size !== undefined ? { size: input.size } : {}),
    ...(input.discipline !== undefined ? { discipline: input.discipline } : {}),
    ...(input.startDate !== undefined && input.startDate !== null ? { start_date: input.startDate } : {}),
    ...(input.endDate !== undefined && input.endDate !== null ? { end_date: input.endDate } : {}),
    ...(input.timeZone !== undefined ? { timezone: input.timeZone } : {}),
    ...images,
  };
  // A form that names nothing to change changes nothing (an UPDATE needs at least one column).
  if (Object.keys(changes).length === 0) return;
  // The size check and the write share a transaction: no approval slips in between.
  await deps.db
    .transaction()
    .execute(async (trx) => {
      await checkSize(trx, await findTournament(trx, id), input);
      await trx.updateTable("tournament").set(changes).where("id", "=", id).execute();
    })
    .catch(async (error: unknown) => {
      for (const stored of Object.values(images)) await removeUpload(stored, deps.config.dataDir);
      throw error;
    });
  // The pictures replaced are nobody's any more.
  if (images.poster) await removeUpload(tournament.poster, deps.config.dataDir);
  if (images.cover) await removeUpload(tournament.cover, deps.config.dataDir);
  changed(deps, id);
}

/**
 * The size changes only before the start, to a size the structure offers (the same list as the
 * create form) and never below the players already approved: nobody approved is dropped.
 */
async function checkSize(db: Db, tournament: Tournament, input: UpdateTournamentInput): Promise<void> {
  const size = input.size ?? tournament.size;
  const structure = (input.structure ?? tournament.structure) as Structure;
  if (size === tournament.size && structure === tournament.structure) return;
  if (size !== tournament.size && (tournament.is_active || tournament.finished_at)) throw new ConflictError([{ field: "size", code: "tournament_already_started" }]);
  if (!SIZES[structure].includes(size)) throw new InvalidError([{ field: "size", code: "tournament_size_invalid" }]);
  const approved = await approvedCount(db, tournament.id);
  if (size < approved) throw new AppError(409, "tournament_size_below_players", { params: { count: approved }, fields: [{ field: "size", code: "tournament_size_below_players" }] });
}

/** A player joins for themself only; the organiser joining their own tournament is approved at once. */
export async function joinTournament(deps: AppDeps, user: User, tournamentId: number, playerId?: number): Promise<"approved" | "pending"> {
  if (playerId !== undefined && playerId !== user.id) throw new ForbiddenError();
  const status = await deps.db.transaction().execute(async (trx) => {
    const tournament = await findTournament(trx, tournamentId);
    if (tournament.is_active || tournament.finished_at) throw new ConflictError([{ field: "tournmentID", code: "tournament_already_started" }]);
    if ((await approvedCount(trx, tournamentId)) >= tournament.size) throw new ConflictError([{ field: "tournmentID", code: "tournament_full" }]);
    const status = user.id === tournament.admin_id ? "approved" : "pending";
    const inserted = await trx
      .insertInto("tournament_player")
      .values({ tournament_id: tournamentId, user_id: user.id, status, joined_at: deps.now() })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new ConflictError([{ field: "tournmentID", code: "tournament_already_joined" }]);
    return status;
  });
  changed(deps, tournamentId);
  return status;
}

export async function leaveTournament(deps: AppDeps, user: User, tournamentId: number, playerId?: number): Promise<void> {
  if (playerId !== undefined && playerId !== user.id) throw new ForbiddenError();
  const tournament = await findTournament(deps.db, tournamentId);
  if (tournament.is_active) throw new ConflictError([{ field: "tournmentID", code: "tournament_already_started" }]);
  await deps.db.deleteFrom("tournament_player").where("tournament_id", "=", tournamentId).where("user_id", "=", user.id).execute();
  changed(deps, tournamentId);
}

/**
 * `playerId` is the participant id the players list gives (`id`), as DELETE player/{playerId} takes
 * it, and nothing else: a user id that happens to be a number too is not tried, since the two can
 * collide and approve the wrong person.
 */
async function findParticipant(db: Db, tournamentId: number, playerId: number) {
  return db.selectFrom("tournament_player").selectAll().where("tournament_id", "=", tournamentId).where("id", "=", playerId).executeTakeFirst();
}

export async function approvePlayer(deps: AppDeps, user: User, tournamentId: number, playerId: number): Promise<void> {
  const approved = await deps.db.transaction().execute(async (trx) => {
    const tournament = await findTournament(trx, tournamentId);
    assertManager(user, tournament);
    if (tournament.is_active) throw new ConflictError([{ field: "tournmentID", code: "tournament_already_started" }]);
    const participant = await findParticipant(trx, tournamentId, playerId);
    if (!participant) throw new NotFoundError("player_not_found");
    if (participant.status === "approved") return null;
    if ((await approvedCount(trx, tournamentId)) >= tournament.size) throw new ConflictError([{ field: "PlayerID", code: "tournament_full" }]);
    await trx.updateTable("tournament_player").set({ status: "approved" }).where("id", "=", participant.id).execute();
    return { userId: participant.user_id, name: tournament.name };
  });
  // After the transaction: the notification uses its own connection turn.
  if (approved) await notify(deps, [approved.userId], { type: "tournament_join_approved", actorId: user.id, link: `/tournament/${tournamentId}`, data: { tournament: approved.name } });
  changed(deps, tournamentId);
}

export async function deletePlayer(deps: AppDeps, user: User, participantId: number): Promise<void> {
  const participant = await deps.db.selectFrom("tournament_player").selectAll().where("id", "=", participantId).executeTakeFirst();
  if (!participant) throw new NotFoundError("player_not_found");
  const tournament = await findTournament(deps.db, participant.tournament_id);
  assertManager(user, tournament);
  if (tournament.is_active) throw new ConflictError([{ field: "playerId", code: "tournament_already_started" }]);
  await deps.db.deleteFrom("tournament_player").where("id", "=", participantId).execute();
  changed(deps, tournament.id);
}

/** Only when full and not yet active (spec 02 §4); seeding by join order unless the organiser gives one. */
export async function startTournament(deps: AppDeps, user: User, tournamentId: number, seeding?: number[]): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const tournament = await findTournament(trx, tournamentId);
    assertManager(user, tournament);
    if (tournament.is_active || tournament.finished_at) throw new ConflictError([{ field: "tournmentID", code: "tournament_already_started" }]);
    const approved = await trx.selectFrom("tournament_player").select("user_id").where("tournament_id", "=", tournamentId).where("status", "=", "approved").orderBy("joined_at").orderBy("id").execute();
    if (approved.length !== tournament.size) throw new ConflictError([{ field: "tournmentID", code: "tournament_not_full" }]);
    const joinOrder = approved.map((p) => p.user_id);
    const order = seeding ?? joinOrder;
    if (order.length !== joinOrder.length || new Set(order).size !== order.length || order.some((id) => !joinOrder.includes(id))) throw new BadRequestError("tournament_seeding_invalid");
    const bracket = await createBracket(tournament.structure, order);
    await trx.updateTable("tournament").set({ is_active: 1, bracket: JSON.stringify(bracket) }).where("id", "=", tournamentId).execute();
  });
  changed(deps, tournamentId);
}

export function parseMatchId(matchId: string): { tournamentId: number; engineId: number } {
  const [tournamentId, engineId] = matchId.split("-").map(Number);
  return { tournamentId: tournamentId!, engineId: engineId! };
}

const engineErrors: Record<EngineError["code"], () => AppError> = {
  match_not_found: () => new NotFoundError("match_not_found"),
  match_not_ready: () => new AppError(409, "match_not_ready"),
  match_finished: () => new AppError(409, "match_finished"),
  match_not_playing: () => new AppError(409, "match_not_playing"),
  scores_equal: () => new BadRequestError("scores_equal"),
  winner_not_in_match: () => new BadRequestError("winner_not_in_match"),
};

/** Reads, changes and writes the bracket in one transaction: no two admins' clicks interleave. */
async function changeBracket(deps: AppDeps, user: User, tournamentId: number, change: (state: BracketState, tournament: Tournament) => Promise<BracketState>): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const tournament = await findTournament(trx, tournamentId);
    assertManager(user, tournament);
    const state = bracketOf(tournament);
    if (!tournament.is_active || !state) throw new AppError(409, "tournament_not_started");
    let next: BracketState;
    try {
      next = await change(state, tournament);
    } catch (error) {
      if (error instanceof EngineError) throw engineErrors[error.code]();
      throw error;
    }
    const done = isComplete(next);
    await trx
      .updateTable("tournament")
      // A round robin whose first place is shared has no champion.
      .set({ bracket: JSON.stringify(next), ...(done ? { finished_at: deps.now(), champion_id: tournament.structure === "robin" ? robinChampion(next) : champion(next) } : {}) })
      .where("id", "=", tournamentId)
      .execute();
  });
  changed(deps, tournamentId);
}

export async function startMatch(deps: AppDeps, user: User, matchId: string): Promise<void> {
  const { tournamentId, engineId } = parseMatchId(matchId);
  await changeBracket(deps, user, tournamentId, (state) => engineStartMatch(state, engineId));
}

export async function setWinner(deps: AppDeps, user: User, input: { matchID: string; tournmentID: number; winnerID?: number; scorePlayer1: number; scorePlayer2: number }): Promise<void> {
  const { tournamentId, engineId } = parseMatchId(input.matchID);
  if (tournamentId !== input.tournmentID) throw new NotFoundError("match_not_found");
  await changeBracket(deps, user, tournamentId, (state, tournament) => endMatch(state, tournament.structure as Structure, engineId, input.scorePlayer1, input.scorePlayer2, input.winnerID));
}

export async function deleteTournament(deps: AppDeps, user: User, id: number): Promise<void> {
  const tournament = await findTournament(deps.db, id);
  assertManager(user, tournament);
  await deps.db.deleteFrom("tournament").where("id", "=", id).execute();
  changed(deps, id);
}

async function playersOf(db: Db, tournamentId: number) {
  return db
    .selectFrom("tournament_player")
    .innerJoin("user", "user.id", "tournament_player.user_id")
    .select(["tournament_player.id", "tournament_player.status", "tournament_player.joined_at", "user.id as userId", "user.username", "user.first_name", "user.last_name", "user.email", "user.avatar"])
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
  const admin = canManage(viewer, tournament);
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
    };
  });
}

export async function tournamentSummary(deps: AppDeps, tournament: Tournament) {
  const admin = await deps.db.selectFrom("user").select(["id", "username", "avatar"]).where("id", "=", tournament.admin_id).executeTakeFirst();
  const numberOfPlayers = await approvedCount(deps.db, tournament.id);
  // Without a poster of its own, a tournament wears its game's artwork: cards never show an empty box.
  const game = tournament.poster ? undefined : tournament.game_id ? await deps.db.selectFrom("game").select("landscape_image").where("id", "=", tournament.game_id).executeTakeFirst() : undefined;
  const poster = tournament.poster ?? game?.landscape_image ?? null;
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
  };
}

export async function listTournaments(deps: AppDeps) {
  const rows = await deps.db.selectFrom("tournament").selectAll().orderBy("created_at", "desc").limit(200).execute();
  return Promise.all(rows.map((t) => tournamentSummary(deps, t)));
}

export async function getTournamentWithBracket(deps: AppDeps, id: number) {
  const tournament = await findTournament(deps.db, id);
  return { ...(await tournamentSummary(deps, tournament)), bracket: await bracketData(deps, tournament) };
}

/** The full page data: counts a view, and tells the caller whether they joined and were approved. */
export async function getTournamentForViewer(deps: AppDeps, id: number, viewer: User | undefined) {
  await deps.db.updateTable("tournament").set((eb) => ({ view_count: eb("view_count", "+", 1) })).where("id", "=", id).execute();
  const full = await getTournamentWithBracket(deps, id);
  const mine = viewer ? await deps.db.selectFrom("tournament_player").select("status").where("tournament_id", "=", id).where("user_id", "=", viewer.id).executeTakeFirst() : undefined;
  const isAdmin = Boolean(viewer && (viewer.id === full.adminId || viewer.role === "admin"));
  return { ...full, isJoined: Boolean(mine), userApproved: mine?.status === "approved", isAdmin };
}

async function bracketData(deps: AppDeps, tournament: Tournament): Promise<BracketData> {
  return toBracketData(tournament.id, tournament.structure, bracketOf(tournament), await playerInfos(deps.db, tournament.id));
}

export async function rounds(deps: AppDeps, id: number) {
  const tournament = await findTournament(deps.db, id);
  return { data: await bracketData(deps, tournament), structure: tournament.structure, adminId: tournament.admin_id, progress: finishedShare(bracketOf(tournament)), championId: tournament.champion_id };
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

export async function isTournamentAdmin(deps: AppDeps, id: number, viewer: User | undefined): Promise<boolean> {
  return canManage(viewer, await findTournament(deps.db, id));
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
  return Promise.all((await query.execute()).map((t) => tournamentSummary(deps, t)));
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
