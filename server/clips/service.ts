import { rmSync } from "node:fs";
import { join } from "node:path";
import { inTransaction } from "../../db/transaction.ts";
import type { User } from "../../db/types.ts";
import { cutClip, flvRecordedSeconds } from "../../media/clip.ts";
import { recordingParts } from "../../media/live-outputs.ts";
import { assertMayWatchSession } from "../restricted/live-access.ts";
import { canAdminister, canDeleteClip, canEditClip } from "../access/policy.ts";
import { recordAudit } from "../admin/audit.ts";
import { runInBackground } from "../http/background.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError, ForbiddenError, InvalidError, NotFoundError } from "../http/errors.ts";
import { hitRateLimit } from "../http/rate-limit.ts";
import { recordingDirOf } from "../replays/finalise.ts";
import { CLIP_MIN_SECONDS } from "../../shared/clips.ts";
import type { ClipCreate, ClipListQuery, ClipResponse } from "./schemas.ts";
import { announce } from "../webhooks/queue/queue.ts";
import { channelWords, siteLink } from "../webhooks/queue/words.ts";

const HOUR = 3_600_000;
/** Clips a member may start per hour, and keep in all: together they bound what one member adds to the disk (docs/decisions.md). */
export const CLIPS_PER_HOUR = 10;
export const CLIPS_PER_MEMBER = 100;
/** A clip still "processing" after this long died with its node: it shows as failed, and its author may delete it. */
const STALE_AFTER_MS = 10 * 60_000;

/** Where a clip to cut comes from: the file, where in it, and what the row records about it. */
interface ClipSource {
  channelId: number;
  input: string;
  start: number;
  length: number;
  title: string;
  gameId: number | null;
  liveSessionId: number | null;
  replayId: number | null;
}

/**
 * Keeps a moment: checks the source and the channel's switch, then the member's limits, writes the
 * row ("processing") and cuts the file in the background. `done` settles once the clip is ready or
 * failed (tests wait on it; the route does not).
 */
export async function createClip(deps: AppDeps, user: User, input: ClipCreate): Promise<{ clip: ClipResponse; done: Promise<void> }> {
  const source = input.source === "live" ? await liveSource(deps, user, input.username, input.seconds) : await replaySource(deps, user, input.replayId, input.start, input.end);
  await assertWithinLimits(deps, user);
  const row = await deps.db
    .insertInto("clip")
    .values({
      channel_id: source.channelId,
      user_id: user.id,
      live_session_id: source.liveSessionId,
      replay_id: source.replayId,
      title: input.title?.trim() || source.title,
      game_id: source.gameId,
      status: "processing",
      start_seconds: source.start,
      requested_seconds: source.length,
      file_path: null,
      thumbnail_path: null,
      duration: null,
      file_size: null,
      created_at: deps.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const done = runInBackground(cutInto(deps, row.id, source));
  return { clip: await getClip(deps, row.id, user, { countView: false }), done };
}

async function channelOpenToClips(deps: AppDeps, channelId: number): Promise<void> {
  const channel = await deps.db.selectFrom("channel").select("clips_enabled").where("id", "=", channelId).executeTakeFirstOrThrow();
  if (channel.clips_enabled !== 1) throw new ForbiddenError("clips_off");
}

/** The last `seconds` of a live: up to the last whole frame its recording part holds now. */
async function liveSource(deps: AppDeps, user: User, username: string, seconds: number): Promise<ClipSource> {
  const live = await deps.db
    .selectFrom("channel")
    .innerJoin("user", "user.id", "channel.user_id")
    .innerJoin("live_session", "live_session.id", "channel.live_session_id")
    .select(["channel.id", "channel.title as channel_title", "live_session.id as session_id", "live_session.title", "live_session.game_id", "live_session.recording_dir"])
    .where((eb) => eb(eb.fn("lower", ["user.username"]), "=", username.toLowerCase()))
    .where("user.suspended_at", "is", null)
    .where("channel.is_live", "=", 1)
    .executeTakeFirst();
  if (!live) throw new NotFoundError("stream_not_found");
  // Only what the member may watch can be kept (issue 18, item 4).
  await assertMayWatchSession(deps.db, live.session_id, user);
  await channelOpenToClips(deps, live.id);
  // A reconnect starts a new part: the clip is cut from the one being written now.
  const part = recordingParts(recordingDirOf(deps.config.mediaDir, live.recording_dir)).at(-1);
  const recorded = part ? flvRecordedSeconds(part) : null;
  if (!part || recorded === null || recorded < CLIP_MIN_SECONDS) throw new AppError(409, "clip_not_available");
  const length = Math.min(seconds, recorded);
  return {
    channelId: live.id,
    input: part,
    start: recorded - length,
    length,
    title: live.title.trim() || live.channel_title.trim() || "Clip",
    gameId: live.game_id,
    liveSessionId: live.session_id,
    replayId: null,
  };
}

/** A range of a ready replay, within its length. */
async function replaySource(deps: AppDeps, user: User, replayId: number, start: number, end: number): Promise<ClipSource> {
  const replay = await deps.db
    .selectFrom("replay")
    .innerJoin("channel", "channel.id", "replay.channel_id")
    .innerJoin("user", "user.id", "channel.user_id")
    .select(["replay.id", "replay.channel_id", "replay.title", "replay.game_id", "replay.file_path", "replay.duration", "replay.live_session_id"])
    .where("replay.id", "=", replayId)
    .where("replay.deleted_at", "is", null)
    .where("replay.status", "=", "ready")
    .where("user.suspended_at", "is", null)
    .executeTakeFirst();
  if (!replay?.file_path) throw new NotFoundError("replay_not_found");
  await assertMayWatchSession(deps.db, replay.live_session_id, user);
  await channelOpenToClips(deps, replay.channel_id);
  // Half a second of slack: a player rounds the replay's length it shows.
  if (replay.duration !== null && end > replay.duration + 0.5) throw new InvalidError([{ field: "end", code: "clip_beyond_end" }]);
  return {
    channelId: replay.channel_id,
    input: join(deps.config.mediaDir, "recordings", replay.file_path),
    start,
    length: end - start,
    title: replay.title,
    gameId: replay.game_id,
    liveSessionId: null,
    replayId: replay.id,
  };
}

/** The cap first (it does not use up the hour's allowance), then the hour's count. */
async function assertWithinLimits(deps: AppDeps, user: User): Promise<void> {
  const kept = await deps.db.selectFrom("clip").select(deps.db.fn.countAll<number>().as("count")).where("user_id", "=", user.id).executeTakeFirstOrThrow();
  if (Number(kept.count) >= CLIPS_PER_MEMBER) throw new AppError(409, "clip_cap_reached", { params: { count: CLIPS_PER_MEMBER } });
  await hitRateLimit(deps.db, `clip:${user.id}`, { max: CLIPS_PER_HOUR, windowMs: HOUR }, deps.now());
}

async function cutInto(deps: AppDeps, clipId: number, source: ClipSource): Promise<void> {
  const clipsRoot = join(deps.config.mediaDir, "clips");
  const relative = `${source.channelId}/${clipId}.mp4`;
  try {
    const cut = await cutClip(source.input, source.start, source.length, join(clipsRoot, relative));
    const updated = await deps.db
      .updateTable("clip")
      .set({ status: "ready", file_path: relative, thumbnail_path: relative.replace(/\.mp4$/, ".jpg"), duration: cut.duration, file_size: cut.size })
      .where("id", "=", clipId)
      .returning("id")
      .executeTakeFirst();
    // Deleted while it was being cut: its files go too.
    if (!updated) removeClipFiles(deps, { file_path: relative, thumbnail_path: relative.replace(/\.mp4$/, ".jpg") });
    else await announceClipReady(deps, clipId);
  } catch {
    removeClipFiles(deps, { file_path: relative, thumbnail_path: relative.replace(/\.mp4$/, ".jpg") });
    await deps.db.updateTable("clip").set({ status: "failed" }).where("id", "=", clipId).execute();
  }
}

function clipRows(deps: AppDeps) {
  return deps.db
    .selectFrom("clip")
    .innerJoin("channel", "channel.id", "clip.channel_id")
    .innerJoin("user as streamer", "streamer.id", "channel.user_id")
    .innerJoin("user as author", "author.id", "clip.user_id")
    .leftJoin("game", "game.id", "clip.game_id")
    .selectAll("clip")
    .select([
      "streamer.id as streamer_id",
      "streamer.username as streamer_name",
      "streamer.avatar as streamer_avatar",
      "author.username as author_name",
      "author.avatar as author_avatar",
      "game.name as game_name",
      "game.icon as game_icon",
    ]);
}

type ClipJoinedRow = Awaited<ReturnType<ReturnType<typeof clipRows>["executeTakeFirstOrThrow"]>>;

function toClipResponse(row: ClipJoinedRow, viewer: User | undefined, now: number): ClipResponse {
  const status = row.status === "processing" && now - row.created_at > STALE_AFTER_MS ? "failed" : row.status;
  const ready = status === "ready";
  return {
    id: row.id,
    title: row.title,
    status,
    videoUrl: ready ? `/api/stream/clips/${row.id}/video` : null,
    thumbnailUrl: ready && row.thumbnail_path ? `/api/stream/clips/${row.id}/thumbnail` : null,
    duration: row.duration,
    requestedSeconds: row.requested_seconds,
    fileSize: row.file_size,
    viewCount: row.view_count,
    createdAt: new Date(row.created_at).toISOString(),
    channel: { username: row.streamer_name, avatar: row.streamer_avatar },
    author: { username: row.author_name, avatar: row.author_avatar },
    game: row.game_id !== null && row.game_name ? { id: row.game_id, name: row.game_name, icon: row.game_icon ?? "" } : null,
    source: { kind: row.replay_id !== null || row.live_session_id === null ? "replay" : "live", replayId: row.replay_id, startSeconds: row.start_seconds },
    canEdit: canEditClip(viewer, row),
    canDelete: canDeleteClip(viewer, row, { user_id: row.streamer_id }),
  };
}

/** One clip, whatever its state (its page follows it from "processing" to "ready"); a read counts a view. */
export async function getClip(deps: AppDeps, id: number, viewer: User | undefined, { countView = true } = {}): Promise<ClipResponse> {
  const row = await clipRows(deps).where("clip.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("clip_not_found");
  if (countView && row.status === "ready") {
    await deps.db
      .updateTable("clip")
      .set((eb) => ({ view_count: eb("view_count", "+", 1) }))
      .where("id", "=", id)
      .execute();
    row.view_count += 1;
  }
  return toClipResponse(row, viewer, deps.now());
}

/** Ready clips, newest first: a channel's (its profile) or a game's (its page), of members not suspended. */
export async function listClips(deps: AppDeps, query: ClipListQuery, viewer: User | undefined) {
  let rows = clipRows(deps).where("clip.status", "=", "ready").where("streamer.suspended_at", "is", null).where("author.suspended_at", "is", null);
  if (query.username) rows = rows.where((eb) => eb(eb.fn("lower", ["streamer.username"]), "=", query.username!.toLowerCase()));
  if (query.game) rows = rows.where("clip.game_id", "=", query.game);
  return paged(deps, rows, query, viewer);
}

/** The admin console's list: every clip in any state, searched by title, channel or author. */
export async function adminClips(deps: AppDeps, caller: User, query: { page: number; limit: number; q: string }) {
  if (!canAdminister(caller)) throw new ForbiddenError();
  let rows = clipRows(deps);
  if (query.q) {
    const like = `%${query.q.toLowerCase()}%`;
    rows = rows.where((eb) =>
      eb.or([eb(eb.fn("lower", ["clip.title"]), "like", like), eb(eb.fn("lower", ["streamer.username"]), "like", like), eb(eb.fn("lower", ["author.username"]), "like", like)]),
    );
  }
  return paged(deps, rows, query, caller);
}

async function paged(deps: AppDeps, rows: ReturnType<typeof clipRows>, { page, limit }: { page: number; limit: number }, viewer: User | undefined) {
  const found = await rows
    .orderBy("clip.created_at", "desc")
    .orderBy("clip.id", "desc")
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  const now = deps.now();
  return { clips: found.slice(0, limit).map((row) => toClipResponse(row, viewer, now)), pagination: { page, limit, hasMore: found.length > limit } };
}

export async function renameClip(deps: AppDeps, id: number, caller: User, title: string): Promise<ClipResponse> {
  const row = await deps.db.selectFrom("clip").select(["id", "user_id"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("clip_not_found");
  if (!canEditClip(caller, row)) throw new ForbiddenError();
  await deps.db.updateTable("clip").set({ title }).where("id", "=", id).execute();
  return getClip(deps, id, caller, { countView: false });
}

/** Its author, the channel's streamer, moderators and admins; the files go with the row. */
export async function deleteClip(deps: AppDeps, id: number, caller: User): Promise<void> {
  const row = await clipRows(deps).where("clip.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("clip_not_found");
  if (!canDeleteClip(caller, row, { user_id: row.streamer_id })) throw new ForbiddenError();
  // An admin deleting someone else's clip is written to the audit log, as for replays.
  const audited = canAdminister(caller) && caller.id !== row.user_id && caller.id !== row.streamer_id;
  const now = deps.now();
  await inTransaction(deps.db, async (trx) => {
    await trx.deleteFrom("clip").where("id", "=", id).execute();
    if (audited)
      await recordAudit(trx, caller, { action: "clip.delete", targetType: "clip", targetId: id, before: { title: row.title, channel: row.streamer_name, author: row.author_name }, after: null }, now);
  });
  removeClipFiles(deps, row);
}

function removeClipFiles(deps: AppDeps, clip: { file_path: string | null; thumbnail_path: string | null }): void {
  for (const path of [clip.file_path, clip.thumbnail_path]) if (path) rmSync(join(deps.config.mediaDir, "clips", path), { force: true });
}

/**
 * A ready clip's video or picture on disk. A clip carries its live's picture, so it is seen by those
 * that live let watch (a clip of a replay: the replay's live), as its replays are (issue 18, item 4).
 */
export async function clipFile(deps: AppDeps, id: number, which: "video" | "thumbnail", viewer: User | undefined): Promise<{ file: string; restricted: boolean }> {
  const row = await deps.db
    .selectFrom("clip")
    .leftJoin("replay", "replay.id", "clip.replay_id")
    .select(["clip.status", "clip.file_path", "clip.thumbnail_path", "clip.live_session_id", "replay.live_session_id as replay_session_id"])
    .where("clip.id", "=", id)
    .executeTakeFirst();
  const path = which === "video" ? row?.file_path : row?.thumbnail_path;
  if (row?.status !== "ready" || !path) throw new NotFoundError("clip_not_found");
  const { restricted } = await assertMayWatchSession(deps.db, row.live_session_id ?? row.replay_session_id ?? null, viewer);
  return { file: join(deps.config.mediaDir, "clips", path), restricted };
}

/** A clip cut and ready, for the channel's webhooks. */
async function announceClipReady(deps: AppDeps, clipId: number): Promise<void> {
  const clip = await deps.db
    .selectFrom("clip")
    .innerJoin("user", "user.id", "clip.user_id")
    .select(["clip.channel_id", "clip.title", "clip.duration", "user.username as author"])
    .where("clip.id", "=", clipId)
    .executeTakeFirst();
  if (!clip) return;
  const channel = await channelWords(deps, clip.channel_id);
  if (!channel) return;
  await announce(
    deps,
    deps.db,
    "clip.ready",
    { channelId: clip.channel_id },
    { ...channel.words, title: clip.title, clipId, author: clip.author, duration: clip.duration ?? 0, url: siteLink(deps, `/clip/${clipId}`) },
  );
}
