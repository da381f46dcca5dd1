import { rmSync } from "node:fs";
import { join, sep } from "node:path";
import { inTransaction } from "../../db/transaction.ts";
import type { User } from "../../db/types.ts";
import { type AuditValues, recordAudit } from "../admin/audit.ts";
import { assertMayWatchSession, mayWatchSession } from "../restricted/live-access.ts";
import { canAdminister, canSeeDeletedReplay, isOwner, ownsOrAdmin } from "../access/policy.ts";
import type { AppDeps } from "../http/context.ts";
import { ForbiddenError, NotFoundError } from "../http/errors.ts";
import { recordingDirOf } from "./finalise.ts";
import { deleteReplayPost } from "../federation/posts/live.ts";
import type { ReplayResponse } from "./schemas.ts";

function replayRows(deps: AppDeps) {
  return deps.db
    .selectFrom("replay")
    .innerJoin("channel", "channel.id", "replay.channel_id")
    .innerJoin("user", "user.id", "channel.user_id")
    .leftJoin("game", "game.id", "replay.game_id")
    .leftJoin("tournament", "tournament.id", "replay.tournament_id")
    .selectAll("replay")
    .select(["user.id as owner_id", "user.username", "user.avatar", "game.name as game_name", "game.icon as game_icon", "tournament.name as tournament_name"]);
}

// Other lists (search) read replays without their tournament's name: a match replay there shows no tournament link.
type ReplayRow = Omit<Awaited<ReturnType<ReturnType<typeof replayRows>["executeTakeFirstOrThrow"]>>, "tournament_name"> & { tournament_name?: string | null };

export function toReplayResponse(row: ReplayRow): ReplayResponse {
  return {
    id: row.id,
    _id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    filePath: row.file_path,
    thumbnailPath: row.thumbnail_path,
    duration: row.duration,
    fileSize: row.file_size === null ? null : String(row.file_size),
    viewCount: row.view_count,
    createdAt: new Date(row.created_at).toISOString(),
    deleted: row.deleted_at !== null,
    pinned: row.pinned_at !== null,
    username: row.username,
    avatar: row.avatar,
    stream_games: row.game_id !== null && row.game_name ? { id: row.game_id, name: row.game_name, icon: row.game_icon ?? "" } : null,
    tournament: row.tournament_id !== null && row.tournament_name ? { id: row.tournament_id, name: row.tournament_name } : null,
    matchID: row.tournament_id !== null && row.match_id !== null ? `${row.tournament_id}-${row.match_id}` : null,
    partial: row.partial === 1,
  };
}

interface Page {
  page: number;
  limit: number;
}

async function paged(query: ReturnType<typeof replayRows>, { page, limit }: Page) {
  const rows = await query
    .orderBy("replay.created_at", "desc")
    .orderBy("replay.id", "desc")
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return { replays: rows.slice(0, limit).map(toReplayResponse), pagination: { page, limit, hasMore: rows.length > limit } };
}

export function myReplays(deps: AppDeps, user: User, page: Page) {
  return paged(replayRows(deps).where("user.id", "=", user.id).where("replay.deleted_at", "is", null), page);
}

/** Every channel's finished replays, newest first (GET /api/stream/videos), or one game's or one user's. */
export function allReplays(deps: AppDeps, page: Page, filter: { game?: number; username?: string } = {}) {
  let query = replayRows(deps).where("replay.deleted_at", "is", null).where("replay.status", "=", "ready").where("user.suspended_at", "is", null);
  if (filter.game) query = query.where("replay.game_id", "=", filter.game);
  if (filter.username) query = query.where((eb) => eb(eb.fn("lower", ["user.username"]), "=", filter.username!.toLowerCase()));
  return paged(query, page);
}

/** A tournament's match replays, ready and not deleted, newest first (its page's Replays). */
export async function tournamentReplays(deps: AppDeps, tournamentId: number): Promise<ReplayResponse[]> {
  const rows = await replayRows(deps)
    .where("replay.tournament_id", "=", tournamentId)
    .where("replay.match_id", "is not", null)
    .where("replay.deleted_at", "is", null)
    .where("replay.status", "=", "ready")
    .where("user.suspended_at", "is", null)
    .orderBy("replay.created_at", "desc")
    .orderBy("replay.id", "desc")
    .execute();
  return rows.map(toReplayResponse);
}

/**
 * A deleted replay is gone for everyone but admins (who may restore it). Each read by a viewer its live let watch
 * counts a view; one it refuses (a ticketed live's replay) sees the page and its refusal, and counts none.
 */
export async function getReplay(deps: AppDeps, id: number, viewer: User | undefined): Promise<ReplayResponse> {
  const row = await replayRows(deps).where("replay.id", "=", id).executeTakeFirst();
  if (!row || (row.deleted_at !== null && !canSeeDeletedReplay(viewer))) throw new NotFoundError("replay_not_found");
  if (!(await mayWatchSession(deps.db, row.live_session_id, viewer))) return toReplayResponse(row);
  await deps.db
    .updateTable("replay")
    .set((eb) => ({ view_count: eb("view_count", "+", 1) }))
    .where("id", "=", id)
    .execute();
  return toReplayResponse({ ...row, view_count: row.view_count + 1 });
}

/**
 * A replay's video or thumbnail file (its path under recordings/) is seen like the replay itself, and
 * only by those the live it was made from let watch (issue 18, item 4).
 */
export async function assertCanSeeRecording(deps: AppDeps, relativePath: string, viewer: User | undefined): Promise<{ restricted: boolean }> {
  const replay = await deps.db
    .selectFrom("replay")
    .select(["deleted_at", "live_session_id"])
    .where((eb) => eb.or([eb("file_path", "=", relativePath), eb("thumbnail_path", "=", relativePath)]))
    .executeTakeFirst();
  if (!replay || (replay.deleted_at !== null && !canSeeDeletedReplay(viewer))) throw new NotFoundError("replay_not_found");
  return assertMayWatchSession(deps.db, replay.live_session_id, viewer);
}

/**
 * The owner or an admin. Soft by default, so an admin can restore it; `hard` removes the row and the
 * files (admins only). What an admin does to a replay is written to the audit log with the change.
 */
export async function deleteReplay(deps: AppDeps, id: number, caller: User, hard: boolean): Promise<void> {
  const row = await replayRows(deps).where("replay.id", "=", id).executeTakeFirst();
  if (!row || (row.deleted_at !== null && !canSeeDeletedReplay(caller))) throw new NotFoundError("replay_not_found");
  if (!ownsOrAdmin(caller, row.owner_id)) throw new ForbiddenError();
  if (hard && !canAdminister(caller)) throw new ForbiddenError();
  const now = deps.now();
  const audited = canAdminister(caller) && (hard || caller.id !== row.owner_id);
  const before = { title: row.title, channel: row.username, deletedAt: row.deleted_at === null ? null : new Date(row.deleted_at).toISOString() };
  const unposted = await inTransaction(deps.db, async (trx) => {
    if (hard) await trx.deleteFrom("replay").where("id", "=", id).execute();
    else await trx.updateTable("replay").set({ deleted_at: now }).where("id", "=", id).execute();
    if (audited) {
      const after: AuditValues = hard ? { purged: true, file: row.file_path } : { deletedAt: new Date(now).toISOString() };
      await recordAudit(trx, caller, { action: hard ? "replay.purge" : "replay.delete", targetType: "replay", targetId: id, before, after }, now);
    }
    // Its fediverse post goes with it; a restore does not bring it back (issue 38, item 3).
    return deleteReplayPost(deps, trx, row);
  });
  if (unposted > 0) deps.bus.emit("federation:queued", {});
  if (hard) await removeReplayFiles(deps, row);
}

/**
 * Deletes a replay for good: its row, then its video, thumbnail and the live's recording parts it
 * was made from. Callers check who may (an admin's hard delete, the storage policy's daily run).
 */
export async function removeReplayForGood(deps: AppDeps, replay: Pick<ReplayRow, "id" | "channel_id" | "file_path" | "thumbnail_path" | "live_session_id" | "match_id">): Promise<void> {
  const unposted = await inTransaction(deps.db, async (trx) => {
    await trx.deleteFrom("replay").where("id", "=", replay.id).execute();
    return deleteReplayPost(deps, trx, replay);
  });
  if (unposted > 0) deps.bus.emit("federation:queued", {});
  await removeReplayFiles(deps, replay);
}

/**
 * A removed replay's video, thumbnail and, for a live's own replay, the recording parts it was made from (the row goes
 * first: a file without a row is only disk). A match replay leaves the live's parts: they are the live's, still being
 * written while it runs.
 */
async function removeReplayFiles(deps: AppDeps, replay: Pick<ReplayRow, "file_path" | "thumbnail_path" | "live_session_id" | "match_id">): Promise<void> {
  const root = join(deps.config.mediaDir, "recordings");
  for (const path of [replay.file_path, replay.thumbnail_path]) if (path) rmSync(join(root, path), { force: true });
  if (replay.match_id !== null) return;
  const session = await deps.db.selectFrom("live_session").select("recording_dir").where("id", "=", replay.live_session_id).executeTakeFirst();
  const parts = session && recordingDirOf(deps.config.mediaDir, session.recording_dir);
  // Only ever a folder inside recordings/: a stored path from elsewhere is left alone.
  if (parts?.startsWith(root + sep)) rmSync(parts, { recursive: true, force: true });
}

/**
 * Pins or unpins a replay: a pinned replay is never removed by the storage policy. Its streamer pins
 * their own; an admin any, and the audit log keeps an admin's pin of someone else's.
 */
export async function pinReplay(deps: AppDeps, id: number, caller: User, pinned: boolean): Promise<boolean> {
  const row = await replayRows(deps).where("replay.id", "=", id).executeTakeFirst();
  if (!row || (row.deleted_at !== null && !canSeeDeletedReplay(caller))) throw new NotFoundError("replay_not_found");
  if (!ownsOrAdmin(caller, row.owner_id)) throw new ForbiddenError();
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("replay")
      .set(pinned ? { pinned_at: row.pinned_at ?? now, pinned_by: row.pinned_by ?? caller.id } : { pinned_at: null, pinned_by: null })
      .where("id", "=", id)
      .execute();
    if (!isOwner(caller, row.owner_id)) {
      await recordAudit(trx, caller, { action: pinned ? "replay.pin" : "replay.unpin", targetType: "replay", targetId: id, before: { pinned: row.pinned_at !== null }, after: { pinned } }, now);
    }
  });
  return pinned;
}

export async function restoreReplay(deps: AppDeps, id: number, caller: User): Promise<ReplayResponse> {
  if (!canAdminister(caller)) throw new ForbiddenError();
  const now = deps.now();
  await inTransaction(deps.db, async (trx) => {
    const row = await trx.selectFrom("replay").select(["deleted_at"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new NotFoundError("replay_not_found");
    if (row.deleted_at === null) return;
    await trx.updateTable("replay").set({ deleted_at: null }).where("id", "=", id).execute();
    await recordAudit(trx, caller, { action: "replay.restore", targetType: "replay", targetId: id, before: { deletedAt: new Date(row.deleted_at).toISOString() }, after: { deletedAt: null } }, now);
  });
  return toReplayResponse(await replayRows(deps).where("replay.id", "=", id).executeTakeFirstOrThrow());
}
