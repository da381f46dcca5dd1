import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { attachFile, attachFlv, attachHls, type Engine, type FatalKind, type RealtimeFailure, sourceKind } from "../lib/engines.ts";
import { type LatencyMode, LIVE_RETRIES, LIVE_RETRY_MS, START_DELAY_MS } from "../lib/player-config.ts";
import type { QualityLevel } from "../lib/quality-levels.ts";

/** "ready": the media can play (playing or not). */
type PlayerStatus = "loading" | "ready" | "reconnecting" | "error";

interface MediaEngineOptions {
  video: React.RefObject<HTMLVideoElement | null>;
  live: boolean;
  url: string | null;
  latency: LatencyMode;
  /** Live: the HLS playlist to fall back on when low latency cannot play here. */
  hlsUrl: string | null;
  fallBackToHls: () => void;
  /** Real time full or out of reach from here: the player goes on in low latency. */
  leaveRealtime: (failure: RealtimeFailure) => void;
  autoPlay: boolean;
  startMuted: boolean;
  /** The player started without sound: on purpose (startMuted) or because the browser refused it. */
  onAutoMuted: () => void;
  onLoadFailure?: () => void;
}

/**
 * Attaches the engine for the current address (hls.js, mpegts.js or the <video> itself) and follows its
 * life: loading, ready, a live's reconnections and its last failure, the quality levels.
 */
export function useMediaEngine({ video, live, url, latency, hlsUrl, fallBackToHls, leaveRealtime, autoPlay, startMuted, onAutoMuted, onLoadFailure }: MediaEngineOptions) {
  const { t } = useTranslation("player");
  const engine = useRef<Engine | null>(null);
  const failures = useRef(0);
  const [status, setStatus] = useState<PlayerStatus>("loading");
  const [errorText, setErrorText] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [waiting, setWaiting] = useState(true);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  // The viewer's level (a name), null for automatic. It outlives an engine: a reconnection keeps it, and a
  // level chosen in low latency is where the HLS engine that plays it starts.
  const [level, setLevel] = useState<string | null>(null);
  const levelRef = useRef(level);

  const fail = useCallback(
    (kind: FatalKind) => {
      if (kind === "realtime_full" || kind === "realtime_failed") return leaveRealtime(kind);
      // Not served here (WebRTC off on the live's node, the live just ended): low latency says which, as for anyone.
      if (latency === "realtime" && (kind === "unsupported" || kind === "not_found")) return leaveRealtime("realtime_failed");
      if (kind !== "unsupported") onLoadFailureRef.current?.();
      if (!live) {
        const flv = url !== null && sourceKind(url) === "flv";
        setErrorText(flv ? t(kind === "unsupported" ? "error_flv_unsupported" : "error_flv") : t("error_video"));
        setStatus("error");
        return;
      }
      if (kind === "unsupported" || kind === "not_a_stream") {
        // Low latency needs MSE, and its address may be the broken one: the HLS fallback may still play.
        if (latency === "low" && hlsUrl) fallBackToHls();
        else {
          setErrorText(t(kind === "unsupported" ? "error_unsupported_live" : "invalid_url"));
          setStatus("error");
        }
        return;
      }
      failures.current += 1;
      if (failures.current > LIVE_RETRIES) {
        // Still "not found" after a live's start has had time to write its playlist: the address is the fault.
        setErrorText(t(kind === "not_found" ? "invalid_url" : "error_live"));
        setStatus("error");
        return;
      }
      // A live that just started has no playlist yet; one that hiccups comes back: try again shortly.
      setStatus("reconnecting");
      setTimeout(() => setAttempt((n) => n + 1), LIVE_RETRY_MS);
    },
    [live, url, latency, hlsUrl, fallBackToHls, leaveRealtime, t],
  );
  const onLoadFailureRef = useRef(onLoadFailure);
  onLoadFailureRef.current = onLoadFailure;
  const failRef = useRef(fail);
  failRef.current = fail;
  const onAutoMutedRef = useRef(onAutoMuted);
  onAutoMutedRef.current = onAutoMuted;

  // Attach the engine for the current address; everything is torn down on change and on unmount.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is read nowhere inside; a retry bumps it so the stream loads again.
  useEffect(() => {
    const element = video.current;
    if (!element || !url) return;
    let cancelled = false;
    let startTimer: ReturnType<typeof setTimeout> | undefined;
    setStatus((current) => (current === "reconnecting" ? current : "loading"));
    setErrorText(null);
    setWaiting(true);
    setLevels([]);
    const callbacks = { onLevels: (found: QualityLevel[]) => !cancelled && setLevels(found), onFatal: (kind: FatalKind) => !cancelled && failRef.current(kind) };
    const kind = sourceKind(url);
    const attaching: Promise<Engine> =
      live && latency === "realtime"
        ? import("../lib/whep.ts").then(({ attachWhep }) => attachWhep(element, url, callbacks.onFatal))
        : live && latency === "low"
          ? attachFlv(element, url, true, callbacks)
          : // A live's other address is its HLS playlist by type (spec 01 §4), whatever its name says.
            live || kind === "hls"
            ? attachHls(element, url, callbacks, levelRef.current)
            : kind === "flv"
              ? attachFlv(element, url, live, callbacks)
              : Promise.resolve(attachFile(element, url, callbacks));
    void attaching.then((attached) => {
      if (cancelled) return attached.destroy();
      engine.current = attached;
      if (autoPlay && startMuted) {
        element.muted = true;
        onAutoMutedRef.current();
      }
      if (autoPlay) startTimer = setTimeout(() => void startPlaying(element, () => !cancelled && onAutoMutedRef.current()), START_DELAY_MS);
    });
    return () => {
      cancelled = true;
      clearTimeout(startTimer);
      engine.current?.destroy();
      engine.current = null;
    };
  }, [video, url, live, latency, attempt, autoPlay, startMuted]);

  const togglePlay = useCallback(() => {
    const element = video.current;
    if (!element || status === "error") return;
    if (element.paused) {
      // Back from a pause, a live resumes at "now", not where it stopped.
      const edge = live ? engine.current?.liveEdge?.() : null;
      if (edge && edge - element.currentTime > 10) element.currentTime = edge;
      void element.play().catch(() => undefined);
    } else element.pause();
  }, [video, live, status]);

  const selectLevel = useCallback((name: string | null) => {
    levelRef.current = name;
    setLevel(name);
    engine.current?.setLevel?.(name);
  }, []);

  /** Starts over from a clean slate: after the viewer changed the latency mode. */
  const restart = useCallback(() => {
    failures.current = 0;
    setStatus("loading");
  }, []);

  /** The viewer's Retry after a live gave up. */
  const retry = useCallback(() => {
    restart();
    setAttempt((n) => n + 1);
  }, [restart]);

  /** The <video>'s own events that say where loading stands. */
  const mediaEvents = {
    onWaiting: () => setWaiting(true),
    onPlaying: () => {
      failures.current = 0;
      setWaiting(false);
      setStatus("ready");
    },
    onCanPlay: () => {
      setWaiting(false);
      setStatus((current) => (current === "error" ? current : "ready"));
    },
  };

  return { status, errorText, waiting, levels, level, selectLevel, togglePlay, restart, retry, mediaEvents };
}

/** Starts playback; when the browser refuses sound without a click, starts muted instead. */
async function startPlaying(element: HTMLVideoElement, onMuted: () => void): Promise<void> {
  try {
    await element.play();
  } catch (error) {
    if ((error as DOMException)?.name !== "NotAllowedError") return;
    element.muted = true;
    onMuted();
    await element.play().catch(() => undefined);
  }
}
import "../../../i18n/screens/player.ts";
