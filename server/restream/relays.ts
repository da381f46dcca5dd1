import { type FfmpegJob, startFfmpegJob } from "../../media/ffmpeg-job.ts";
import type { AppDeps } from "../http/context.ts";
import { relayTargets, setRelayStatus } from "./service.ts";

/** A relay that has run this long without failing is considered connected. */
const CONNECTED_AFTER_MS = 3000;

/**
 * One ffmpeg per enabled platform copies the live stream to it (no re-encoding), restarted with
 * backoff when it drops; its state is written where the settings screen reads it.
 */
export async function startRelays(deps: AppDeps, channelId: number, input: () => string, log: (line: string) => void): Promise<FfmpegJob[]> {
  const targets = await relayTargets(deps, channelId).catch((error) => {
    log(`[restream] channel ${channelId}: ${(error as Error).message}`);
    return [];
  });
  return targets.map((target) => {
    const key = target.url.split("/").pop() ?? "";
    let connected: Timer | undefined;
    const status = (state: "idle" | "connecting" | "live" | "error", error: string | null = null) => void setRelayStatus(deps, channelId, target.platform, state, error).catch(() => undefined);
    const job = startFfmpegJob({
      name: `restream ${target.platform} of channel ${channelId}`,
      args: [],
      argsForAttempt: () => ["-rw_timeout", "10000000", "-i", input(), "-map", "0", "-c", "copy", "-f", "flv", target.url],
      restart: true,
      log,
      redact: (text) => (key ? text.replaceAll(key, "••••") : text),
      onStart: () => {
        status("connecting");
        clearTimeout(connected);
        connected = setTimeout(() => status("live"), CONNECTED_AFTER_MS);
      },
      onExit: (_code, error) => {
        clearTimeout(connected);
        status("error", error || "disconnected");
      },
    });
    return {
      name: job.name,
      async stop(waitMs?: number) {
        clearTimeout(connected);
        await job.stop(waitMs);
        status("idle");
      },
    };
  });
}
