import { z } from "zod";

/** ok: serve; degraded: serve, but an operator should look (disk getting full); down: take this node out of rotation. */
const HealthStatusSchema = z.enum(["ok", "degraded", "down"]);
export type HealthStatus = z.infer<typeof HealthStatusSchema>;

const DatabaseCheckSchema = z
  .object({
    status: z.enum(["up", "down"]),
    /** How long `SELECT 1` took; null when it failed. */
    latencyMs: z.number().nullable(),
    /** Why it is down, without the driver's message (it may name hosts or users). */
    problem: z.enum(["timeout", "failed"]).nullable(),
  })
  .meta({ id: "DatabaseCheck" });
export type DatabaseCheck = z.infer<typeof DatabaseCheckSchema>;

/** off: RTMP ingest is turned off on this node (RTMP_PORT=0), which is not a failure. */
const MediaCheckSchema = z.object({ status: z.enum(["up", "down", "off"]) }).meta({ id: "MediaCheck" });
export type MediaCheck = z.infer<typeof MediaCheckSchema>;

const DiskStatusSchema = z.enum(["ok", "low", "critical", "unreadable"]);
export type DiskStatus = z.infer<typeof DiskStatusSchema>;

const DiskCheckSchema = z
  .object({
    /** data: DATA_DIR (database file, live segments); media: MEDIA_DIR (replays, uploads), the same folder on one machine. */
    volume: z.enum(["data", "media"]),
    status: DiskStatusSchema,
    /** Bytes this process may still write; null when the folder could not be read. */
    freeBytes: z.number().nullable(),
    totalBytes: z.number().nullable(),
  })
  .meta({ id: "DiskCheck" });
export type DiskCheck = z.infer<typeof DiskCheckSchema>;

/** LIVE_LADDER on this node: its encoder and how many lives this machine can transcode at once (docs/operations.md). */
const LadderCheckSchema = z
  .object({
    renditions: z.array(z.string()),
    /** null while the detection runs (a few seconds after start). */
    encoder: z.enum(["h264_vaapi", "h264_nvenc", "libx264"]).nullable(),
    /** Cores one live's ladder takes (a 1080p30 source), measured at start; null until measured. */
    cpuPerLive: z.number().nullable(),
    /** Lives this machine can transcode at once: cores / cpuPerLive. */
    capacity: z.number().int().nullable(),
    cores: z.number().int(),
  })
  .meta({ id: "LadderCheck" });

export const HealthSchema = z
  .object({
    status: HealthStatusSchema,
    node: z.object({
      /** NODE_URL: where the other nodes reach this one. */
      url: z.string(),
      database: z.enum(["sqlite", "postgres"]),
    }),
    checks: z.object({
      database: DatabaseCheckSchema,
      media: MediaCheckSchema,
      disk: z.array(DiskCheckSchema),
    }),
    /** The quality ladder; null when LIVE_LADDER is off (the default) or ingest is off. */
    ladder: LadderCheckSchema.nullable(),
  })
  .meta({ id: "Health" });
export type Health = z.infer<typeof HealthSchema>;
