import { rmSync } from "node:fs";
import { join } from "node:path";
import type { User } from "../../db/types.ts";
import { assertMayWatch, watchRuleOfSession } from "../access/live-access.ts";
import { canAdminister, canSeeDeletedReplay, ownsOrAdmin } from "../access/policy.ts";
import type { AppDeps } from "../http/context.ts";
import { ForbiddenError, NotFoundError } from "../http/errors.ts";
import type { ReplayResponse } from "./schemas.ts";

function replayRows(deps: AppDeps) {
  return deps.db
    .selectFrom("replay")
    .innerJoin("channel", "channel.id", "replay.channel_id")
    .innerJoin("user", "user.id", "channel.user_id")
    .leftJoin("game", "game.id", "replay.game_id")
    .selectAll("replay")
    .select(["user.id as owner_id", "user.username", "user.avatar", "game.name as game_name", "game.icon as game_icon"]);
}

type ReplayRow = Awaited<ReturnType<ReturnType<typeof replayRows>["executeTakeFirstOrThrow"]>>;

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
    username: row.username,
    avatar: row.avatar,
    stream_games: row.game_id !== null && row.game_name ? { id: row.game_id, name: row.game_name, icon: row.game_icon ?? "" } : null,
  };
}

export interface Page {
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

/** A deleted replay is gone for everyone but admins (who may restore it). Each read counts a view. */
export async function getReplay(deps: AppDeps, id: number, viewer: User | undefined): Promise<ReplayResponse> {
  const row = await replayRows(deps).where("replay.id", "=", id).executeTakeFirst();
  if (!row || (row.deleted_at !== null && !canSeeDeletedReplay(viewer))) throw new NotFoundError("replay_not_found");
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
  const rule = await watchRuleOfSession(deps.db, replay.live_session_id);
  if (!rule || rule.mode === "everyone") return { restricted: false };
  await assertMayWatch(deps.db, rule, viewer);
  return { restricted: true };
}

/** The owner or an admin. Soft by default; `hard` removes the files too (admins only). */
export async function deleteReplay(deps: AppDeps, id: number, caller: User, hard: boolean): Promise<void> {
  const row = await replayRows(deps).where("replay.id", "=", id).executeTakeFirst();
  if (!row || (row.deleted_at !== null && !canSeeDeletedReplay(caller))) throw new NotFoundError("replay_not_found");
  if (!ownsOrAdmin(caller, row.owner_id)) throw new ForbiddenError();
  if (hard && !canAdminister(caller)) throw new ForbiddenError();
  if (hard) {
    const root = join(deps.config.mediaDir, "recordings");
    for (const path of [row.file_path, row.thumbnail_path]) if (path) rmSync(join(root, path), { force: true });
    await deps.db.deleteFrom("replay").where("id", "=", id).execute();
    return;
  }
  await deps.db.updateTable("replay").set({ deleted_at: deps.now() }).where("id", "=", id).execute();
}

export async function restoreReplay(deps: AppDeps, id: number, caller: User): Promise<ReplayResponse> {
  if (!canAdminister(caller)) throw new ForbiddenError();
  const updated = await deps.db.updateTable("replay").set({ deleted_at: null }).where("id", "=", id).returning("id").executeTakeFirst();
  if (!updated) throw new NotFoundError("replay_not_found");
  return toReplayResponse(await replayRows(deps).where("replay.id", "=", id).executeTakeFirstOrThrow());
}
