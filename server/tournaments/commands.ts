import type { Tournament, User } from "../../db/types.ts";
import { isOwner } from "../access/policy.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError, BadRequestError, ConflictError, ForbiddenError, InvalidError, NotFoundError } from "../http/errors.ts";
import { imageKinds, removeUpload, storeImage } from "../http/images.ts";
import { notify } from "../notifications/service.ts";
import { type BracketState, champion, createBracket, EngineError, endMatch, isComplete, setScore, startMatch as engineStartMatch, type Structure } from "./engine.ts";
import { assertManager, bracketOf, type Db, findTournament, slotsHeld } from "./records.ts";
import { announceOffers, offerFreedPlaces, settleOwnOffer } from "../waitlist/places/offers.ts";
import type { CreateTournamentInput, UpdateTournamentInput } from "./schemas.ts";
import { robinChampion } from "./standings.ts";
import { closeCheckIn, hasCheckIn, isCheckedIn } from "./checkin.ts";
import { advanceSwiss, createSwiss, decideCut, isSwissComplete, SwissCutError, swissChampion } from "./swiss.ts";
import { canStartWith, defaultSwissRounds, maxSwissRounds, SIZES } from "../../shared/tournaments.ts";
import { inTransaction } from "../../db/transaction.ts";
import { announceStations, speakInChat, stationSnapshot, syncStations } from "./stations.ts";
import { cutMatchReplays, recordMatchTimes } from "./match-replays.ts";
import { announceBracketChange } from "./bracket-webhooks.ts";
import { matchWonAlerts } from "./match-alerts.ts";
import { showAlerts } from "../overlays/alerts/alerts.ts";
import { forgetActorKeys } from "../federation/keys.ts";
import { postBracketChange, postTournamentStarted } from "./bracket-posts.ts";
import { deletePosts } from "../federation/posts/publish.ts";

// The changes to a tournament (spec 02 §4): each checks who may make it, writes, then tells the pages watching.

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
      swiss_rounds: input.format === "swiss" ? (input.swissRounds ?? null) : null,
      top_cut: input.format === "swiss" ? (input.topCut ?? 0) : 0,
      bracket: null,
      champion_id: null,
      created_at: now,
      finished_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
    .catch(async (error: unknown) => {
      await removeUpload(poster, deps.config.mediaDir);
      throw error;
    });
  return id;
}

export async function updateTournament(deps: AppDeps, user: User, id: number, input: UpdateTournamentInput): Promise<void> {
  const tournament = await findTournament(deps.db, id);
  assertManager(user, tournament);
  if (input.structure && input.structure !== tournament.structure && tournament.is_active) throw new BadRequestError("tournament_already_started");
  // Checked before any picture is stored, and again with the write.
  await checkSize(deps.db, tournament, input, deps.now());
  const swiss = swissChanges(tournament, input);
  const images: { poster?: string; cover?: string } = {};
  if (input.poster instanceof File && input.poster.size > 0) images.poster = await storeImage(deps, input.poster, imageKinds.poster, user.id);
  if (input.cover instanceof File && input.cover.size > 0)
    images.cover = await storeImage(deps, input.cover, imageKinds.banner, user.id).catch(async (error: unknown) => {
      await removeUpload(images.poster ?? null, deps.config.mediaDir);
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
    ...swiss,
    ...images,
  };
  // A form that names nothing to change changes nothing (an UPDATE needs at least one column).
  if (Object.keys(changes).length === 0) return;
  // The size check and the write share a transaction: no approval slips in between.
  await inTransaction(deps.db, async (trx) => {
    const current = await findTournament(trx, id);
    await checkSize(trx, current, input, deps.now());
    swissChanges(current, input);
    await trx.updateTable("tournament").set(changes).where("id", "=", id).execute();
    // A raised size frees slots for the waiting list.
    await offerFreedPlaces(trx, deps.places, { kind: "tournament", id }, deps.now());
  }).catch(async (error: unknown) => {
    for (const stored of Object.values(images)) await removeUpload(stored, deps.config.mediaDir);
    throw error;
  });
  // The pictures replaced are nobody's any more.
  if (images.poster) await removeUpload(tournament.poster, deps.config.mediaDir);
  if (images.cover) await removeUpload(tournament.cover, deps.config.mediaDir);
  await announceOffers(deps);
  changed(deps, id);
}

/**
 * The size changes only before the start, to a size the structure offers (the same list as the
 * create form) and never below the players already approved: nobody approved is dropped.
 */
async function checkSize(db: Db, tournament: Tournament, input: UpdateTournamentInput, now: number): Promise<void> {
  const size = input.size ?? tournament.size;
  const structure = input.structure ?? tournament.structure;
  if (size === tournament.size && structure === tournament.structure) return;
  if (size !== tournament.size && (tournament.is_active || tournament.finished_at)) throw new ConflictError([{ field: "size", code: "tournament_already_started" }]);
  if (!SIZES[structure].includes(size)) throw new InvalidError([{ field: "size", code: "tournament_size_invalid" }]);
  // Slots promised by running waiting-list offers count as taken.
  const approved = await slotsHeld(db, tournament.id, now);
  if (size < approved) throw new AppError(409, "tournament_size_below_players", { params: { count: approved }, fields: [{ field: "size", code: "tournament_size_below_players" }] });
}

/**
 * A Swiss's rounds and top cut (issue 19), under the create form's rules against the size the
 * tournament will have. They change only before the start: the bracket is drawn with them. Other
 * formats ignore them, as creation does. Returns the columns that change.
 */
function swissChanges(tournament: Tournament, input: UpdateTournamentInput): { swiss_rounds?: number | null; top_cut?: number } {
  if ((input.structure ?? tournament.structure) !== "swiss") return {};
  const size = input.size ?? tournament.size;
  if (input.swissRounds && input.swissRounds > maxSwissRounds(size)) throw new InvalidError([{ field: "swissRounds", code: "swiss_rounds_invalid" }]);
  if (input.topCut && input.topCut >= size) throw new InvalidError([{ field: "topCut", code: "top_cut_invalid" }]);
  const changes = {
    ...(input.swissRounds !== undefined && input.swissRounds !== tournament.swiss_rounds ? { swiss_rounds: input.swissRounds } : {}),
    ...(input.topCut !== undefined && input.topCut !== tournament.top_cut ? { top_cut: input.topCut } : {}),
  };
  const field = Object.keys(changes)[0];
  if (field && (tournament.is_active || tournament.finished_at)) throw new ConflictError([{ field: field === "swiss_rounds" ? "swissRounds" : "topCut", code: "swiss_settings_locked" }]);
  return changes;
}

/** A player joins for themself only; the organiser joining their own tournament is approved at once. */
export async function joinTournament(deps: AppDeps, user: User, tournamentId: number, playerId?: number): Promise<"approved" | "pending"> {
  if (playerId !== undefined && !isOwner(user, playerId)) throw new ForbiddenError();
  const status = await inTransaction(deps.db, async (trx) => {
    const tournament = await findTournament(trx, tournamentId);
    if (tournament.is_active || tournament.finished_at) throw new ConflictError([{ field: "tournmentID", code: "tournament_already_started" }]);
    if ((await slotsHeld(trx, tournamentId, deps.now(), user.id)) >= tournament.size) throw new ConflictError([{ field: "tournmentID", code: "tournament_full" }]);
    const status = isOwner(user, tournament.admin_id) ? "approved" : "pending";
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
  if (playerId !== undefined && !isOwner(user, playerId)) throw new ForbiddenError();
  const tournament = await findTournament(deps.db, tournamentId);
  if (tournament.is_active) throw new ConflictError([{ field: "tournmentID", code: "tournament_already_started" }]);
  await inTransaction(deps.db, async (trx) => {
    await trx.deleteFrom("tournament_player").where("tournament_id", "=", tournamentId).where("user_id", "=", user.id).execute();
    await offerFreedPlaces(trx, deps.places, { kind: "tournament", id: tournamentId }, deps.now());
  });
  await announceOffers(deps);
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
  const approved = await inTransaction(deps.db, async (trx) => {
    const tournament = await findTournament(trx, tournamentId);
    assertManager(user, tournament);
    if (tournament.is_active) throw new ConflictError([{ field: "tournmentID", code: "tournament_already_started" }]);
    const participant = await findParticipant(trx, tournamentId, playerId);
    if (!participant) throw new NotFoundError("player_not_found");
    if (participant.status === "approved") return null;
    if ((await slotsHeld(trx, tournamentId, deps.now(), participant.user_id)) >= tournament.size) throw new ConflictError([{ field: "PlayerID", code: "tournament_full" }]);
    await trx.updateTable("tournament_player").set({ status: "approved" }).where("id", "=", participant.id).execute();
    await settleOwnOffer(trx, { kind: "tournament", id: tournamentId }, participant.user_id, deps.now());
    return { userId: participant.user_id, name: tournament.name };
  });
  // After the transaction: the notification uses its own connection turn.
  if (approved) await notify(deps, [approved.userId], { type: "tournament_join_approved", actorId: user.id, link: `/tournament/${tournamentId}`, data: { tournament: approved.name } });
  changed(deps, tournamentId);
}

/**
 * The organiser removes (or turns down) an entrant. Their slot goes, in the same transaction, to the
 * first on the waiting list as an offer (server/waitlist/places/offers.ts): every path that drops an
 * entrant before the start (check-in included) comes through here or calls `offerFreedPlaces`.
 */
export async function deletePlayer(deps: AppDeps, user: User, participantId: number): Promise<void> {
  const participant = await deps.db.selectFrom("tournament_player").selectAll().where("id", "=", participantId).executeTakeFirst();
  if (!participant) throw new NotFoundError("player_not_found");
  const tournament = await findTournament(deps.db, participant.tournament_id);
  assertManager(user, tournament);
  if (tournament.is_active) throw new ConflictError([{ field: "playerId", code: "tournament_already_started" }]);
  await removeParticipant(deps, tournament.id, participantId);
}

/**
 * Takes a participant out of a tournament that has not started. The organiser's "remove" and the
 * close of a check-in (its no-shows, server/tournaments/checkin.ts) both come through here, so what
 * follows a freed place follows both.
 */
export async function removeParticipant(deps: AppDeps, tournamentId: number, participantId: number): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    await trx.deleteFrom("tournament_player").where("id", "=", participantId).where("tournament_id", "=", tournamentId).execute();
    // The freed slot goes to the first on the waiting list in the same transaction (server/waitlist/places/offers.ts).
    await offerFreedPlaces(trx, deps.places, { kind: "tournament", id: tournamentId }, deps.now());
  });
  await announceOffers(deps);
  changed(deps, tournamentId);
}

/** Only when full and not yet active (spec 02 §4); seeding by join order unless the organiser gives one. */
export async function startTournament(deps: AppDeps, user: User, tournamentId: number, seeding?: number[]): Promise<void> {
  // Seeding comes after check-in (issue 19): a check-in still open closes now, dropping its no-shows.
  const before = await findTournament(deps.db, tournamentId);
  assertManager(user, before);
  if (!before.is_active && !before.finished_at && hasCheckIn(before) && before.checkin_closed_at === null) await closeCheckIn(deps, tournamentId);
  const { chatLines, posted } = await inTransaction(deps.db, async (trx) => {
    const tournament = await findTournament(trx, tournamentId);
    assertManager(user, tournament);
    if (tournament.is_active || tournament.finished_at) throw new ConflictError([{ field: "tournmentID", code: "tournament_already_started" }]);
    const approved = await trx
      .selectFrom("tournament_player")
      .select(["user_id", "checked_in_at", "joined_at"])
      .where("tournament_id", "=", tournamentId)
      .where("status", "=", "approved")
      .orderBy("joined_at")
      .orderBy("id")
      .execute()
      .then((rows) => (hasCheckIn(tournament) ? rows.filter((row) => isCheckedIn(tournament, row)) : rows));
    if (!canStartWith({ structure: tournament.structure, size: tournament.size, hasCheckIn: hasCheckIn(tournament) }, approved.length))
      throw new ConflictError([{ field: "tournmentID", code: "tournament_not_full" }]);
    const joinOrder = approved.map((p) => p.user_id);
    const order = seeding ?? joinOrder;
    if (order.length !== joinOrder.length || new Set(order).size !== order.length || order.some((id) => !joinOrder.includes(id))) throw new BadRequestError("tournament_seeding_invalid");
    const bracket =
      tournament.structure === "swiss" ? createSwiss(order, tournament.swiss_rounds ?? defaultSwissRounds(order.length), tournament.top_cut) : await createBracket(tournament.structure, order);
    await trx
      .updateTable("tournament")
      .set({ is_active: 1, bracket: JSON.stringify(bracket) })
      .where("id", "=", tournamentId)
      .execute();
    const stations = await stationSnapshot(trx, tournamentId);
    await syncStations(trx, tournament, bracket, deps.now());
    const posted = await postTournamentStarted(deps, trx, tournament);
    return { chatLines: await speakInChat(trx, tournamentId, { state: null, stations }, { state: bracket, stations: await stationSnapshot(trx, tournamentId) }, deps.now()), posted };
  });
  await announceStations(deps, tournamentId, chatLines);
  if (posted) deps.bus.emit("federation:queued", {});
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

const swissCutErrors: Record<SwissCutError["code"], () => AppError> = {
  top_cut_not_waiting: () => new AppError(409, "top_cut_not_waiting"),
  top_cut_choice_invalid: () => new InvalidError([{ field: "playerIds", code: "top_cut_choice_invalid" }]),
};

/** Reads, changes and writes the bracket in one transaction: no two admins' clicks interleave. */
async function changeBracket(deps: AppDeps, user: User, tournamentId: number, change: (state: BracketState, tournament: Tournament) => Promise<BracketState>): Promise<void> {
  const told = await inTransaction(deps.db, async (trx) => {
    const tournament = await findTournament(trx, tournamentId);
    assertManager(user, tournament);
    const state = bracketOf(tournament);
    if (!tournament.is_active || !state) throw new AppError(409, "tournament_not_started");
    let next: BracketState;
    try {
      next = await change(state, tournament);
    } catch (error) {
      if (error instanceof EngineError) throw engineErrors[error.code]();
      if (error instanceof SwissCutError) throw swissCutErrors[error.code]();
      throw error;
    }
    const done = tournament.structure === "swiss" ? isSwissComplete(next) : isComplete(next);
    // A round robin (or a Swiss without a cut) whose first place is shared has no champion.
    const championId = done ? championOf(tournament.structure as Structure, next) : null;
    await trx
      .updateTable("tournament")
      .set({ bracket: JSON.stringify(next), ...(done ? { finished_at: deps.now(), champion_id: championId } : {}) })
      .where("id", "=", tournamentId)
      .execute();
    await announceBracketChange(deps, trx, tournament, state, next, done, championId);
    // A finished match frees its station; the matches it made ready go to free stations (issue 18),
    // and the chats of the streamed stations hear of it.
    const stations = await stationSnapshot(trx, tournamentId);
    // Before the stations move on: a streamed match is one still at its station (issue 38, item 3).
    const posted = await postBracketChange(deps, trx, tournament, { before: state, after: next, stations, finished: done, championId });
    await syncStations(trx, tournament, next, deps.now());
    const [before, after] = [
      { state, stations },
      { state: next, stations: await stationSnapshot(trx, tournamentId) },
    ];
    // The matches' clocks, for the replays of the streamed ones (issue 18, item 3).
    const ended = await recordMatchTimes(trx, tournamentId, before, after, deps.now());
    const alerts = await matchWonAlerts(trx, tournament, state, next, stations);
    return { lines: await speakInChat(trx, tournamentId, before, after, deps.now()), ended, alerts, posted };
  });
  await announceStations(deps, tournamentId, told.lines);
  if (told.posted) deps.bus.emit("federation:queued", {});
  showAlerts(deps, told.alerts);
  cutMatchReplays(deps, told.ended);
}

function championOf(structure: Structure, state: BracketState): number | null {
  if (structure === "robin") return robinChampion(state);
  if (structure === "swiss") return swissChampion(state);
  return champion(state);
}

export async function startMatch(deps: AppDeps, user: User, matchId: string): Promise<void> {
  const { tournamentId, engineId } = parseMatchId(matchId);
  await changeBracket(deps, user, tournamentId, (state) => engineStartMatch(state, engineId));
}

export async function setWinner(deps: AppDeps, user: User, input: { matchID: string; tournmentID: number; winnerID?: number; scorePlayer1: number; scorePlayer2: number }): Promise<void> {
  const { tournamentId, engineId } = parseMatchId(input.matchID);
  if (tournamentId !== input.tournmentID) throw new NotFoundError("match_not_found");
  await changeBracket(deps, user, tournamentId, async (state, tournament) => {
    const next = await endMatch(state, tournament.structure as Structure, engineId, input.scorePlayer1, input.scorePlayer2, input.winnerID);
    // A Swiss round's last result draws the next round, or the top cut after the last round.
    return tournament.structure === "swiss" ? advanceSwiss(next) : next;
  });
}

/**
 * The organiser (or an admin) settles a tie on a Swiss top cut's line (issue 34, item 5): the tied
 * players in `playerIds` go through, and the cut is drawn in the same transaction.
 */
export async function decideTopCut(deps: AppDeps, user: User, tournamentId: number, playerIds: number[]): Promise<void> {
  await changeBracket(deps, user, tournamentId, async (state, tournament) => {
    if (tournament.structure !== "swiss") throw new SwissCutError("top_cut_not_waiting");
    return decideCut(state, playerIds);
  });
}

/** The score of a match being played (issue 18): the cards, the stream's banner and its chat follow it; set-winner ends it. */
export async function setMatchScore(deps: AppDeps, user: User, tournamentId: number, matchId: string, score1: number, score2: number): Promise<void> {
  const { tournamentId: owner, engineId } = parseMatchId(matchId);
  if (owner !== tournamentId) throw new NotFoundError("match_not_found");
  await changeBracket(deps, user, tournamentId, (state) => setScore(state, engineId, score1, score2));
}

export async function deleteTournament(deps: AppDeps, user: User, id: number): Promise<void> {
  const tournament = await findTournament(deps.db, id);
  assertManager(user, tournament);
  const actor = { type: "tournament" as const, id };
  const queued = await inTransaction(deps.db, async (trx) => {
    // Its posts go with it; their Deletes are signed when sent, so forgetActorKeys keeps its keys until then.
    const queued = await deletePosts(deps, trx, actor);
    await trx.deleteFrom("tournament").where("id", "=", id).execute();
    await forgetActorKeys(trx, actor);
    return queued;
  });
  if (queued > 0) deps.bus.emit("federation:queued", {});
  changed(deps, id);
}
