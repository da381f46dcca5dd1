// The console's "machine" view: what the disk holds and has left, the lives this site runs with the
// ffmpeg jobs of this node, and the node's last log lines.
import { existsSync, statSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "kysely";
import { dialectOf } from "../../db/index.ts";
import type { User } from "../../db/types.ts";
import { runningFfmpegCount } from "../../media/ffmpeg-job.ts";
import type { AppDeps } from "../http/context.ts";
import { withLinksMasked } from "../http/log-tail.ts";
import { probeDisks } from "../ops/health.ts";
import { backupsFolder } from "../backup/backup.ts";
import { assertAdmin } from "./guard.ts";

export async function machineReport(deps: AppDeps, caller: User) {
  assertAdmin(caller);
  const { dataDir, mediaDir } = deps.config;
  const [disks, recordings, uploads, exports, backups, database, lives] = await Promise.all([
    probeDisks(dataDir, mediaDir),
    folderBytes(join(mediaDir, "recordings")),
    folderBytes(join(mediaDir, "uploads")),
    folderBytes(join(mediaDir, "exports")),
    folderBytes(backupsFolder(deps.config)),
    databaseBytes(deps),
    deps.db
      .selectFrom("channel")
      .innerJoin("user", "user.id", "channel.user_id")
      .innerJoin("live_session", "live_session.id", "channel.live_session_id")
      .select(["user.username", "live_session.title", "live_session.started_at", "live_session.node_url"])
      .where("channel.is_live", "=", 1)
      .orderBy("live_session.started_at")
      .execute(),
  ]);
  return {
    disks,
    usage: { recordings, uploads, exports, backups, database },
    lives: lives.map((live) => ({ username: live.username, title: live.title, startedAt: new Date(live.started_at).toISOString(), node: live.node_url })),
    ffmpegJobs: runningFfmpegCount(),
    log: (deps.logTail?.lines().reverse() ?? []).map((entry) => ({ ...entry, line: withLinksMasked(entry.line) })),
  };
}

/** Bytes under a folder, every file counted once (0 when it does not exist yet). */
async function folderBytes(folder: string): Promise<number> {
  if (!existsSync(folder)) return 0;
  let total = 0;
  for (const item of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    const path = join(folder, item.name);
    if (item.isDirectory()) total += await folderBytes(path);
    else if (item.isFile()) total += (await stat(path).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

async function databaseBytes(deps: AppDeps): Promise<number> {
  if (dialectOf(deps.db) === "postgres") return Number((await sql<{ size: string }>`SELECT pg_database_size(current_database()) AS size`.execute(deps.db)).rows[0]?.size ?? 0);
  const file = join(deps.config.dataDir, "arena.db");
  return ["", "-wal", "-shm"].reduce((sum, suffix) => sum + (existsSync(file + suffix) ? statSync(file + suffix).size : 0), 0);
}
