import type { User } from "../../db/types.ts";
import { ownsOrAdmin } from "../access/policy.ts";
import { ForbiddenError, NotFoundError } from "../http/errors.ts";
import type { AppDeps } from "../http/context.ts";
import { siteSettings } from "../site/settings/settings.ts";
import type { HealthWarning, StreamHealth } from "./schemas.ts";

/**
 * Above this keyframe interval the panel warns: HLS segments are cut at keyframes and players stay three segments
 * behind, so viewers are three intervals late (8.3 s, OBS's "auto", puts them 25 s behind). 2 s is what platforms ask.
 */
const KEYFRAME_INTERVAL_WARN_MS = 2500;
const SEGMENTS_BEHIND = 3;

/** A channel's last measured stream health: its owner's and the admins' only. */
export async function streamHealthOf(deps: AppDeps, caller: User, username: string): Promise<StreamHealth | null> {
  const channel = await deps.db
    .selectFrom("channel")
    .innerJoin("user", "user.id", "channel.user_id")
    .select(["channel.id", "channel.user_id", "channel.live_session_id"])
    .where("user.username", "=", username)
    .executeTakeFirst();
  if (!channel) throw new NotFoundError("channel_unknown");
  if (!ownsOrAdmin(caller, channel.user_id)) throw new ForbiddenError("forbidden");
  const row = await deps.db.selectFrom("stream_health").selectAll().where("channel_id", "=", channel.id).executeTakeFirst();
  if (!row) return null;
  const { maxBitrateKbps } = await siteSettings(deps);
  const live = row.live_session_id !== null && row.live_session_id === channel.live_session_id;
  const points = (JSON.parse(row.bitrate_points) as [number, number][]).map(([at, kbps]) => ({ at, kbps }));
  const health: Omit<StreamHealth, "warnings"> = {
    live,
    protocol: row.protocol,
    videoCodec: row.video_codec,
    width: row.width,
    height: row.height,
    fps: row.fps,
    videoKbps: row.video_kbps,
    audioCodec: row.audio_codec,
    audioSampleRate: row.audio_sample_rate,
    audioKbps: row.audio_kbps,
    keyframeIntervalMs: row.keyframe_interval_ms,
    reconnects: row.reconnects,
    bitratePoints: points,
    maxBitrateKbps,
    refusedCodec: row.refused_codec,
    refusedAt: row.refused_at,
    updatedAt: row.updated_at,
  };
  return { ...health, warnings: warningsOf(health, { fpsUnstable: row.fps_unstable === 1, noAudio: row.no_audio === 1 }) };
}

const warning = (code: HealthWarning["code"], value: number | null = null, limit: number | null = null, codec: string | null = null): HealthWarning => ({ code, value, limit, codec });

/** What the streamer should fix, most serious first. */
function warningsOf(health: Omit<StreamHealth, "warnings">, flags: { fpsUnstable: boolean; noAudio: boolean }): HealthWarning[] {
  if (health.refusedCodec) return [warning("codec_refused", null, null, health.refusedCodec)];
  const warnings: HealthWarning[] = [];
  const interval = health.keyframeIntervalMs;
  if (interval !== null && interval > KEYFRAME_INTERVAL_WARN_MS) warnings.push(warning("keyframe_interval", interval / 1000, Math.round((SEGMENTS_BEHIND * interval) / 1000)));
  const kbps = (health.videoKbps ?? 0) + (health.audioKbps ?? 0);
  if (kbps > health.maxBitrateKbps) warnings.push(warning("bitrate_too_high", kbps, health.maxBitrateKbps));
  if (flags.fpsUnstable) warnings.push(warning("fps_unstable", health.fps));
  if (flags.noAudio && health.videoCodec) warnings.push(warning("no_audio"));
  return warnings;
}
