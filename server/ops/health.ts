import { statfs } from "node:fs/promises";
import { sql } from "kysely";
import { type Db, dialectOf } from "../../db/index.ts";
import type { AppDeps } from "../http/context.ts";
import type { DatabaseCheck, DiskCheck, DiskStatus, Health, HealthStatus, MediaCheck } from "./schemas.ts";

/** A load balancer probes every few seconds: a database slower than this to say `SELECT 1` cannot serve pages either. */
export const DATABASE_TIMEOUT_MS = 2000;

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
/** Below either of these an operator should make room: an hour of recording at 6 Mb/s is 2.7 GB. */
export const LOW_DISK_BYTES = GIB;
const LOW_DISK_SHARE = 0.05;
/** Below this, SQLite's journal, a live's segments or an upload may fail half-written: take the node out. */
export const CRITICAL_DISK_BYTES = 256 * MIB;

/** Every check at once; `down` when the database, the ingest the node was started with, or a disk fails. */
export async function checkHealth(deps: AppDeps): Promise<Health> {
  const [database, disk] = await Promise.all([probeDatabase(deps.db, DATABASE_TIMEOUT_MS), probeDisks(deps.config.dataDir, deps.config.mediaDir)]);
  const media = mediaCheck(deps);
  return {
    status: overallStatus(database, media, disk),
    node: { url: deps.config.nodeUrl, database: dialectOf(deps.db) },
    checks: { database, media, disk },
    ladder: deps.live?.ladderStatus() ?? null,
  };
}

function overallStatus(database: DatabaseCheck, media: MediaCheck, disk: DiskCheck[]): HealthStatus {
  if (database.status === "down" || media.status === "down") return "down";
  if (disk.some((volume) => volume.status === "critical" || volume.status === "unreadable")) return "down";
  return disk.some((volume) => volume.status === "low") ? "degraded" : "ok";
}

/** `SELECT 1` through the same pool the pages use, so a pool with no free connection shows as slow too. */
export async function probeDatabase(db: Db, timeoutMs: number): Promise<DatabaseCheck> {
  const started = performance.now();
  const outcome = await within(
    sql`SELECT 1`.execute(db).then(
      () => "up" as const,
      () => "failed" as const,
    ),
    timeoutMs,
  );
  if (outcome === "up") return { status: "up", latencyMs: Math.round((performance.now() - started) * 10) / 10, problem: null };
  return { status: "down", latencyMs: null, problem: outcome };
}

/** The work's result, or "timeout" once `ms` have passed (the work itself goes on: a query cannot be called back). */
export async function within<T>(work: Promise<T>, ms: number): Promise<T | "timeout"> {
  let timer: Timer | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function mediaCheck(deps: AppDeps): MediaCheck {
  if (deps.config.rtmpPort === 0) return { status: "off" };
  return { status: deps.live?.ingestListening() ? "up" : "down" };
}

export async function probeDisks(dataDir: string, mediaDir: string): Promise<DiskCheck[]> {
  return Promise.all([probeDisk("data", dataDir), probeDisk("media", mediaDir)]);
}

async function probeDisk(volume: DiskCheck["volume"], path: string): Promise<DiskCheck> {
  try {
    const stats = await statfs(path);
    // bavail, not bfree: the blocks reserved for root are not ours to fill.
    const freeBytes = stats.bavail * stats.bsize;
    const totalBytes = stats.blocks * stats.bsize;
    return { volume, status: diskStatus(freeBytes, totalBytes), freeBytes, totalBytes };
  } catch {
    return { volume, status: "unreadable", freeBytes: null, totalBytes: null };
  }
}

/** low below 1 GiB or 5 % free; critical below 256 MiB whatever the disk's size. */
export function diskStatus(freeBytes: number, totalBytes: number): DiskStatus {
  if (freeBytes < CRITICAL_DISK_BYTES) return "critical";
  if (freeBytes < LOW_DISK_BYTES || freeBytes < totalBytes * LOW_DISK_SHARE) return "low";
  return "ok";
}
