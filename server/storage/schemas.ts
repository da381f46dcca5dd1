import { z } from "zod";

const KeepModeSchema = z.enum(["forever", "days", "size"]);

/** What the admin sets: keep forever, N days, or until recordings take X GB; and the free disk a recording needs. */
export const StoragePolicyInputSchema = z
  .object({
    keep: KeepModeSchema,
    keepDays: z
      .number("storage_keep_days_required")
      .int("storage_keep_days_required")
      .min(1, "storage_keep_days_required")
      .max(36_500, "storage_keep_days_required")
      .nullable()
      .optional()
      .default(null),
    maxRecordingsGb: z.number("storage_max_gb_required").min(0.1, "storage_max_gb_required").max(1_000_000, "storage_max_gb_required").nullable().optional().default(null),
    minFreeGb: z.number("storage_threshold_invalid").min(0, "storage_threshold_invalid").max(100_000, "storage_threshold_invalid"),
    minFreePercent: z.number("storage_threshold_invalid").min(0, "storage_threshold_invalid").max(90, "storage_threshold_invalid"),
  })
  .refine((policy) => policy.keep !== "days" || policy.keepDays !== null, { path: ["keepDays"], message: "storage_keep_days_required" })
  .refine((policy) => policy.keep !== "size" || policy.maxRecordingsGb !== null, { path: ["maxRecordingsGb"], message: "storage_max_gb_required" });
export type StoragePolicyInput = z.infer<typeof StoragePolicyInputSchema>;

const StoragePolicySchema = z
  .object({
    keep: KeepModeSchema,
    keepDays: z.number().nullable(),
    maxRecordingsGb: z.number().nullable(),
    minFreeGb: z.number(),
    minFreePercent: z.number(),
    /** When the daily run last applied the policy (null: never yet). */
    lastRunAt: z.string().nullable(),
  })
  .meta({ id: "StoragePolicy" });
export type StoragePolicy = z.infer<typeof StoragePolicySchema>;

/** The media disk as a recording sees it: whether there is room to record, and the reading it comes from. */
const RecordingRoomSchema = z.object({
  enough: z.boolean(),
  freeBytes: z.number().nullable(),
  totalBytes: z.number().nullable(),
  /** Below this many free bytes, recordings stop (the larger of the policy's GB and percentage). */
  minFreeBytes: z.number().nullable(),
});
export type RecordingRoom = z.infer<typeof RecordingRoomSchema>;

export const StoragePolicyResponseSchema = z.object({
  success: z.literal(true),
  policy: StoragePolicySchema,
  room: RecordingRoomSchema,
  /** Bytes the replays' files take, pinned ones apart; and what the recordings folder holds on disk (what the size rule counts). */
  recordings: z.object({ bytes: z.number(), pinnedBytes: z.number(), count: z.number(), pinnedCount: z.number(), onDiskBytes: z.number() }),
});
export type StoragePolicyResponse = z.infer<typeof StoragePolicyResponseSchema>;

/** What the admin's "Apply now" removed: replays (each with its channel and the rule), and recording parts left beside verified MP4s. */
export const RetentionRunSchema = z
  .object({
    success: z.literal(true),
    partsBytes: z.number(),
    removed: z.array(z.object({ id: z.number(), title: z.string(), username: z.string().nullable(), bytes: z.number(), createdAt: z.string(), rule: z.enum(["days", "size"]) })),
  })
  .meta({ id: "RetentionRun" });
export type RetentionRunResponse = z.infer<typeof RetentionRunSchema>;

/** The streamer's own live: whether it is recorded (false: stopped for want of disk room). */
export const MyRecordingSchema = z.object({
  success: z.literal(true),
  live: z.boolean(),
  recording: z.boolean(),
  stoppedAt: z.string().nullable(),
});
export type MyRecording = z.infer<typeof MyRecordingSchema>;
