import type { HlsConfig } from "hls.js";

/**
 * hls.js settings of spec 01 §9: low-latency mode, 90 s back buffer, 30 s buffer (60 s at most, 60 MB), 3 segments behind live, 10 at most.
 * A player that joined further behind (its first playlist was already up to a segment old) plays up
 * to 1.2× until it is back at 3 segments, as the HTTP-FLV player does; Arena's blocking playlist
 * reload (server/live/playlist-wait.ts) tells it exactly how old each segment is.
 */
export const HLS_CONFIG = {
  lowLatencyMode: true,
  backBufferLength: 90,
  maxBufferLength: 30,
  maxMaxBufferLength: 60,
  maxBufferSize: 60 * 1000 * 1000,
  liveSyncDurationCount: 3,
  liveMaxLatencyDurationCount: 10,
  maxLiveSyncPlaybackRate: 1.2,
} satisfies Partial<HlsConfig>;

/**
 * mpegts.js for HTTP-FLV: no stash buffer (it trades latency for smoothness). Playback runs 1.2×
 * whenever the buffer holds more than 0.35 s, until it is back to 0.2 s: the start-up burst (the
 * server's last GOP) and any hiccup are caught up smoothly, without a jump. Far behind (1.5 s), it
 * skips ahead instead. The band is narrow on purpose: a player stays wherever it lands inside it,
 * so with 0.3-0.6 s a player that started a little late (the page's own start) stayed up to 0.3 s
 * further behind than one that did not (issue 17, docs/decisions.md).
 */
export const FLV_LIVE_CONFIG = {
  enableStashBuffer: false,
  lazyLoad: false,
  liveSync: true,
  liveSyncMaxLatency: 0.35,
  liveSyncTargetLatency: 0.2,
  liveSyncPlaybackRate: 1.2,
  liveBufferLatencyChasing: true,
  liveBufferLatencyMaxLatency: 1.5,
  liveBufferLatencyMinRemain: 0.2,
  autoCleanupSourceBuffer: true,
} as const;

/** Spec 01 §9. */
export const CONTROLS_HIDE_MS = 6000;
export const START_DELAY_MS = 100;
export const SPEEDS = [0.5, 1, 1.5, 2] as const;
export const VOLUME_STEP = 0.02;
export const INITIAL_VOLUME = 0.5;

/** A live that drops (a publisher's hiccup, a proxy restart) is tried again this often, this many times. */
export const LIVE_RETRY_MS = 3000;
export const LIVE_RETRIES = 5;

/** "realtime": WebRTC (WHEP), offered where the site and the browser allow it. */
export type LatencyMode = "realtime" | "low" | "hls";
const LATENCY_KEY = "playerLatency";

/** The viewer's last choice of latency mode; null when they never chose. */
export function savedLatency(): LatencyMode | null {
  try {
    const value = localStorage.getItem(LATENCY_KEY);
    return value === "realtime" || value === "low" || value === "hls" ? value : null;
  } catch {
    return null;
  }
}

export function saveLatency(mode: LatencyMode): void {
  try {
    localStorage.setItem(LATENCY_KEY, mode);
  } catch {
    // The choice then lasts for this page only.
  }
}
