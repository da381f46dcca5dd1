import { useCallback, useState } from "react";
import { playableUrl, type RealtimeFailure, supportsMse } from "../lib/engines.ts";
import { type LatencyMode, savedLatency, saveLatency } from "../lib/player-config.ts";

/** Where the live's addresses are: HLS, HTTP-FLV ("Low latency") and WHEP ("Real time"). */
interface LiveSources {
  src: string | null | undefined;
  flvSrc: string | null | undefined;
  realtimeSrc: string | null | undefined;
}

/**
 * Which address the player loads. Live: HTTP-FLV in "Low latency" mode when the browser has MSE, else
 * the HLS playlist; "Real time" (WebRTC) when the viewer chose it and the site offers it; the viewer's last
 * choice is remembered. A quality the low-latency mode does not carry (a rendition, Auto) moves the player to
 * HLS without being remembered as a latency choice. Replay: the file itself.
 */
export function useLatencyMode(live: boolean, { src, flvSrc, realtimeSrc }: LiveSources) {
  const hlsUrl = playableUrl(src);
  const flvUrl = live ? playableUrl(flvSrc) : null;
  const realtimeUrl = live ? playableUrl(realtimeSrc) : null;
  const lowLatencyPossible = flvUrl !== null && supportsMse();
  const realtimePossible = realtimeUrl !== null && typeof RTCPeerConnection === "function";
  const [latency, setLatency] = useState<LatencyMode>(() => {
    const saved = savedLatency();
    if (saved === "hls" && hlsUrl) return "hls";
    if (saved === "realtime") return "realtime";
    return lowLatencyPossible ? "low" : "hls";
  });
  // The player left low latency for a quality, not because the viewer chose the standard latency.
  const [forQuality, setForQuality] = useState(false);
  // Real time was chosen but could not play here: the player went to low latency, and says why.
  const [realtimeFailure, setRealtimeFailure] = useState<RealtimeFailure | null>(null);
  const effectiveLatency: LatencyMode =
    latency === "realtime" && realtimePossible && !realtimeFailure ? "realtime" : (latency === "low" || latency === "realtime") && lowLatencyPossible ? "low" : "hls";
  const url = live ? { realtime: realtimeUrl, low: flvUrl, hls: hlsUrl }[effectiveLatency] : hlsUrl;

  /** The viewer's choice, kept for their next visit. */
  const chooseLatency = useCallback((mode: LatencyMode) => {
    saveLatency(mode);
    setLatency(mode);
    setForQuality(false);
    setRealtimeFailure(null);
  }, []);
  /** To HLS for a quality low latency does not carry, or back for the source: the viewer chose a quality, not a latency. */
  const switchForQuality = useCallback((mode: LatencyMode) => {
    setLatency(mode);
    setForQuality(mode === "hls");
  }, []);
  /** The browser's own fallback, not remembered: another browser may manage low latency. */
  const fallBackToHls = useCallback(() => {
    setLatency("hls");
    setForQuality(false);
  }, []);
  /** Real time full or out of reach: low latency for now, the choice kept (the next visit tries again). */
  const leaveRealtime = useCallback((failure: RealtimeFailure) => setRealtimeFailure(failure), []);

  /** Standard latency only for a quality: choosing the source again returns to low latency. */
  const hlsForQuality = forQuality && effectiveLatency === "hls" && lowLatencyPossible;

  return {
    hlsUrl,
    flvUrl,
    lowLatencyPossible,
    realtimePossible,
    realtimeFailure,
    effectiveLatency,
    url,
    chooseLatency,
    switchForQuality,
    hlsForQuality,
    fallBackToHls,
    leaveRealtime,
  };
}
