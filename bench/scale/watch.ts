// How one watched live keeps pace, without decoding anything and without an encoder:
// - HLS lateness: the playlist is read every 25 ms; each new segment should be listed one segment
//   duration (its EXTINF) after the one before it, since the publisher sends in real time. A
//   segment's lateness is how much later than that cadence it was listed, measured against the
//   best-placed segment of the window: 0 for a server that keeps pace, growing when it falls behind.
// - HTTP-FLV lag: the FLV tags are parsed as they arrive; each video tag's arrival minus its
//   timestamp, against the best tag of the window, is how far behind real time the viewer is at
//   that moment (a relay that falls behind, or a publisher that does, shows as a growing lag).
// Both are relative to the window's best moment: they show delay added under load, not the
// end-to-end latency (bench/live measures that, with an encoder drawing marks in the picture).

export interface Lateness {
  /** Milliseconds, sorted. */
  samples: number[];
  p50: number;
  max: number;
}

function lateness(values: number[]): Lateness {
  if (values.length === 0) return { samples: [], p50: Number.NaN, max: Number.NaN };
  const best = Math.min(...values);
  const samples = values.map((v) => v - best).sort((a, b) => a - b);
  return { samples, p50: samples[Math.floor(samples.length / 2)]!, max: samples.at(-1)! };
}

/** Watches the playlist until stopped; the first listing only sets the start. */
export function watchSegments(playlistUrl: string) {
  const offsets: number[] = [];
  let stopped = false;
  const seen = new Set<string>();
  let media = 0;
  let first = true;
  const polling = (async () => {
    while (!stopped) {
      const text = await fetch(playlistUrl)
        .then((r) => (r.ok ? r.text() : ""))
        .catch(() => "");
      const at = performance.now();
      for (const segment of segmentsOf(text)) {
        if (seen.has(segment.uri)) continue;
        seen.add(segment.uri);
        if (first) continue;
        // Real time at which this segment could be listed, up to a constant: the media time pushed since the start.
        media += segment.seconds * 1000;
        offsets.push(at - media);
      }
      if (seen.size) first = false;
      await Bun.sleep(25);
    }
  })();
  return {
    async stop(): Promise<Lateness & { segments: number }> {
      stopped = true;
      await polling;
      return { ...lateness(offsets), segments: offsets.length };
    },
  };
}

function segmentsOf(playlist: string): { uri: string; seconds: number }[] {
  const out: { uri: string; seconds: number }[] = [];
  let seconds = 0;
  for (const line of playlist.split("\n").map((l) => l.trim())) {
    if (line.startsWith("#EXTINF:")) seconds = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith("#")) out.push({ uri: line, seconds });
  }
  return out;
}

/** Reads HTTP-FLV; tags that arrive in the first `joinMs` (the server's cached group of pictures, sent at once) are left out. */
export function watchFlv(url: string, joinMs = 3000) {
  const abort = new AbortController();
  const offsets: number[] = [];
  const start = performance.now();
  let bytes = 0;
  const reading = (async () => {
    const res = await fetch(url, { signal: abort.signal });
    if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
    const parser = flvTags((timestamp, at) => {
      if (at - start >= joinMs) offsets.push(at - timestamp);
    });
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      parser(chunk, performance.now());
    }
  })().catch(() => undefined);
  return {
    async stop(): Promise<Lateness & { kbps: number }> {
      const seconds = (performance.now() - start) / 1000;
      abort.abort();
      await reading;
      return { ...lateness(offsets), kbps: (bytes * 8) / 1000 / seconds };
    },
  };
}

/**
 * An incremental FLV reader: 9-byte header and 4-byte previous size, then tags of an 11-byte header
 * (type, 24-bit size, 24-bit timestamp + 8 high bits, stream id), the data and a 4-byte size.
 * Calls `onVideo` with each video tag's timestamp (ms) and the arrival time of the chunk that completed it.
 */
function flvTags(onVideo: (timestamp: number, at: number) => void) {
  let buffer = new Uint8Array(0);
  let offset = 13;
  return (chunk: Uint8Array, at: number) => {
    const joined = new Uint8Array(buffer.length + chunk.length);
    joined.set(buffer);
    joined.set(chunk, buffer.length);
    buffer = joined;
    while (buffer.length >= offset + 11) {
      const size = (buffer[offset + 1]! << 16) | (buffer[offset + 2]! << 8) | buffer[offset + 3]!;
      const end = offset + 11 + size + 4;
      if (buffer.length < end) break;
      const timestamp = ((buffer[offset + 7]! << 24) | (buffer[offset + 4]! << 16) | (buffer[offset + 5]! << 8) | buffer[offset + 6]!) >>> 0;
      if (buffer[offset] === 9) onVideo(timestamp, at);
      offset = end;
    }
    // Until the file header is all there, the offset stays past it.
    if (offset <= buffer.length) {
      buffer = buffer.slice(offset);
      offset = 0;
    }
  };
}
