import { z } from "zod";

// Stream health (issue 37, item 1): what the streamer's publish really sends, and what to fix in their encoder.

/** What the panel warns about; each comes with the exact fix in the streamer's language (client, `health` texts). */
const HEALTH_WARNING_CODES = ["codec_refused", "keyframe_interval", "bitrate_too_high", "fps_unstable", "no_audio"] as const;

const HealthWarningSchema = z.object({
  code: z.enum(HEALTH_WARNING_CODES),
  /** keyframe_interval: the interval (s); bitrate_too_high: the bitrate (kb/s); fps_unstable: the last frame rate. */
  value: z.number().nullable(),
  /** keyframe_interval: the HLS viewers' delay it causes (s); bitrate_too_high: the site's highest (kb/s). */
  limit: z.number().nullable(),
  /** codec_refused: the codec refused. */
  codec: z.string().nullable(),
});

export const StreamHealthSchema = z
  .object({
    success: z.literal(true),
    /** null: the channel never published since health is measured. */
    health: z
      .object({
        live: z.boolean(),
        protocol: z.string(),
        videoCodec: z.string().nullable(),
        width: z.number().nullable(),
        height: z.number().nullable(),
        fps: z.number().nullable(),
        videoKbps: z.number().nullable(),
        audioCodec: z.string().nullable(),
        audioSampleRate: z.number().nullable(),
        audioKbps: z.number().nullable(),
        keyframeIntervalMs: z.number().nullable(),
        reconnects: z.number(),
        /** The bitrate (video + audio, kb/s) of the last minutes, oldest first. */
        bitratePoints: z.array(z.object({ at: z.number(), kbps: z.number() })),
        maxBitrateKbps: z.number(),
        refusedCodec: z.string().nullable(),
        refusedAt: z.number().nullable(),
        updatedAt: z.number(),
        warnings: z.array(HealthWarningSchema),
      })
      .nullable(),
  })
  .meta({ id: "StreamHealth" });

export type StreamHealth = NonNullable<z.infer<typeof StreamHealthSchema>["health"]>;
export type HealthWarning = z.infer<typeof HealthWarningSchema>;

export const HealthUsernameParamSchema = z.object({ username: z.string().min(1).max(64) });
