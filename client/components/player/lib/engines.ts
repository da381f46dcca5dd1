import { FLV_LIVE_CONFIG, HLS_CONFIG } from "./player-config.ts";
import { type QualityLevel, qualityLevel } from "./quality-levels.ts";

/**
 * The ways a <video> gets its pictures: hls.js, mpegts.js (HTTP-FLV, live or file), the browser's own
 * HLS (Safari) or a plain file. Both libraries are imported only when a player needs them, so neither
 * grows the first load nor the stream page's own chunk.
 */

/**
 * What went wrong, in the words the player shows (spec 01 §8). "not_found": the address answered 404 (a live just
 * starting has no playlist yet, so it is tried again); "not_a_stream": it answered something that is neither a
 * playlist nor FLV (a web page, a broken address): 'URL de stream invalide' at once.
 */
export type FatalKind = "network" | "manifest" | "media" | "unsupported" | "not_found" | "not_a_stream" | RealtimeFailure;

/** Real time could not play here: its places are taken, or WebRTC cannot reach the node. The player goes to low latency and says so. */
export type RealtimeFailure = "realtime_full" | "realtime_failed";

interface EngineCallbacks {
  onLevels?: (levels: QualityLevel[]) => void;
  onFatal: (kind: FatalKind) => void;
}

export interface Engine {
  destroy(): void;
  /** A level by its name (QualityLevel.name); null: automatic. */
  setLevel?(name: string | null): void;
  /** Where "live" is now, to jump back to after a pause. */
  liveEdge?(): number | null;
}

const H264_AAC = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';

/** Media Source Extensions with H.264: what both libraries need. Checked without loading either. */
export function supportsMse(): boolean {
  const source =
    (globalThis as { MediaSource?: typeof MediaSource; ManagedMediaSource?: typeof MediaSource }).MediaSource ?? (globalThis as { ManagedMediaSource?: typeof MediaSource }).ManagedMediaSource;
  return typeof source?.isTypeSupported === "function" && source.isTypeSupported(H264_AAC);
}

function supportsNativeHls(video: HTMLVideoElement): boolean {
  return video.canPlayType("application/vnd.apple.mpegurl") !== "";
}

/** An address a player may load: http(s), relative to this page or absolute. Anything else is 'URL de stream invalide'. */
export function playableUrl(url: string | null | undefined): string | null {
  if (!url?.trim()) return null;
  try {
    const parsed = new URL(url.trim(), window.location.href);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Spec 01 §4: an address ending in .m3u8 or containing "hls" is HLS; .flv is FLV; the rest is a file. */
export function sourceKind(url: string): "hls" | "flv" | "file" {
  const path = new URL(url, window.location.href).pathname.toLowerCase();
  if (path.endsWith(".m3u8") || path.includes("hls")) return "hls";
  if (path.endsWith(".flv")) return "flv";
  return "file";
}

/** `startLevel`: the level to play from the first segment on (a name), null for hls.js's own choice. */
export async function attachHls(video: HTMLVideoElement, url: string, callbacks: EngineCallbacks, startLevel: string | null = null): Promise<Engine> {
  const { default: Hls } = await import("hls.js");
  if (!Hls.isSupported()) {
    if (supportsNativeHls(video)) return attachFile(video, url, callbacks);
    callbacks.onFatal("unsupported");
    return { destroy() {} };
  }
  const hls = new Hls(HLS_CONFIG);
  // hls.js's levels, in its order (smallest first): a level's index is where its name is.
  let levels: QualityLevel[] = [];
  let wanted = startLevel;
  const indexOf = (name: string | null) => (name === null ? -1 : levels.findIndex((level) => level.name === name));
  hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
    levels = data.levels.map((level, index) => qualityLevel(level.name, level.height, level.bitrate, index));
    callbacks.onLevels?.(levels);
    // Before the first segment, so the live starts at the chosen level instead of switching to it later.
    if (indexOf(wanted) >= 0) hls.loadLevel = indexOf(wanted);
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
      // Spec 01 §4: load again after a network error, except when the playlist itself never came.
      const manifest = [Hls.ErrorDetails.MANIFEST_LOAD_ERROR, Hls.ErrorDetails.MANIFEST_LOAD_TIMEOUT, Hls.ErrorDetails.MANIFEST_PARSING_ERROR].includes(data.details);
      // A refused playlist or segment (a restricted live whose ticket was refunded) does not come back by loading again.
      const refused = data.response?.code === 401 || data.response?.code === 403;
      if (data.details === Hls.ErrorDetails.MANIFEST_PARSING_ERROR) callbacks.onFatal("not_a_stream");
      else if (manifest && data.response?.code === 404) callbacks.onFatal("not_found");
      else if (manifest) callbacks.onFatal("manifest");
      else if (refused) callbacks.onFatal("network");
      else hls.startLoad();
    } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
      hls.recoverMediaError();
    } else {
      callbacks.onFatal("media");
    }
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    destroy: () => hls.destroy(),
    // From the next segment on: what is buffered plays out, so the picture never goes blank.
    setLevel: (name) => {
      wanted = name;
      if (levels.length > 0) hls.nextLevel = indexOf(name);
    },
    liveEdge: () => hls.liveSyncPosition,
  };
}

export async function attachFlv(video: HTMLVideoElement, url: string, isLive: boolean, callbacks: EngineCallbacks): Promise<Engine> {
  const { default: mpegts } = await import("mpegts.js");
  const features = mpegts.getFeatureList();
  if (!(isLive ? features.mseLivePlayback : features.msePlayback) || !supportsMse()) {
    callbacks.onFatal("unsupported");
    return { destroy() {} };
  }
  mpegts.LoggingControl.enableAll = false;
  // hasAudio is left out on purpose: a video-only publish is announced as such, and mpegts.js reads it.
  const player = mpegts.createPlayer({ type: "flv", isLive, url }, isLive ? FLV_LIVE_CONFIG : { lazyLoad: true });
  player.on(mpegts.Events.ERROR, (type: string, detail: string, info?: { code?: number }) => {
    const kind = flvFailure(mpegts, type, detail, info);
    // mpegts.js keeps a statistics timer running after it refused an answer that is not FLV, and the timer throws
    // every 600 ms until the player goes: stop loading now, whatever the page does next.
    if (kind === "not_a_stream") player.unload();
    callbacks.onFatal(kind);
  });
  // A live's FLV never ends while the live goes on: an end is the live lost, or the server letting go
  // of a viewer who may no longer watch it (server/live/media-routes.ts): load again, as after a failure.
  if (isLive) player.on(mpegts.Events.LOADING_COMPLETE, () => callbacks.onFatal("network"));
  player.attachMediaElement(video);
  player.load();
  return {
    destroy() {
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
    },
    liveEdge: () => (video.buffered.length ? video.buffered.end(video.buffered.length - 1) - 0.3 : null),
  };
}

function flvFailure(mpegts: typeof import("mpegts.js").default, type: string, detail: string, info?: { code?: number }): FatalKind {
  if (detail === mpegts.ErrorDetails.MEDIA_FORMAT_UNSUPPORTED) return "not_a_stream";
  if (detail === mpegts.ErrorDetails.NETWORK_STATUS_CODE_INVALID && info?.code === 404) return "not_found";
  return type === mpegts.ErrorTypes.NETWORK_ERROR ? "network" : "media";
}

/** A plain file (MP4) or the browser's own HLS: the <video> does everything. */
export function attachFile(video: HTMLVideoElement, url: string, callbacks: EngineCallbacks): Engine {
  const onError = () => callbacks.onFatal(video.error?.code === MediaError.MEDIA_ERR_NETWORK ? "network" : "media");
  video.addEventListener("error", onError);
  video.src = url;
  return {
    destroy() {
      video.removeEventListener("error", onError);
      video.removeAttribute("src");
      video.load();
    },
    liveEdge: () => (video.seekable.length ? video.seekable.end(video.seekable.length - 1) : null),
  };
}
