import { recordAudit } from "../admin/audit.ts";
import type { AppDeps } from "../http/context.ts";
import { GB } from "./disk-room.ts";
import { removeReplayForGood } from "../replays/service.ts";
import { readPolicy } from "./policy.ts";
import type { StoragePolicy } from "./schemas.ts";

const DAY = 24 * 60 * 60 * 1000;

/** The audit log's actor for what Arena does by itself: no account has id 0, so it reads as "the system". */
export const SYSTEM_ACTOR = { id: 0 };

export interface RemovedReplay {
  id: number;
  title: string;
  channelId: number;
  bytes: number;
  createdAt: number;
  rule: "days" | "size";
}

/**
 * The daily run: every node asks hourly (cluster/site-jobs.ts), only the leader asks, and the policy
 * is applied once a day, at the day's first ask after the last run. The run is claimed by moving
 * last_run_at in one conditional update, so two nodes that both think they lead run it once.
 */
export async function applyRetentionWhenDue(deps: AppDeps, log: (line: string) => void): Promise<RemovedReplay[] | null> {
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
 * Removes the replays the policy no longer keeps, through the replays' own deletion (files, recording
 * parts, row), writes each to the audit log as the system's act and says what went in the server log.
 * Pinned replays and those still being made are never touched.
 */
export async function applyRetention(deps: AppDeps, log: (line: string) => void): Promise<RemovedReplay[]> {
  const policy = await readPolicy(deps.db);
  const now = deps.now();
  const doomed = pickReplaysToRemove(policy, await storedReplays(deps), now);
  const removed: RemovedReplay[] = [];
  for (const replay of doomed) {
    await removeReplayForGood(deps, replay);
    const entry: RemovedReplay = { id: replay.id, title: replay.title, channelId: replay.channel_id, bytes: replay.bytes, createdAt: replay.created_at, rule: replay.rule };
    await recordAudit(deps.db, SYSTEM_ACTOR, { action: "replay.retention", targetType: "replay", targetId: replay.id, before: auditValues(entry, policy), after: null }, now);
    removed.push(entry);
  }
  const freed = removed.reduce((sum, replay) => sum + replay.bytes, 0);
  log(`[storage] policy "${describe(policy)}": removed ${removed.length} replay(s), ${(freed / GB).toFixed(2)} GB${removed.length ? ` (${removed.map((r) => r.id).join(", ")})` : ""}`);
  return removed;
}

type StoredReplay = Awaited<ReturnType<typeof storedReplays>>[number];

/** Every replay with its size, oldest first: deleted ones too (their files are still on disk). */
async function storedReplays(deps: AppDeps) {
  const rows = await deps.db
    .selectFrom("replay")
    .select(["id", "title", "channel_id", "live_session_id", "file_path", "thumbnail_path", "file_size", "created_at", "pinned_at", "status"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at), bytes: Number(row.file_size ?? 0) }));
}

/**
 * The rule itself, on plain rows: "days" removes every unpinned replay older than N days; "size"
 * removes the oldest unpinned ones until all replays (pinned ones count) fit under X GB, or none is left to remove.
 */
export function pickReplaysToRemove(policy: StoragePolicy, replays: StoredReplay[], now: number): (StoredReplay & { rule: "days" | "size" })[] {
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
      let total = replays.reduce((sum, replay) => sum + replay.bytes, 0);
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
