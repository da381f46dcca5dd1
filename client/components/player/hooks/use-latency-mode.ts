import { useCallback, useState } from "react";
import { playableUrl, supportsMse } from "../lib/engines.ts";
import { type LatencyMode, savedLatency, saveLatency } from "../lib/player-config.ts";

/**
 * Which address the player loads. Live: HTTP-FLV in "Low latency" mode when the browser has MSE, else
 * the HLS playlist; the viewer's last choice is remembered. A quality the low-latency mode does not carry
 * (a rendition, Auto) moves the player to HLS without being remembered as a latency choice. Replay: the file itself.
 */
export function useLatencyMode(live: boolean, src: string | null | undefined, flvSrc: string | null | undefined) {
  const hlsUrl = playableUrl(src);
  const flvUrl = live ? playableUrl(flvSrc) : null;
  const lowLatencyPossible = flvUrl !== null && supportsMse();
  const [latency, setLatency] = useState<LatencyMode>(() => {
    const saved = savedLatency();
    if (saved === "hls" && hlsUrl) return "hls";
    return lowLatencyPossible ? "low" : "hls";
  });
  // The player left low latency for a quality, not because the viewer chose the standard latency.
  const [forQuality, setForQuality] = useState(false);
  const effectiveLatency: LatencyMode = latency === "low" && lowLatencyPossible ? "low" : "hls";
  const url = live ? (effectiveLatency === "low" ? flvUrl : hlsUrl) : hlsUrl;

  /** The viewer's choice, kept for their next visit. */
  const chooseLatency = useCallback((mode: LatencyMode) => {
    saveLatency(mode);
    setLatency(mode);
    setForQuality(false);
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

  /** Standard latency only for a quality: choosing the source again returns to low latency. */
  const hlsForQuality = forQuality && effectiveLatency === "hls" && lowLatencyPossible;

  return { hlsUrl, flvUrl, lowLatencyPossible, effectiveLatency, url, chooseLatency, switchForQuality, hlsForQuality, fallBackToHls };
}
