import { stat } from "node:fs/promises";

/**
 * Blocking playlist reload (HLS, RFC 8216bis §6.2.5.2): a player that asks for
 * `index.m3u8?_HLS_msn=N` is answered as soon as segment N is listed, not at its next poll. hls.js
 * then learns of each segment within a few milliseconds of its writing, so its idea of where "live"
 * is stays exact and its latency chase (HLS_CONFIG) brings it to its target; with plain polling it
 * learns of a segment up to a target duration late and plays that much further behind.
 * One timer per playlist that someone waits on, however many viewers wait.
 */

/** What the playlist announces, right after #EXTM3U. */
export const BLOCKING_RELOAD_TAG = "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES";

const POLL_MS = 20;
/** The RFC lets a server answer after three target durations; a 1 s segment late by 3 s means the live has stalled. */
const WAIT_LIMIT_MS = 3000;

/** The playlist as served: the same file, saying the server can hold a reload. */
export function withBlockingReload(playlist: string): string {
  return playlist.replace(/^#EXTM3U\r?\n/, (first) => `${first}${BLOCKING_RELOAD_TAG}\n`);
}

/** The segment a player waits for (`_HLS_msn`), when it asked for one. */
export function requestedSegment(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/** The media sequence number of the last segment listed. */
export function lastSegment(playlist: string): number | undefined {
  const first = playlist.match(/^#EXT-X-MEDIA-SEQUENCE:(\d+)/m)?.[1];
  const count = playlist.match(/^#EXTINF:/gm)?.length ?? 0;
  return first === undefined || count === 0 ? undefined : Number(first) + count - 1;
}

interface Waiter {
  segment: number;
  done: () => void;
}

interface Watch {
  waiters: Set<Waiter>;
  timer: ReturnType<typeof setInterval>;
  mtimeMs: number;
  checking: boolean;
}

const watches = new Map<string, Watch>();

/** Resolves once the playlist at `path` lists `segment`, or after the wait limit (the player then gets the playlist as it is). */
export function waitForSegment(path: string, segment: number, limitMs = WAIT_LIMIT_MS): Promise<void> {
  return new Promise((resolve) => {
    let watch = watches.get(path);
    if (!watch) {
      watch = { waiters: new Set(), timer: setInterval(() => void check(path), POLL_MS), mtimeMs: -1, checking: false };
      watches.set(path, watch);
    }
    const current = watch;
    const waiter: Waiter = {
      segment,
      done: () => {
        clearTimeout(limit);
        current.waiters.delete(waiter);
        if (current.waiters.size === 0 && watches.get(path) === current) {
          clearInterval(current.timer);
          watches.delete(path);
        }
        resolve();
      },
    };
    const limit = setTimeout(waiter.done, limitMs);
    current.waiters.add(waiter);
    current.mtimeMs = -1; // read it now: the segment may be listed already
    void check(path);
  });
}

async function check(path: string): Promise<void> {
  const watch = watches.get(path);
  if (!watch || watch.checking) return;
  watch.checking = true;
  try {
    const mtimeMs = (await stat(path).catch(() => undefined))?.mtimeMs;
    if (mtimeMs === undefined || mtimeMs === watch.mtimeMs) return;
    watch.mtimeMs = mtimeMs;
    const last = lastSegment(await Bun.file(path).text());
    if (last === undefined) return;
    for (const waiter of [...watch.waiters]) if (waiter.segment <= last) waiter.done();
  } finally {
    watch.checking = false;
  }
}
