import { sql } from "kysely";
import type { Channel, RaidPolicy, User } from "../../db/types.ts";
import type { Db } from "../../db/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import { fold } from "../../shared/fold.ts";
import { ensureChannel, findChannelOfUser } from "../channels/own-channel.ts";
import { viewerCountOf } from "../channels/viewers.ts";
import { announceSystemLines, storeRaidLine } from "../chat/system-lines.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from "../http/errors.ts";
import { announce as announceToWebhooks } from "../webhooks/queue/queue.ts";
import { channelWords } from "../webhooks/queue/words.ts";
import { type BlockedChannel, RAID_COUNTDOWN_SECONDS, type Raid, type RaidSettings, type RaidStart, type RaidTarget } from "./schemas.ts";

// Raids (issue 36, item 5): a streamer ending their live sends its viewers to another live. The raid is recorded
// as pending with the source's viewer count; its viewers see a countdown (the stream page, from the "raid:started"
// bus event); the node that recorded it lands it when the countdown ends (startRaidLanding), in one transaction
// with the target's chat line and its webhook event. The target's viewer count never moves: only the people who
// arrive and watch count (server/channels/viewers.ts).

/**
 * A pending raid older than its countdown by this much no longer stops its streamer's next one, nor is it landed: its
 * node stopped and the site's sweep (landOverdueRaids, every 5 s) did not run in time either; the streamer raids again.
 */
const LOST_AFTER_MS = 30_000;
const SUGGESTIONS = 12;

type TargetRow = Awaited<ReturnType<typeof targetByUsername>>;

function targetRows(db: Db) {
  return db
    .selectFrom("channel")
    .innerJoin("user", "user.id", "channel.user_id")
    .select(["channel.id", "channel.user_id", "channel.public_id", "channel.is_live", "channel.title", "channel.raid_policy", "user.username", "user.avatar"])
    .where("user.suspended_at", "is", null);
}

async function targetByUsername(db: Db, username: string) {
  const row = await targetRows(db).where("user.username", "=", username).executeTakeFirst();
  if (!row) throw new NotFoundError("raid_target_not_found");
  return row;
}

/** The caller's channel, live: only a live has viewers to send. */
async function ownLiveChannel(deps: AppDeps, user: User): Promise<Channel> {
  const channel = await findChannelOfUser(deps, user.id);
  if (channel?.is_live !== 1) throw new BadRequestError("raid_not_live");
  return channel;
}

/** Whether the target takes a raid from this source: its policy, then its blocks. Throws the refusal. */
async function assertWelcome(db: Db, source: Channel, target: TargetRow): Promise<void> {
  const refusal = await refusalOf(db, source, target);
  if (refusal) throw new ForbiddenError(refusal);
}

async function refusalOf(db: Db, source: Pick<Channel, "id" | "user_id">, target: Pick<TargetRow, "id" | "user_id" | "raid_policy">) {
  if (target.raid_policy === "nobody") return "raid_refused" as const;
  if (target.raid_policy === "followed" && !(await follows(db, target.user_id, source.user_id))) return "raid_refused_followed" as const;
  if (await isBlocked(db, target.id, source.id)) return "raid_blocked" as const;
  return undefined;
}

async function follows(db: Db, followerId: number, followedId: number): Promise<boolean> {
  return Boolean(await db.selectFrom("follow").select("followed_id").where("follower_id", "=", followerId).where("followed_id", "=", followedId).executeTakeFirst());
}

async function isBlocked(db: Db, channelId: number, sourceId: number): Promise<boolean> {
  return Boolean(await db.selectFrom("raid_block").select("id").where("channel_id", "=", channelId).where("blocked_channel_id", "=", sourceId).executeTakeFirst());
}

function pendingRaids(db: Db, now: number) {
  return db
    .selectFrom("raid")
    .innerJoin("channel", "channel.id", "raid.to_channel_id")
    .innerJoin("user", "user.id", "channel.user_id")
    .select(["raid.id", "raid.viewers", "raid.lands_at", "user.username", "user.avatar"])
    .where("raid.state", "=", "pending")
    .where("raid.lands_at", ">", now - LOST_AFTER_MS);
}

function toRaid(row: { id: number; viewers: number; lands_at: number; username: string; avatar: string | null }): Raid {
  return { id: row.id, target: { username: row.username, avatar: row.avatar }, viewers: row.viewers, seconds: RAID_COUNTDOWN_SECONDS, landsAt: new Date(row.lands_at).toISOString() };
}

/**
 * Starts a raid from the caller's live to `target`'s: refused when the caller is not live, the target is the
 * caller, offline, refuses the caller's raids or blocked them, or a raid of the caller's is already counting down.
 */
export async function startRaid(deps: AppDeps, user: User, input: RaidStart): Promise<Raid> {
  const source = await ownLiveChannel(deps, user);
  const target = await targetByUsername(deps.db, input.target);
  if (target.id === source.id) throw new BadRequestError("raid_self");
  if (target.is_live !== 1) throw new BadRequestError("raid_target_offline");
  await assertWelcome(deps.db, source, target);
  const viewers = await viewerCountOf(deps, source.id);
  const now = deps.now();
  const landsAt = now + RAID_COUNTDOWN_SECONDS * 1000;
  const raid = await inTransaction(deps.db, async (trx) => {
    if (await pendingRaids(trx, now).where("raid.from_channel_id", "=", source.id).executeTakeFirst()) throw new AppError(409, "raid_under_way");
    return trx
      .insertInto("raid")
      .values({ from_channel_id: source.id, to_channel_id: target.id, viewers, state: "pending", started_at: now, lands_at: landsAt, ended_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
  });
  deps.bus.emit("raid:started", { raidId: raid.id, channelArn: source.public_id, target: target.username, landsAt, seconds: RAID_COUNTDOWN_SECONDS });
  return toRaid({ id: raid.id, viewers, lands_at: landsAt, username: target.username, avatar: target.avatar });
}

/** The caller's raid counting down, if any. */
export async function currentRaid(deps: AppDeps, user: User): Promise<Raid | null> {
  const channel = await findChannelOfUser(deps, user.id);
  if (!channel) return null;
  const row = await pendingRaids(deps.db, deps.now()).where("raid.from_channel_id", "=", channel.id).executeTakeFirst();
  return row ? toRaid(row) : null;
}

/** Calls off the caller's raid during its countdown (its viewers stay); whether there was one: calling off twice is no error. */
export async function cancelRaid(deps: AppDeps, user: User): Promise<boolean> {
  const channel = await findChannelOfUser(deps, user.id);
  if (!channel) return false;
  const cancelled = await deps.db
    .updateTable("raid")
    .set({ state: "cancelled", ended_at: deps.now() })
    .where("from_channel_id", "=", channel.id)
    .where("state", "=", "pending")
    .returning("id")
    .execute();
  for (const raid of cancelled) deps.bus.emit("raid:cancelled", { raidId: raid.id, channelArn: channel.public_id });
  return cancelled.length > 0;
}

type Landing = { kind: "landed"; lineId: number; targetId: number; from: string; viewers: number } | { kind: "failed"; channelArn: string } | undefined;

/**
 * Lands a pending raid (its countdown is over): the target's chat line and its `raid` webhook event commit with it;
 * then the chat and the overlays hear of it (the "raid:arrived" bus event). A target gone offline meanwhile fails
 * the raid; a raid cancelled or already landed (by another call) is left alone.
 */
export async function landRaid(deps: AppDeps, raidId: number): Promise<void> {
  const landing: Landing = await inTransaction(deps.db, async (trx) => {
    const raid = await trx
      .selectFrom("raid")
      .innerJoin("channel as source", "source.id", "raid.from_channel_id")
      .innerJoin("user as raider", "raider.id", "source.user_id")
      .select(["raid.id", "raid.to_channel_id", "raid.viewers", "source.public_id", "raider.username"])
      .where("raid.id", "=", raidId)
      .where("raid.state", "=", "pending")
      .executeTakeFirst();
    if (!raid) return undefined;
    const target = await trx.selectFrom("channel").select(["id", "user_id", "is_live"]).where("id", "=", raid.to_channel_id).executeTakeFirstOrThrow();
    const now = deps.now();
    const state = target.is_live === 1 ? "landed" : "failed";
    await trx.updateTable("raid").set({ state, ended_at: now }).where("id", "=", raid.id).execute();
    if (state === "failed") return { kind: "failed" as const, channelArn: raid.public_id };
    const lineId = await storeRaidLine(trx, target, { from: raid.username, count: raid.viewers }, raid.id, now);
    const words = await channelWords({ db: trx, config: deps.config }, target.id);
    if (words) await announceToWebhooks(deps, trx, "raid", { channelId: target.id }, { ...words.words, raider: raid.username, viewers: raid.viewers });
    return { kind: "landed" as const, lineId, targetId: target.id, from: raid.username, viewers: raid.viewers };
  });
  if (landing?.kind === "failed") deps.bus.emit("raid:cancelled", { raidId, channelArn: landing.channelArn });
  if (landing?.kind !== "landed") return;
  await announceSystemLines(deps, [landing.lineId]);
  deps.bus.emit("raid:arrived", { channelId: landing.targetId, fromUsername: landing.from, fromDisplayName: landing.from, viewers: landing.viewers });
  deps.bus.emit("webhooks:queued", {});
}

/** A countdown's end its own node missed (the node stopped or died) by more than this: another lands the raid. */
const OVERDUE_AFTER_MS = 3000;

/**
 * The site's sweep (server/cluster/site-jobs.ts): lands the raids whose node did not, late but before they are lost, so
 * the target's chat, overlays and webhooks still hear of raiders its viewers already followed. Returns how many.
 */
export async function landOverdueRaids(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const overdue = await pendingRaids(deps.db, now)
    .where("raid.lands_at", "<", now - OVERDUE_AFTER_MS)
    .execute();
  for (const raid of overdue) await landRaid(deps, raid.id);
  return overdue.length;
}

/**
 * On the node that recorded a raid: lands it when its countdown ends. Returns the function that stops listening
 * and drops the countdowns still running (another node's sweep lands them: landOverdueRaids).
 */
export function startRaidLanding(deps: AppDeps, log: (line: string) => void): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const off = deps.bus.on("raid:started", ({ raidId, landsAt }) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        landRaid(deps, raidId).catch((error: unknown) => log(`[raids] landing raid ${raidId}: ${(error as Error).message}`));
      },
      Math.max(0, landsAt - deps.now()),
    );
    timers.add(timer);
  });
  return () => {
    off();
    for (const timer of timers) clearTimeout(timer);
  };
}

/**
 * Where the caller may raid. With a search: the live channels whose name or title matches. Without: first the
 * lives streaming the other stations of the caller's tournaments (the match assigned first, then the next), then
 * the followed lives, most watched first; channels that would refuse the caller are left out.
 */
export async function raidTargets(deps: AppDeps, user: User, search?: string): Promise<RaidTarget[]> {
  const own = await findChannelOfUser(deps, user.id);
  if (search) return withViewers(deps, await searchLives(deps.db, search, user.id), "live");
  const tournament = await tournamentLives(deps.db, user.id);
  const followed = await followedLives(deps.db, user.id);
  const seen = new Set<number>();
  const targets: RaidTarget[] = [];
  for (const [rows, reason] of [
    [tournament, "tournament"],
    [followed, "followed"],
  ] as const) {
    const welcome = [];
    for (const row of rows) {
      if (seen.has(row.id) || (own && (await refusalOf(deps.db, own, row)))) continue;
      seen.add(row.id);
      welcome.push(row);
    }
    const found = await withViewers(deps, welcome, reason);
    targets.push(...(reason === "followed" ? found.sort((a, b) => b.viewerCount - a.viewerCount) : found));
  }
  return targets.slice(0, SUGGESTIONS);
}

type LiveRow = Awaited<ReturnType<typeof searchLives>>[number] & { tournament_name?: string; station_name?: string };

async function withViewers(deps: AppDeps, rows: LiveRow[], reason: RaidTarget["reason"]): Promise<RaidTarget[]> {
  return Promise.all(
    rows.map(async (row) => ({
      username: row.username,
      avatar: row.avatar,
      title: row.title,
      viewerCount: await viewerCountOf(deps, row.id),
      reason,
      tournament: row.tournament_name !== undefined && row.station_name !== undefined ? { name: row.tournament_name, station: row.station_name } : null,
    })),
  );
}

function liveRows(db: Db, callerId: number) {
  return targetRows(db).where("channel.is_live", "=", 1).where("channel.user_id", "!=", callerId);
}

async function searchLives(db: Db, search: string, callerId: number) {
  const words = `%${fold(search)}%`;
  return liveRows(db, callerId)
    .where((eb) => eb.or([eb(sql<string>`lower(${eb.ref("user.username")})`, "like", `%${search.toLowerCase()}%`), eb("channel.search_title", "like", words)]))
    .orderBy("user.username")
    .limit(SUGGESTIONS)
    .execute();
}

/** The lives on the other stations of the unfinished tournaments whose stations the caller streams. */
async function tournamentLives(db: Db, callerId: number) {
  return liveRows(db, callerId)
    .innerJoin("tournament_station as station", "station.streamer_id", "channel.user_id")
    .innerJoin("tournament", "tournament.id", "station.tournament_id")
    .select(["tournament.name as tournament_name", "station.name as station_name"])
    .where("tournament.finished_at", "is", null)
    .where("station.tournament_id", "in", (eb) => eb.selectFrom("tournament_station").select("tournament_id").where("streamer_id", "=", callerId))
    .orderBy(sql`case when ${sql.ref("station.match_id")} is null then 1 else 0 end`)
    .orderBy("station.assigned_at")
    .orderBy("station.id")
    .execute();
}

async function followedLives(db: Db, callerId: number) {
  return liveRows(db, callerId).innerJoin("follow", "follow.followed_id", "channel.user_id").where("follow.follower_id", "=", callerId).execute();
}

/** The caller's raid policy and the channels they block, by name. */
export async function raidSettings(deps: AppDeps, user: User): Promise<Omit<RaidSettings, "success">> {
  const channel = await findChannelOfUser(deps, user.id);
  if (!channel) return { policy: "everyone", blocked: [] };
  return { policy: channel.raid_policy, blocked: await blockedChannels(deps.db, channel.id) };
}

async function blockedChannels(db: Db, channelId: number): Promise<BlockedChannel[]> {
  return db
    .selectFrom("raid_block")
    .innerJoin("channel", "channel.id", "raid_block.blocked_channel_id")
    .innerJoin("user", "user.id", "channel.user_id")
    .select(["user.username", "user.avatar"])
    .where("raid_block.channel_id", "=", channelId)
    .orderBy("user.username")
    .execute();
}

export async function setRaidPolicy(deps: AppDeps, user: User, policy: RaidPolicy): Promise<Omit<RaidSettings, "success">> {
  const channel = await ensureChannel(deps, user);
  await deps.db.updateTable("channel").set({ raid_policy: policy }).where("id", "=", channel.id).execute();
  return raidSettings(deps, user);
}

export async function blockRaider(deps: AppDeps, user: User, username: string): Promise<Omit<RaidSettings, "success">> {
  const channel = await ensureChannel(deps, user);
  const blocked = await targetByUsername(deps.db, username);
  if (blocked.id === channel.id) throw new BadRequestError("raid_block_self");
  await deps.db
    .insertInto("raid_block")
    .values({ channel_id: channel.id, blocked_channel_id: blocked.id, created_at: deps.now() })
    .onConflict((oc) => oc.columns(["channel_id", "blocked_channel_id"]).doNothing())
    .execute();
  return raidSettings(deps, user);
}

/** A suspended member's channel stays in the list (suspended is not erased): it can be unblocked all the same. */
export async function unblockRaider(deps: AppDeps, user: User, username: string): Promise<Omit<RaidSettings, "success">> {
  const channel = await findChannelOfUser(deps, user.id);
  if (channel)
    await deps.db
      .deleteFrom("raid_block")
      .where("channel_id", "=", channel.id)
      .where("blocked_channel_id", "in", (eb) => eb.selectFrom("channel").innerJoin("user", "user.id", "channel.user_id").select("channel.id").where("user.username", "=", username))
      .execute();
  return raidSettings(deps, user);
}
