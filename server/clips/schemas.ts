import { z } from "zod";
import { CLIP_DEFAULT_SECONDS, CLIP_MAX_SECONDS, CLIP_MIN_SECONDS, CLIP_TITLE_MAX } from "../../shared/clips.ts";
import { numeric } from "../../shared/numeric.ts";

const title = z.string().trim().max(CLIP_TITLE_MAX, "clip_title_too_long");

export const ClipCreateSchema = z.discriminatedUnion("source", [
  /** The last `seconds` of a live, up to the moment the request arrives. */
  z.object({
    source: z.literal("live"),
    username: z.string().min(1).max(30),
    seconds: z.number().min(CLIP_MIN_SECONDS, "clip_too_short").max(CLIP_MAX_SECONDS, "clip_too_long").default(CLIP_DEFAULT_SECONDS),
    title: title.optional(),
  }),
  /** A range of a replay, in seconds from its start. */
  z
    .object({
      source: z.literal("replay"),
      replayId: z.number().int().positive(),
      start: z.number().min(0),
      end: z.number().positive(),
      title: title.optional(),
    })
    .refine((range) => range.end - range.start >= CLIP_MIN_SECONDS, { message: "clip_too_short", path: ["end"] })
    .refine((range) => range.end - range.start <= CLIP_MAX_SECONDS, { message: "clip_too_long", path: ["end"] }),
]);
export type ClipCreate = z.infer<typeof ClipCreateSchema>;

export const ClipUpdateSchema = z.object({ title: title.min(1, "clip_title_required") });
export const ClipIdParamSchema = z.object({ id: numeric(z.number().int().positive()) });
export const ClipListQuerySchema = z.object({
  page: numeric(z.number().int().min(1).optional().default(1)),
  limit: numeric(z.number().int().min(1).max(50).optional().default(12)),
  username: z.string().max(30).optional(),
  game: numeric(z.number().int().positive().optional()),
});
export type ClipListQuery = z.infer<typeof ClipListQuerySchema>;
export const AdminClipQuerySchema = z.object({
  page: numeric(z.number().int().min(1).optional().default(1)),
  limit: numeric(z.number().int().min(1).max(100).optional().default(50)),
  /** Part of the title, the channel's or the author's name. */
  q: z.string().trim().max(100).optional().default(""),
});

const ClipSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    status: z.enum(["processing", "ready", "failed"]),
    /** Addresses of the video and its picture, once ready. */
    videoUrl: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    /** The cut's true length (a keyframe may add up to one interval to the length asked). */
    duration: z.number().nullable(),
    requestedSeconds: z.number(),
    /** Bytes on disk, once cut. */
    fileSize: z.number().nullable(),
    viewCount: z.number(),
    createdAt: z.string(),
    channel: z.object({ username: z.string(), avatar: z.string().nullable() }),
    author: z.object({ username: z.string(), avatar: z.string().nullable() }),
    game: z.object({ id: z.number(), name: z.string(), icon: z.string() }).nullable(),
    /** What it was cut from: a live of the channel, or a replay (with where the cut starts in it). */
    source: z.object({ kind: z.enum(["live", "replay"]), replayId: z.number().nullable(), startSeconds: z.number() }),
    /** What the caller may do with it. */
    canEdit: z.boolean(),
    canDelete: z.boolean(),
  })
  .meta({ id: "Clip" });
export type ClipResponse = z.infer<typeof ClipSchema>;

export const ClipDetailSchema = z.object({ success: z.literal(true), clip: ClipSchema });
export type ClipDetail = z.infer<typeof ClipDetailSchema>;
export const ClipListSchema = z.object({ success: z.literal(true), clips: z.array(ClipSchema), pagination: z.object({ page: z.number(), limit: z.number(), hasMore: z.boolean() }) });
export type ClipList = z.infer<typeof ClipListSchema>;
export const ClipDeletedSchema = z.object({ success: z.literal(true), message: z.string() });
export type ClipDeleted = z.infer<typeof ClipDeletedSchema>;
