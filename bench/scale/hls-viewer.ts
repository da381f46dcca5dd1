// A light HLS viewer: it asks for the playlist and the segments as a player does, and decodes
// nothing, so what it costs the server is what a real viewer costs it. It joins at the live edge,
// reloads the playlist every target duration (half of one when nothing new was listed, as hls.js
// does) and fetches each new segment once, in order, one at a time. With `blocking`, it asks for the
// next playlist at once with `_HLS_msn` when the server says it can hold a reload, as Arena's
// player (hls.js in low-latency mode) does.

interface HlsViewerOptions {
  playlistUrl: string;
  blocking: boolean;
  /** Only requests that end inside this window (performance.now() times) are counted. */
  countFrom: number;
  countUntil: number;
}

export interface HlsViewerStats {
  segmentMs: number[];
  playlistMs: number[];
  bytes: number;
  /** Segments fetched while counting. */
  segments: number;
  /** Most segments this viewer was behind the newest one it had seen listed, when a segment finished (0: it had the newest). */
  maxBehind: number;
  /** Listed segments not obtained (gone from the server before their turn, or a failed request). */
  missed: number;
  /** Failed playlist requests. */
  errors: number;
}

interface Playlist {
  targetMs: number;
  canBlock: boolean;
  /** Media sequence number of each listed segment, with its address. */
  segments: { msn: number; url: string }[];
}

function parsePlaylist(text: string, base: string): Playlist {
  const lines = text.split("\n").map((line) => line.trim());
  const firstMsn = Number(lines.find((l) => l.startsWith("#EXT-X-MEDIA-SEQUENCE:"))?.split(":")[1] ?? 0);
  const targetMs = Number(lines.find((l) => l.startsWith("#EXT-X-TARGETDURATION:"))?.split(":")[1] ?? 1) * 1000;
  const uris = lines.filter((l) => l && !l.startsWith("#"));
  return {
    targetMs,
    canBlock: lines.some((l) => l.startsWith("#EXT-X-SERVER-CONTROL:") && l.includes("CAN-BLOCK-RELOAD=YES")),
    segments: uris.map((uri, i) => ({ msn: firstMsn + i, url: new URL(uri, base).toString() })),
  };
}

export function startHlsViewer(options: HlsViewerOptions) {
  const stats: HlsViewerStats = { segmentMs: [], playlistMs: [], bytes: 0, segments: 0, maxBehind: 0, missed: 0, errors: 0 };
  const abort = new AbortController();
  const counting = () => {
    const at = performance.now();
    return at >= options.countFrom && at <= options.countUntil;
  };
  let newestMsn = -1;
  let nextMsn: number | undefined;
  const queue: { msn: number; url: string }[] = [];
  let wakeDownloader: (() => void) | undefined;

  async function timed(url: string): Promise<{ ms: number; bytes: number; ok: boolean; text?: string }> {
    const started = performance.now();
    try {
      const res = await fetch(url, { signal: abort.signal });
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        return { ms: performance.now() - started, bytes: 0, ok: false };
      }
      if (url.includes(".m3u8")) {
        const text = await res.text();
        return { ms: performance.now() - started, bytes: text.length, ok: true, text };
      }
      let bytes = 0;
      for await (const chunk of res.body) bytes += chunk.byteLength;
      return { ms: performance.now() - started, bytes, ok: true };
    } catch {
      // A reset connection is a failed request, counted; a stopped viewer's is not looked at.
      return { ms: performance.now() - started, bytes: 0, ok: false };
    }
  }

  async function reloadLoop() {
    let blockFor: number | undefined;
    while (!abort.signal.aborted) {
      const url = blockFor === undefined ? options.playlistUrl : `${options.playlistUrl}?_HLS_msn=${blockFor}`;
      const got = await timed(url);
      if (counting()) {
        stats.playlistMs.push(got.ms);
        stats.bytes += got.bytes;
      }
      if (!got.ok || got.text === undefined) {
        if (counting()) stats.errors += 1;
        await Bun.sleep(500);
        continue;
      }
      const playlist = parsePlaylist(got.text, options.playlistUrl);
      const last = playlist.segments.at(-1);
      const grew = last !== undefined && last.msn > newestMsn;
      if (last && grew) {
        // Joining: start at the newest segment, as a player at the live edge would.
        nextMsn ??= last.msn;
        for (const segment of playlist.segments) {
          if (segment.msn < nextMsn) continue;
          queue.push(segment);
          nextMsn = segment.msn + 1;
        }
        newestMsn = last.msn;
        wakeDownloader?.();
      }
      if (options.blocking && playlist.canBlock && last) {
        blockFor = last.msn + 1;
        continue;
      }
      blockFor = undefined;
      await Bun.sleep(grew ? playlist.targetMs : playlist.targetMs / 2);
    }
  }

  async function downloadLoop() {
    while (!abort.signal.aborted) {
      const segment = queue.shift();
      if (!segment) {
        await new Promise<void>((resolve) => (wakeDownloader = resolve));
        continue;
      }
      const got = await timed(segment.url);
      if (!counting()) continue;
      if (!got.ok) {
        stats.missed += 1;
        continue;
      }
      stats.segmentMs.push(got.ms);
      stats.bytes += got.bytes;
      stats.segments += 1;
      stats.maxBehind = Math.max(stats.maxBehind, newestMsn - segment.msn);
    }
  }

  const running = Promise.all([reloadLoop(), downloadLoop()]).catch(() => undefined);
  return {
    stats,
    async stop() {
      abort.abort();
      wakeDownloader?.();
      await running;
    },
  };
}
