import { join } from "node:path";
import { bytesUnder } from "../../media/disk-usage.ts";
import { recordAudit } from "../admin/audit.ts";
import type { AppDeps } from "../http/context.ts";
import { GB } from "./disk-room.ts";
import { recordingDirOf, removeLeftoverParts } from "../replays/finalise.ts";
import { removeReplayForGood } from "../replays/service.ts";
import { readPolicy } from "./policy.ts";
import type { StoragePolicy } from "./schemas.ts";

const DAY = 24 * 60 * 60 * 1000;

/** The audit log's actor for what Arena does by itself: no account has id 0, so it reads as "the system". */
export const SYSTEM_ACTOR = { id: 0 };

interface RemovedReplay {
  id: number;
  title: string;
  channelId: number;
  bytes: number;
  createdAt: number;
  rule: "days" | "size";
}

/** What one run of the policy removed: replays, and the recording parts left beside verified MP4s. */
interface RetentionRun {
  removed: RemovedReplay[];
  partsBytes: number;
}

/**
 * The daily run: every node asks hourly (cluster/site-jobs.ts), only the leader asks, and the policy
 * is applied once a day, at the day's first ask after the last run. The run is claimed by moving
 * last_run_at in one conditional update, so two nodes that both think they lead run it once.
 */
export async function applyRetentionWhenDue(deps: AppDeps, log: (line: string) => void): Promise<RetentionRun | null> {
  const now = deps.now();
  const claimed = await deps.db
    .updateTable("storage_policy")
    .set({ last_run_at: now })
    .where("id", "=", 1)
    .where((eb) => eb.or([eb("last_run_at", "is", null), eb("last_run_at", "<=", now - DAY)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return null;
  return applyRetention(deps, log);
}

/**
 * Removes the recording parts left beside verified MP4s, then the replays the policy no longer keeps, through the
 * replays' own deletion (files, recording parts, row), writes each to the audit log as the system's act and says
 * what went in the server log (as the system's, or as the admin's who ran it from the console). Pinned replays and
 * those still being made are never touched. The size rule counts
 * what the recordings folder holds on disk (issue 34, item 12), not what the replays' rows say.
 */
export async function applyRetention(deps: AppDeps, log: (line: string) => void, actor: { id: number } = SYSTEM_ACTOR): Promise<RetentionRun> {
  const partsBytes = await removeLeftoverParts(deps);
  const policy = await readPolicy(deps.db);
  const now = deps.now();
  const doomed = pickReplaysToRemove(policy, await storedReplays(deps), now, recordingsOnDisk(deps));
  const removed: RemovedReplay[] = [];
  for (const replay of doomed) {
    await removeReplayForGood(deps, replay);
    const entry: RemovedReplay = { id: replay.id, title: replay.title, channelId: replay.channel_id, bytes: replay.bytes, createdAt: replay.created_at, rule: replay.rule };
    await recordAudit(deps.db, actor, { action: "replay.retention", targetType: "replay", targetId: replay.id, before: auditValues(entry, policy), after: null }, now);
    removed.push(entry);
  }
  const freed = removed.reduce((sum, replay) => sum + replay.bytes, 0);
  log(
    `[storage] policy "${describe(policy)}": removed ${removed.length} replay(s), ${(freed / GB).toFixed(2)} GB${removed.length ? ` (${removed.map((r) => r.id).join(", ")})` : ""}; recording parts beside their MP4: ${(partsBytes / GB).toFixed(2)} GB`,
  );
  return { removed, partsBytes };
}

/** The bytes under MEDIA_DIR/recordings: replays, thumbnails, clips, lives being recorded, parts not yet removed. */
export function recordingsOnDisk(deps: AppDeps): number {
  return bytesUnder(join(deps.config.mediaDir, "recordings"));
}

type StoredReplay = Awaited<ReturnType<typeof storedReplays>>[number];

/**
 * Every replay with what removing it frees on disk, oldest first: deleted ones too (their files are still there). A
 * live's own replay frees its recording parts too when they are still there.
 */
async function storedReplays(deps: AppDeps) {
  const rows = await deps.db
    .selectFrom("replay")
    .innerJoin("live_session", "live_session.id", "replay.live_session_id")
    .select([
      "replay.id",
      "replay.title",
      "replay.channel_id",
      "replay.live_session_id",
      "replay.match_id",
      "replay.file_path",
      "replay.thumbnail_path",
      "replay.created_at",
      "replay.pinned_at",
      "replay.status",
      "live_session.recording_dir",
    ])
    .orderBy("replay.created_at")
    .orderBy("replay.id")
    .execute();
  const root = join(deps.config.mediaDir, "recordings");
  const onDisk = (path: string | null) => (path ? bytesUnder(join(root, path)) : 0);
  return rows.map(({ recording_dir, ...row }) => ({
    ...row,
    created_at: Number(row.created_at),
    bytes: onDisk(row.file_path) + onDisk(row.thumbnail_path) + (row.match_id === null ? bytesUnder(recordingDirOf(deps.config.mediaDir, recording_dir)) : 0),
  }));
}

/**
 * The rule itself, on plain rows: "days" removes every unpinned replay older than N days; "size" removes the oldest
 * unpinned ones until the recordings folder (`onDisk` bytes: pinned replays, clips and lives count) fits under X GB,
 * or none is left to remove.
 */
function pickReplaysToRemove(policy: StoragePolicy, replays: StoredReplay[], now: number, onDisk: number): (StoredReplay & { rule: "days" | "size" })[] {
  const removable = replays.filter((replay) => replay.pinned_at === null && replay.status !== "processing");
  switch (policy.keep) {
    case "forever":
      return [];
    case "days": {
      const cutoff = now - (policy.keepDays ?? Number.POSITIVE_INFINITY) * DAY;
      return removable.filter((replay) => replay.created_at < cutoff).map((replay) => ({ ...replay, rule: "days" as const }));
    }
    case "size": {
      const limit = (policy.maxRecordingsGb ?? Number.POSITIVE_INFINITY) * GB;
      let total = onDisk;
      const picked: (StoredReplay & { rule: "size" })[] = [];
      for (const replay of removable) {
        if (total <= limit) break;
        // A replay without a file (failed) frees nothing: it is not the one to go.
        if (replay.bytes === 0) continue;
        picked.push({ ...replay, rule: "size" });
        total -= replay.bytes;
      }
      return picked;
    }
  }
}

function describe(policy: StoragePolicy): string {
  if (policy.keep === "days") return `keep ${policy.keepDays} days`;
  if (policy.keep === "size") return `keep under ${policy.maxRecordingsGb} GB`;
  return "keep forever";
}

function auditValues(replay: RemovedReplay, policy: StoragePolicy) {
  return { title: replay.title, channelId: replay.channelId, bytes: replay.bytes, createdAt: new Date(replay.createdAt).toISOString(), policy: describe(policy) };
}
