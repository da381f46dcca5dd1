import { z } from "zod";
import { GameResponseSchema } from "../games/schemas.ts";
import { numeric } from "../http/numbers.ts";

const Tag = z.string().trim().min(1).max(30, "tag_too_long");

export const StartStreamingSchema = z.object({
  title: z.string({ error: "title_required" }).trim().min(1, "title_required").max(140, "title_too_long"),
  gameId: numeric(z.number({ error: "game_required" }).int("game_required").positive("game_required")),
  description: z.string().trim().max(2000, "description_too_long").optional().default(""),
  tags: z.array(Tag).max(5, "too_many_tags").optional().default([]),
});
export type StartStreamingInput = z.infer<typeof StartStreamingSchema>;

export const StreamKeyResponseSchema = z.object({ success: z.literal(true), streamKey: z.string(), injectionLink: z.string() });
export const UsernameParamSchema = z.object({ username: z.string().min(1).max(40) });
export const ChannelArnParamSchema = z.object({ channelArn: z.string().min(1).max(64) });

/** A live item as spec 01 §3 reads it; `game` and `stream_games` carry the same game for the screens that read either. */
export const StreamResponseSchema = z.object({
  _id: z.string(),
  channelArn: z.string(),
  user: z.number(),
  username: z.string(),
  avatar: z.string().nullable(),
  verified: z.boolean(),
  title: z.string(),
  about: z.string(),
  description: z.string(),
  game: GameResponseSchema.nullable(),
  stream_games: GameResponseSchema.nullable(),
  tags: z.array(z.string()),
  isLive: z.boolean(),
  playbackLink: z.string().nullable(),
  flvLink: z.string().nullable(),
  thumbnail: z.string().nullable(),
  thumbnailGif: z.string().nullable(),
  viewerCount: z.number(),
  startTime: z.string().nullable(),
  timePassed: z.string().nullable(),
  followers: z.number(),
  isFollowed: z.boolean(),
  paypalme: z.string().nullable(),
  social: z.object({ facebook: z.string().nullable(), twitter: z.string().nullable(), instagram: z.string().nullable(), youtube: z.string().nullable(), website: z.string().nullable() }),
});
export type StreamResponse = z.infer<typeof StreamResponseSchema>;

export const StreamsQuerySchema = z.object({
  recommended: z.string().optional(),
  game: numeric(z.number().int().positive().optional()),
  tag: z.string().max(30).optional(),
  /** "true": the channels the caller follows, live or not (the sidebar's "Following channels"). */
  following: z.enum(["true", "false"]).optional(),
});
