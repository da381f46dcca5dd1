import { sql } from "kysely";
import type { User } from "../../db/types.ts";
import { assertAdmin } from "../admin/guard.ts";
import type { AppDeps } from "../http/context.ts";
import { recordingRoom } from "./disk-room.ts";
import { readPolicy } from "./policy.ts";
import { applyRetention, recordingsOnDisk } from "./retention.ts";

/** The console's storage panel: the policy, the disk's room for recordings, and what the replays take. */
export async function storageOverview(deps: AppDeps, caller: User) {
  assertAdmin(caller);
  const [policy, room, recordings] = await Promise.all([readPolicy(deps.db), recordingRoom(deps), replayBytes(deps)]);
  return { policy, room, recordings };
}

async function replayBytes(deps: AppDeps) {
  const row = await deps.db
    .selectFrom("replay")
    .select([
      sql<number>`COALESCE(SUM(file_size), 0)`.as("bytes"),
      sql<number>`COALESCE(SUM(CASE WHEN pinned_at IS NULL THEN 0 ELSE file_size END), 0)`.as("pinned_bytes"),
      sql<number>`COUNT(*)`.as("count"),
      sql<number>`COUNT(pinned_at)`.as("pinned_count"),
    ])
    .executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes), pinnedBytes: Number(row.pinned_bytes), count: Number(row.count), pinnedCount: Number(row.pinned_count), onDiskBytes: recordingsOnDisk(deps) };
}

/**
 * The admin's "Apply now" (issue 34, item 12): the policy's run at once, with what it removed, each named with its
 * channel. It counts as the day's run; the audit log names the admin.
 */
export async function runRetentionNow(deps: AppDeps, caller: User) {
  assertAdmin(caller);
  await deps.db.updateTable("storage_policy").set({ last_run_at: deps.now() }).where("id", "=", 1).execute();
  const run = await applyRetention(deps, (line) => deps.logTail?.note(line), caller);
  const channelIds = [...new Set(run.removed.map((replay) => replay.channelId))];
  const owners = channelIds.length
    ? await deps.db.selectFrom("channel").innerJoin("user", "user.id", "channel.user_id").select(["channel.id", "user.username"]).where("channel.id", "in", channelIds).execute()
    : [];
  const usernameOf = new Map(owners.map((owner) => [owner.id, owner.username]));
  return {
    partsBytes: run.partsBytes,
    removed: run.removed.map((replay) => ({
      id: replay.id,
      title: replay.title,
      username: usernameOf.get(replay.channelId) ?? null,
      bytes: replay.bytes,
      createdAt: new Date(replay.createdAt).toISOString(),
      rule: replay.rule,
    })),
  };
}

/** The caller's live right now, and whether it is recorded (its recording stops when the disk is nearly full). */
export async function myRecording(deps: AppDeps, caller: User) {
  const session = await deps.db
    .selectFrom("channel")
    .innerJoin("live_session", "live_session.id", "channel.live_session_id")
    .select(["live_session.recording_stopped_at"])
    .where("channel.user_id", "=", caller.id)
    .where("channel.is_live", "=", 1)
    .executeTakeFirst();
  const stoppedAt = session?.recording_stopped_at ?? null;
  return { live: session !== undefined, recording: session !== undefined && stoppedAt === null, stoppedAt: stoppedAt === null ? null : new Date(Number(stoppedAt)).toISOString() };
}
