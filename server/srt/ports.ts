import type { User } from "../../db/types.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { ensureChannel, STREAM_KEYS_CHANGED } from "../channels/own-channel.ts";
import { ConflictError } from "../http/errors.ts";
import type { AppDeps } from "../http/context.ts";

// SRT ingest's ports (issue 37, item 4): a channel whose streamer turns SRT on is given a UDP port of SRT_PORTS, kept
// on its row so every node and a restart agree on who listens where (srt/listeners.ts).

/** The caller's channel's SRT port; null when SRT is off for it. */
export async function srtPortOf(deps: AppDeps, user: User): Promise<{ port: number | null; streamKey: string }> {
  const channel = await ensureChannel(deps, user);
  return { port: channel.srt_port, streamKey: channel.stream_key };
}

/** Turns SRT on (the lowest free port of the range; the same one if already on) or off (the port freed). */
export async function setSrt(deps: AppDeps, user: User, enabled: boolean): Promise<{ port: number | null; streamKey: string }> {
  const range = deps.config.srtPorts;
  if (!range) throw new ConflictError([{ field: "enabled", code: "srt_off" }]);
  const channel = await ensureChannel(deps, user);
  const inRange = channel.srt_port !== null && channel.srt_port >= range[0] && channel.srt_port <= range[1];
  if (enabled && inRange) return { port: channel.srt_port, streamKey: channel.stream_key };
  const port = enabled ? await claimFreePort(deps, channel.id, range) : null;
  if (!enabled) await deps.db.updateTable("channel").set({ srt_port: null }).where("id", "=", channel.id).execute();
  // The same signal as a new stream key: every node's listeners reload from the database.
  await deps.signals.notify(STREAM_KEYS_CHANGED);
  return { port, streamKey: channel.stream_key };
}

/** Two streamers turning SRT on at once may pick the same port: the unique index refuses one, who tries the next. */
async function claimFreePort(deps: AppDeps, channelId: number, [min, max]: [number, number]): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = new Set((await deps.db.selectFrom("channel").select("srt_port").where("srt_port", ">=", min).where("srt_port", "<=", max).execute()).map((row) => row.srt_port));
    let port = min;
    while (port <= max && taken.has(port)) port++;
    if (port > max) break;
    try {
      await deps.db.updateTable("channel").set({ srt_port: port }).where("id", "=", channelId).execute();
      return port;
    } catch (error) {
      if (!isUniqueViolation(error, "srt_port")) throw error;
    }
  }
  throw new ConflictError([{ field: "enabled", code: "srt_ports_full" }]);
}
