// How far behind its push each mark reached a viewer: shared by bench/live/run.ts and its WebRTC part (webrtc.ts).
import type { MarkDetector } from "./marks.ts";
import type { Mark } from "./publisher.ts";

/** A reader is in sync this long after its first frame (a joining reader first gets a burst of old frames). */
export const SYNC_SECONDS = 2.5;
/** Marks pushed this close to the end may still be on their way: left out (HLS is seconds behind, the relays a fraction of one). */
const TAIL_SECONDS = { hls: 5, relay: 2 };

export interface LatencyResult {
  server: string;
  path: string;
  reader: string;
  median?: number;
  p90?: number;
  marks: number;
  lost: number;
  /** Frames the viewer got per second (30 when it keeps up). */
  fps?: number;
  note?: string;
}

export const quantile = (sorted: number[], q: number) => {
  if (sorted.length === 0) return undefined;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
};

export const fmt = (ms: number | undefined) => (ms === undefined ? "—" : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

/** Arrival minus push for each mark pushed while the readers were in sync and early enough to have arrived, pooled over the readers of one path. */
export function pooledLatencies(where: { server: string; path: string; reader: string }, marks: Mark[], detectors: MarkDetector[], stoppedAt: number, note?: string, gopSeconds = 1): LatencyResult {
  const playing = detectors.filter((d) => d.firstFrameAt !== undefined);
  if (playing.length === 0) return { ...where, marks: 0, lost: 0, note: note ?? "no frame arrived" };
  const values: number[] = [];
  let counted = 0;
  let fps = 0;
  for (const detector of playing) {
    const from = detector.firstFrameAt! + SYNC_SECONDS * 1000;
    const until = stoppedAt - (where.path === "HLS" ? TAIL_SECONDS.hls * gopSeconds : TAIL_SECONDS.relay) * 1000;
    const inWindow = marks.filter((m) => m.pushedAt >= from && m.pushedAt <= until);
    counted += inWindow.length;
    for (const mark of inWindow) {
      // Its number's first arrival after the push (numbers wrap; a mark is never 10 s late).
      const arrival = detector.arrivals.find((a) => a.id === mark.id && a.at > mark.pushedAt && a.at < mark.pushedAt + 10_000);
      if (arrival) values.push(arrival.at - mark.pushedAt);
    }
    fps += detector.frames / Math.max(0.001, (stoppedAt - detector.firstFrameAt!) / 1000) / playing.length;
  }
  values.sort((a, b) => a - b);
  return { ...where, fps, median: quantile(values, 0.5), p90: quantile(values, 0.9), marks: values.length, lost: counted - values.length, ...(note ? { note } : {}) };
}
