import { statfs } from "node:fs/promises";
import type { AppDeps } from "../http/context.ts";
import { readPolicy } from "./policy.ts";
import type { RecordingRoom, StoragePolicy } from "./schemas.ts";

/** A "GB" of the policy is the GB Arena shows sizes in everywhere (client/lib/format.ts): 1024³ bytes. */
export const GB = 1024 ** 3;

interface DiskReading {
  freeBytes: number;
  totalBytes: number;
}
type FreeSpaceReader = (path: string) => Promise<DiskReading>;

async function statfsReading(path: string): Promise<DiskReading> {
  const stats = await statfs(path);
  // bavail, not bfree: the blocks reserved for root are not ours to fill (as ops/health.ts reads it).
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}

let readFreeSpace: FreeSpaceReader = statfsReading;

/**
 * Replaces the free-space reading of this process (undefined: the disk's own again). Tests force a
 * nearly full disk this way; a real disk cannot be filled to order on a shared machine.
 */
export function setFreeSpaceReader(reader: FreeSpaceReader | undefined): void {
  readFreeSpace = reader ?? statfsReading;
}

/** The free bytes below which recordings stop: the larger of the policy's GB and percentage of the disk. */
function minFreeBytes(policy: Pick<StoragePolicy, "minFreeGb" | "minFreePercent">, totalBytes: number): number {
  return Math.max(policy.minFreeGb * GB, (totalBytes * policy.minFreePercent) / 100);
}

/**
 * Whether the media disk has room for recordings. An unreadable disk counts as room: the recording
 * fails by itself if the disk is really gone, and a failing probe must not silently stop every replay.
 */
export async function recordingRoom(deps: AppDeps): Promise<RecordingRoom> {
  const policy = await readPolicy(deps.db);
  const reading = await readFreeSpace(deps.config.mediaDir).catch(() => undefined);
  if (!reading) return { enough: true, freeBytes: null, totalBytes: null, minFreeBytes: null };
  const floor = minFreeBytes(policy, reading.totalBytes);
  return { enough: reading.freeBytes >= floor, freeBytes: reading.freeBytes, totalBytes: reading.totalBytes, minFreeBytes: Math.round(floor) };
}
