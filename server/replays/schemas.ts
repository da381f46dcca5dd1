import { z } from "zod";
import { GameResponseSchema } from "../games/schemas.ts";
import { numeric } from "../../shared/numeric.ts";

export const ReplaySchema = z
  .object({
    id: z.number(),
    _id: z.number(),
    title: z.string(),
    description: z.string(),
    status: z.enum(["processing", "ready", "failed"]),
    /** Paths under /recordings/. */
    filePath: z.string().nullable(),
    thumbnailPath: z.string().nullable(),
    duration: z.number().nullable(),
    /** Bytes, as a string (spec 01 §3). */
    fileSize: z.string().nullable(),
    viewCount: z.number(),
    createdAt: z.string(),
    deleted: z.boolean(),
    /** Kept whatever the storage policy says (its streamer or an admin pinned it). */
    pinned: z.boolean(),
    username: z.string(),
    avatar: z.string().nullable(),
    stream_games: GameResponseSchema.pick({ id: true, name: true, icon: true }).nullable(),
    /** A match replay (issue 18): its tournament and match card id; null for a live session's replay. */
    tournament: z.object({ id: z.number(), name: z.string() }).nullable(),
    matchID: z.string().nullable(),
    /** The live did not cover the whole match: the replay holds what was recorded. */
    partial: z.boolean(),
  })
  .meta({ id: "Replay" });
export type ReplayResponse = z.infer<typeof ReplaySchema>;

export const ReplayPageQuerySchema = z.object({
  page: numeric(z.number().int().min(1).optional().default(1)),
  limit: numeric(z.number().int().min(1).max(50).optional().default(10)),
});
/** GET /api/stream/videos: every channel's replays, or one game's, or one user's. */
export const VideosQuerySchema = ReplayPageQuerySchema.extend({
  game: numeric(z.number().int().positive().optional()),
  username: z.string().max(30).optional(),
});
export const ReplayIdParamSchema = z.object({ id: numeric(z.number().int().positive()) });
export const DeleteReplayQuerySchema = z.object({ hard: z.enum(["true", "false"]).optional().default("false") });
export const ReplayListSchema = z.object({ success: z.literal(true), replays: z.array(ReplaySchema), pagination: z.object({ page: z.number(), limit: z.number(), hasMore: z.boolean() }) });
export type ReplayList = z.infer<typeof ReplayListSchema>;
export const ReplayDetailResponseSchema = z.object({ success: z.literal(true), replay: ReplaySchema });
export type ReplayDetail = z.infer<typeof ReplayDetailResponseSchema>;
export const ReplayDeletedResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type ReplayDeleted = z.infer<typeof ReplayDeletedResponseSchema>;
export const PinnedSchema = z.object({ success: z.literal(true), pinned: z.boolean() });
export type Pinned = z.infer<typeof PinnedSchema>;
