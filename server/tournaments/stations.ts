import type { Tournament, User } from "../../db/types.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { inTransaction } from "../../db/transaction.ts";
import { announceSystemLines, type SystemLine, storeSystemLines } from "../chat/system-lines.ts";
import { canManageTournament } from "../access/policy.ts";
import type { AppDeps } from "../http/context.ts";
import { notify } from "../notifications/service.ts";
import { AppError, ConflictError, InvalidError, NotFoundError } from "../http/errors.ts";
import { type BracketState, findMatch, isFinished, isPlaying, isReady, isUnneededReset, playerIdOf, playersOf, playingOrder, type Structure } from "./engine.ts";
import { assertManager, bracketOf, type Db, findTournament } from "./records.ts";
import { replaysByMatch } from "./match-replays.ts";
import { allSeeds, type PlayerInfo, toBracketData } from "./rounds.ts";
import type { ChannelMatch, Station, StationCreate, StationList, StationRef, StationRequests, StationUpdate } from "./schemas.ts";

// Stations (issue 18): where a tournament's matches are played, and the channels that stream them.
// Every change runs in one transaction with the rule that keeps stations and matches one to one,
// and ends by telling the pages that watch the tournament or one of its channels.

/** More than a LAN hall holds; a bound so that a form cannot grow a tournament without end. */
export const MAX_STATIONS = 32;

async function stationRows(db: Db, where: { tournamentId: number } | { streamerId: number }) {
  let query = db
    .selectFrom("tournament_station as s")
    .leftJoin("user as u", "u.id", "s.streamer_id")
    .leftJoin("channel as c", "c.user_id", "s.streamer_id")
    .leftJoin("user as asked", "asked.id", "s.requested_streamer_id")
    .select(["s.id", "s.tournament_id", "s.name", "s.match_id", "s.streamer_id", "s.assigned_at", "u.username", "u.avatar", "c.is_live", "asked.username as asked_username"])
    .orderBy("s.id");
  query = "tournamentId" in where ? query.where("s.tournament_id", "=", where.tournamentId) : query.where("s.streamer_id", "=", where.streamerId);
  return query.execute();
}
type StationRow = Awaited<ReturnType<typeof stationRows>>[number];

function toStationRef(row: StationRow): StationRef {
  return { id: row.id, name: row.name, channel: row.username ? { username: row.username, avatar: row.avatar ?? null, isLive: row.is_live === 1 } : null };
}

/** The station of each match that has one, keyed by the engine's match id: what the match cards show. */
export async function stationsByMatch(db: Db, tournamentId: number): Promise<Map<number, StationRef>> {
  const rows = await stationRows(db, { tournamentId });
  return new Map(rows.filter((row) => row.match_id !== null).map((row) => [row.match_id!, toStationRef(row)]));
}

export async function playerInfos(db: Db, tournamentId: number): Promise<Map<number, PlayerInfo>> {
  const players = await db
    .selectFrom("tournament_player")
    .innerJoin("user", "user.id", "tournament_player.user_id")
    .select(["user.id", "user.username", "user.avatar"])
    .where("tournament_player.tournament_id", "=", tournamentId)
    .execute();
  return new Map(players.map((p) => [p.id, { name: p.username, avatar: p.avatar }]));
}

/** Each station with its match drawn as a match card draws it; the channels asked and not answering, to its managers only. */
async function toStations(db: Db, tournament: Tournament, rows: StationRow[], viewer?: User): Promise<Station[]> {
  const showsRequests = canManageTournament(viewer, tournament);
  const refs = new Map(rows.filter((row) => row.match_id !== null).map((row) => [row.match_id!, toStationRef(row)]));
  const seeds = new Map(
    allSeeds(
      toBracketData(tournament.id, tournament.structure as Structure, bracketOf(tournament), await playerInfos(db, tournament.id), {
        stations: refs,
        replays: await replaysByMatch(db, tournament.id),
      }),
    ).map((seed) => [seed.id, seed]),
  );
  return rows.map((row) => {
    const matchID = row.match_id === null ? null : `${tournament.id}-${row.match_id}`;
    const requestedChannel = showsRequests && row.asked_username ? { username: row.asked_username } : null;
    return { ...toStationRef(row), matchID, match: matchID ? (seeds.get(matchID) ?? null) : null, requestedChannel };
  });
}

export async function listStations(deps: AppDeps, tournamentId: number, viewer?: User): Promise<StationList> {
  const tournament = await findTournament(deps.db, tournamentId);
  return { autoAssign: tournament.auto_assign === 1, stations: await toStations(deps.db, tournament, await stationRows(deps.db, { tournamentId }), viewer) };
}

async function findStation(deps: AppDeps, tournamentId: number, stationId: number, viewer: User): Promise<Station> {
  const station = (await listStations(deps, tournamentId, viewer)).stations.find((s) => s.id === stationId);
  if (!station) throw new NotFoundError("station_not_found");
  return station;
}

/**
 * The match on a channel's station, for its stream page: a match being played before one waiting,
 * then the latest assigned; the finished tournaments' stations are left out. Null when none.
 */
export async function matchOnChannel(deps: AppDeps, username: string): Promise<ChannelMatch> {
  const streamer = await deps.db.selectFrom("user").select("id").where("username", "=", username).executeTakeFirst();
  if (!streamer) return { onAir: null };
  const rows = (await stationRows(deps.db, { streamerId: streamer.id })).filter((row) => row.match_id !== null);
  const candidates: { tournament: Tournament; station: Station; assignedAt: number }[] = [];
  for (const row of rows) {
    const tournament = await findTournament(deps.db, row.tournament_id);
    if (tournament.finished_at !== null) continue;
    const [station] = await toStations(deps.db, tournament, [row]);
    if (station?.match) candidates.push({ tournament, station, assignedAt: row.assigned_at ?? 0 });
  }
  candidates.sort((a, b) => Number(b.station.match!.playing) - Number(a.station.match!.playing) || b.assignedAt - a.assignedAt);
  const best = candidates[0];
  return { onAir: best ? { tournament: { id: best.tournament.id, name: best.tournament.name }, station: best.station } : null };
}

/**
 * Tells every page that shows the tournament, and the stream pages of its stations' channels (which
 * may show another tournament's match, or none yet), that something changed; sends the chat lines
 * the change stored (speakInChat) once it is committed.
 */
export async function announceStations(deps: AppDeps, tournamentId: number, chatLines: number[] = []): Promise<void> {
  deps.bus.emit("tournament:changed", { tournamentId });
  await announceSystemLines(deps, chatLines);
  const rows = await deps.db
    .selectFrom("tournament_station")
    .innerJoin("user", "user.id", "tournament_station.streamer_id")
    .select("user.username")
    .distinct()
    .where("tournament_station.tournament_id", "=", tournamentId)
    .execute();
  if (rows.length > 0) deps.bus.emit("stations:changed", { usernames: rows.map((row) => row.username) });
}

/**
 * Keeps the stations true to the bracket, in the transaction of the change that moved it: a station
 * whose match is over (or no longer counts, as an unplayed grand-final reset) is free again; then,
 * with auto-assign on, each free station takes the next ready match in playing order that sits on no
 * station and whose players are not already at one (a round robin has many ready matches that share
 * a player). Free stations fill in the order they were declared.
 */
export async function syncStations(trx: Db, tournament: Pick<Tournament, "id" | "auto_assign">, state: BracketState | null, now: number): Promise<void> {
  const stations = await trx.selectFrom("tournament_station").select(["id", "match_id"]).where("tournament_id", "=", tournament.id).orderBy("id").execute();
  for (const station of stations) {
    if (station.match_id === null) continue;
    const match = state ? findMatch(state, station.match_id) : undefined;
    if (match && !isFinished(match) && !isUnneededReset(state!, match)) continue;
    await trx.updateTable("tournament_station").set({ match_id: null, assigned_at: null }).where("id", "=", station.id).execute();
    station.match_id = null;
  }
  if (tournament.auto_assign !== 1 || !state) return;
  const onStation = new Set(stations.map((s) => s.match_id).filter((id): id is number => id !== null));
  const busyPlayers = new Set(playingOrder(state).flatMap((m) => (onStation.has(m.id as number) ? playersOf(state, m) : [])));
  const waiting = playingOrder(state).filter((m) => isReady(state, m) && !onStation.has(m.id as number));
  for (const station of stations.filter((s) => s.match_id === null)) {
    const next = waiting.find((m) => !onStation.has(m.id as number) && playersOf(state, m).every((p) => !busyPlayers.has(p)));
    if (!next) return;
    await trx
      .updateTable("tournament_station")
      .set({ match_id: next.id as number, assigned_at: now })
      .where("id", "=", station.id)
      .where("match_id", "is", null)
      .execute();
    onStation.add(next.id as number);
    for (const player of playersOf(state, next)) busyPlayers.add(player);
  }
}

/** Finds the streamer a station names; an unknown (or suspended) username is the form's error. */
async function streamerOf(db: Db, username: string | null | undefined): Promise<number | null | undefined> {
  if (username === undefined || username === null) return username;
  const user = await db.selectFrom("user").select("id").where("username", "=", username).where("suspended_at", "is", null).executeTakeFirst();
  if (!user) throw new InvalidError([{ field: "channel", code: "channel_unknown" }]);
  return user.id;
}

/** Who streams a station, and whose consent it waits for. */
type ChannelColumns = { streamer_id: number | null; requested_streamer_id: number | null };

/**
 * The channel an organiser names for a station (issue 34, item 17): their own (or the tournament owner's) streams
 * at once; anyone else's is asked, and streams nothing (no chat lines, no match on its page, no match replay) until
 * its streamer accepts. A station keeps what it had when the same channel is named again. Undefined: unchanged.
 */
async function channelChoice(trx: Db, caller: User, tournament: Tournament, current: ChannelColumns | undefined, username: string | null | undefined): Promise<ChannelColumns | undefined> {
  const chosen = await streamerOf(trx, username);
  if (chosen === undefined) return undefined;
  if (chosen === null) return { streamer_id: null, requested_streamer_id: null };
  if (current && (current.streamer_id === chosen || current.requested_streamer_id === chosen)) return undefined;
  const ownChannel = chosen === caller.id || chosen === tournament.admin_id;
  return ownChannel ? { streamer_id: chosen, requested_streamer_id: null } : { streamer_id: null, requested_streamer_id: chosen };
}

/** Tells a streamer an organiser asks for their channel; their dashboard lists what waits for an answer. */
async function askForChannel(deps: AppDeps, organiser: User, tournamentId: number, stationId: number, asked: ChannelColumns | undefined): Promise<void> {
  if (!asked?.requested_streamer_id) return;
  const { tournament, station } = await deps.db
    .selectFrom("tournament_station as s")
    .innerJoin("tournament as t", "t.id", "s.tournament_id")
    .select(["t.name as tournament", "s.name as station"])
    .where("s.id", "=", stationId)
    .where("s.tournament_id", "=", tournamentId)
    .executeTakeFirstOrThrow();
  await notify(deps, [asked.requested_streamer_id], { type: "station_request", actorId: organiser.id, link: "/dashboard", data: { tournament, station, organiser: organiser.username } });
}

/** The organiser's change, checked and written with the bracket rule; the pages hear of it after. */
async function changeStations<T>(deps: AppDeps, user: User, tournamentId: number, work: (trx: Db, tournament: Tournament) => Promise<T>): Promise<T> {
  return stationChange(deps, tournamentId, (trx, tournament) => {
    assertManager(user, tournament);
    return work(trx, tournament);
  });
}

/** A change to the stations, whoever may make it: the chat lines it causes are stored with it and sent after. */
async function stationChange<T>(deps: AppDeps, tournamentId: number, work: (trx: Db, tournament: Tournament) => Promise<T>): Promise<T> {
  const { result, lines } = await inTransaction(deps.db, async (trx) => {
    const tournament = await findTournament(trx, tournamentId);
    const state = bracketOf(tournament);
    const before = await stationSnapshot(trx, tournamentId);
    const result = await work(trx, tournament);
    return { result, lines: await speakInChat(trx, tournamentId, { state, stations: before }, { state, stations: await stationSnapshot(trx, tournamentId) }, deps.now()) };
  }).catch((error: unknown) => {
    if (isUniqueViolation(error, "name")) throw new ConflictError([{ field: "name", code: "station_name_taken" }]);
    throw error;
  });
  await announceStations(deps, tournamentId, lines);
  return result;
}

async function assertNameFree(trx: Db, tournamentId: number, name: string, stationId?: number): Promise<void> {
  let query = trx.selectFrom("tournament_station").select("id").where("tournament_id", "=", tournamentId).where("name", "=", name);
  if (stationId !== undefined) query = query.where("id", "!=", stationId);
  if (await query.executeTakeFirst()) throw new ConflictError([{ field: "name", code: "station_name_taken" }]);
}

async function stationIn(trx: Db, tournamentId: number, stationId: number) {
  const station = await trx.selectFrom("tournament_station").selectAll().where("id", "=", stationId).where("tournament_id", "=", tournamentId).executeTakeFirst();
  if (!station) throw new NotFoundError("station_not_found");
  return station;
}

/** A new station; with auto-assign on, it takes the next ready match at once. */
export async function createStation(deps: AppDeps, user: User, tournamentId: number, input: StationCreate): Promise<Station> {
  const id = await changeStations(deps, user, tournamentId, async (trx, tournament) => {
    const { n } = await trx
      .selectFrom("tournament_station")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tournament_id", "=", tournamentId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_STATIONS) throw new AppError(409, "too_many_stations", { params: { count: MAX_STATIONS } });
    await assertNameFree(trx, tournamentId, input.name);
    const channel = (await channelChoice(trx, user, tournament, undefined, input.channel)) ?? { streamer_id: null, requested_streamer_id: null };
    const { id } = await trx
      .insertInto("tournament_station")
      .values({ tournament_id: tournamentId, name: input.name, ...channel, match_id: null, assigned_at: null, created_at: deps.now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await syncStations(trx, tournament, bracketOf(tournament), deps.now());
    return { id, channel };
  });
  await askForChannel(deps, user, tournamentId, id.id, id.channel);
  return findStation(deps, tournamentId, id.id, user);
}

/** Renames a station or changes (or clears) its channel; the match on it stays. */
export async function updateStation(deps: AppDeps, user: User, tournamentId: number, stationId: number, input: StationUpdate): Promise<Station> {
  const channel = await changeStations(deps, user, tournamentId, async (trx, tournament) => {
    const station = await stationIn(trx, tournamentId, stationId);
    if (input.name !== undefined) await assertNameFree(trx, tournamentId, input.name, stationId);
    const channel = await channelChoice(trx, user, tournament, station, input.channel);
    const changes = { ...(input.name !== undefined ? { name: input.name } : {}), ...channel };
    if (Object.keys(changes).length > 0) await trx.updateTable("tournament_station").set(changes).where("id", "=", stationId).execute();
    return channel;
  });
  await askForChannel(deps, user, tournamentId, stationId, channel);
  return findStation(deps, tournamentId, stationId, user);
}

/**
 * The streamer's answer (issue 34, item 17): accepting makes the station stream on their channel; refusing drops
 * the request, and also takes their channel off a station it streams (consent can be taken back at any time).
 */
export async function answerStationRequest(deps: AppDeps, user: User, tournamentId: number, stationId: number, accept: boolean): Promise<void> {
  await stationChange(deps, tournamentId, async (trx) => {
    const station = await stationIn(trx, tournamentId, stationId);
    const asked = station.requested_streamer_id === user.id;
    if (!asked && station.streamer_id !== user.id) throw new NotFoundError("station_request_not_found");
    if (accept && !asked) return;
    const channel = accept ? { streamer_id: user.id, requested_streamer_id: null } : asked ? { requested_streamer_id: null } : { streamer_id: null };
    await trx.updateTable("tournament_station").set(channel).where("id", "=", stationId).execute();
  });
}

/** What waits for the caller's answer: the stations whose organisers ask for their channel. */
export async function stationRequests(deps: AppDeps, user: User): Promise<StationRequests> {
  const rows = await deps.db
    .selectFrom("tournament_station as s")
    .innerJoin("tournament as t", "t.id", "s.tournament_id")
    .innerJoin("user as organiser", "organiser.id", "t.admin_id")
    .select(["s.id", "s.name", "t.id as tournament_id", "t.name as tournament_name", "organiser.username as organiser"])
    .where("s.requested_streamer_id", "=", user.id)
    .where("t.finished_at", "is", null)
    .orderBy("s.id")
    .execute();
  return { requests: rows.map((row) => ({ tournament: { id: row.tournament_id, name: row.tournament_name }, station: { id: row.id, name: row.name }, organiser: row.organiser })) };
}

/**
 * A station whose match is being played stays (its players are there, its stream may show them):
 * the organiser moves the match first. A match only waiting there goes back to the queue, and with
 * auto-assign on, to another free station.
 */
export async function removeStation(deps: AppDeps, user: User, tournamentId: number, stationId: number): Promise<void> {
  await changeStations(deps, user, tournamentId, async (trx, tournament) => {
    const station = await stationIn(trx, tournamentId, stationId);
    const state = bracketOf(tournament);
    const match = station.match_id !== null && state ? findMatch(state, station.match_id) : undefined;
    if (match && isPlaying(match)) throw new ConflictError([{ field: "stationId", code: "station_match_playing" }]);
    await trx.deleteFrom("tournament_station").where("id", "=", stationId).execute();
    await syncStations(trx, tournament, state, deps.now());
  });
}

/**
 * Puts a match on a free station, or (matchId null) takes the match off. A match already on another
 * station moves (a broken station's match, even one being played, goes on elsewhere); the station it
 * leaves then takes the next ready match if auto-assign is on. A station taken off by hand is left
 * free: the organiser wants it so, and the match they took off would otherwise come straight back.
 */
export async function assignMatch(deps: AppDeps, user: User, tournamentId: number, stationId: number, matchId: string | null): Promise<Station> {
  await changeStations(deps, user, tournamentId, async (trx, tournament) => {
    const station = await stationIn(trx, tournamentId, stationId);
    if (matchId === null) {
      await trx.updateTable("tournament_station").set({ match_id: null, assigned_at: null }).where("id", "=", stationId).execute();
      return;
    }
    const [ownerId, engineId] = matchId.split("-").map(Number);
    const state = bracketOf(tournament);
    if (!tournament.is_active || !state) throw new AppError(409, "tournament_not_started");
    const match = ownerId === tournamentId ? findMatch(state, engineId!) : undefined;
    if (!match || isUnneededReset(state, match)) throw new NotFoundError("match_not_found");
    if (isFinished(match)) throw new ConflictError([{ field: "matchID", code: "match_finished" }]);
    if (station.match_id === engineId) return;
    if (station.match_id !== null) throw new ConflictError([{ field: "stationId", code: "station_busy" }]);
    await trx.updateTable("tournament_station").set({ match_id: null, assigned_at: null }).where("tournament_id", "=", tournamentId).where("match_id", "=", engineId!).execute();
    await trx.updateTable("tournament_station").set({ match_id: engineId!, assigned_at: deps.now() }).where("id", "=", stationId).execute();
    await syncStations(trx, tournament, state, deps.now());
  });
  return findStation(deps, tournamentId, stationId, user);
}

/** Turning auto-assign on fills the free stations at once; off leaves every match where it is. */
export async function setAutoAssign(deps: AppDeps, user: User, tournamentId: number, on: boolean): Promise<void> {
  await changeStations(deps, user, tournamentId, async (trx, tournament) => {
    await trx
      .updateTable("tournament")
      .set({ auto_assign: on ? 1 : 0 })
      .where("id", "=", tournamentId)
      .execute();
    await syncStations(trx, { ...tournament, auto_assign: on ? 1 : 0 }, bracketOf(tournament), deps.now());
  });
}

// The bracket in the chat (issue 18, item 2).

const scoreOf = (match: { opponent1?: { score?: number } | null; opponent2?: { score?: number } | null }) => `${match.opponent1?.score ?? 0}–${match.opponent2?.score ?? 0}`;

export type StationSnapshot = { id: number; name: string; streamer_id: number | null; match_id: number | null }[];

export async function stationSnapshot(trx: Db, tournamentId: number): Promise<StationSnapshot> {
  return trx.selectFrom("tournament_station").select(["id", "name", "streamer_id", "match_id"]).where("tournament_id", "=", tournamentId).orderBy("id").execute();
}

export interface Moment {
  state: BracketState | null;
  stations: StationSnapshot;
}

/**
 * What a change said to the chats of the streamed stations, from the bracket and the stations before
 * and after it: a match that ended at a station (winner and score, or a draw), then the scores that
 * changed in the matches being played, then the matches that started, then the matches that came to
 * a station next. Stored in the change's transaction, each
 * event under its own name, so it is one line however many times it is told. Returns the new lines.
 */
export async function speakInChat(trx: Db, tournamentId: number, before: Moment, after: Moment, now: number): Promise<number[]> {
  if (!after.state || !before.stations.concat(after.stations).some((s) => s.streamer_id !== null && s.match_id !== null)) return [];
  const state = after.state;
  const players = await playerInfos(trx, tournamentId);
  const nameOf = (participantId: unknown) => {
    const playerId = playerIdOf(state, participantId as number | null | undefined);
    return playerId === null ? "?" : (players.get(playerId)?.name ?? `#${playerId}`);
  };
  const event = (matchId: number, what: string) => `tournament:${tournamentId}:match:${matchId}:${what}`;
  const ended: SystemLine[] = [];
  const started: SystemLine[] = [];
  const scored: SystemLine[] = [];
  const next: SystemLine[] = [];
  for (const station of before.stations) {
    if (station.streamer_id === null || station.match_id === null) continue;
    const was = before.state ? findMatch(before.state, station.match_id) : undefined;
    const match = findMatch(state, station.match_id);
    if (!was || !match || isFinished(was) || !isFinished(match)) continue;
    const [s1, s2] = [match.opponent1?.score ?? 0, match.opponent2?.score ?? 0];
    const [a, b] = [nameOf(match.opponent1?.id), nameOf(match.opponent2?.id)];
    const common = { streamerId: station.streamer_id, dedupeKey: event(station.match_id, "ended") };
    if (s1 === s2) ended.push({ ...common, key: "bracket_match_draw", params: { a, b, score: `${s1}–${s2}`, station: station.name } });
    else {
      const [winner, loser, high, low] = s1 > s2 ? [a, b, s1, s2] : [b, a, s2, s1];
      ended.push({ ...common, key: "bracket_match_won", params: { winner, loser, score: `${high}–${low}`, station: station.name } });
    }
  }
  for (const station of after.stations) {
    if (station.streamer_id === null || station.match_id === null) continue;
    const match = findMatch(state, station.match_id);
    if (!match) continue;
    const was = before.state ? findMatch(before.state, station.match_id) : undefined;
    const params = { a: nameOf(match.opponent1?.id), b: nameOf(match.opponent2?.id), station: station.name };
    if (isPlaying(match) && !(was && isPlaying(was))) started.push({ streamerId: station.streamer_id, key: "bracket_match_started", params, dedupeKey: event(station.match_id, "started") });
    else if (isPlaying(match) && was && scoreOf(was) !== scoreOf(match))
      // A score may come back to an earlier one (a correction): the change, from and to, at its instant is the event.
      scored.push({
        streamerId: station.streamer_id,
        key: "bracket_match_score",
        params: { ...params, score: scoreOf(match) },
        dedupeKey: event(station.match_id, `score:${scoreOf(was)}>${scoreOf(match)}@${now}`),
      });
    else if (!isPlaying(match) && before.stations.find((s) => s.id === station.id)?.match_id !== station.match_id)
      next.push({ streamerId: station.streamer_id, key: "bracket_match_next", params, dedupeKey: event(station.match_id, `next:${station.id}`) });
  }
  return storeSystemLines(trx, [...ended, ...scored, ...started, ...next], now);
}
