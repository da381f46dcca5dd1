import { useCallback, useState } from "react";
import { playableUrl, supportsMse } from "../lib/engines.ts";
import { type LatencyMode, savedLatency, saveLatency } from "../lib/player-config.ts";

/**
 * Which address the player loads. Live: HTTP-FLV in "Low latency" mode when the browser has MSE, else
 * the HLS playlist; the viewer's last choice is remembered. Replay: the file itself.
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
  const effectiveLatency: LatencyMode = latency === "low" && lowLatencyPossible ? "low" : "hls";
  const url = live ? (effectiveLatency === "low" ? flvUrl : hlsUrl) : hlsUrl;

  /** The viewer's choice, kept for their next visit. */
  const chooseLatency = useCallback((mode: LatencyMode) => {
    saveLatency(mode);
    setLatency(mode);
  }, []);
  /** The browser's own fallback, not remembered: another browser may manage low latency. */
  const fallBackToHls = useCallback(() => setLatency("hls"), []);

  return { hlsUrl, flvUrl, lowLatencyPossible, effectiveLatency, url, chooseLatency, fallBackToHls };
}
