import { z } from "zod";
import { GameResponseSchema } from "../games/schemas.ts";
import { numeric } from "../../shared/numeric.ts";

const Tag = z.string().trim().min(1).max(30, "tag_too_long");

export const StartStreamingSchema = z.object({
  title: z.string({ error: "title_required" }).trim().min(1, "title_required").max(140, "title_too_long"),
  gameId: numeric(z.number({ error: "game_required" }).int("game_required").positive("game_required")),
  description: z.string().trim().max(2000, "description_too_long").optional().default(""),
  tags: z.array(Tag).max(5, "too_many_tags").optional().default([]),
});
export type StartStreamingInput = z.infer<typeof StartStreamingSchema>;

export const StreamKeyResponseSchema = z.object({ success: z.literal(true), streamKey: z.string(), injectionLink: z.string() });
export type StreamKey = z.infer<typeof StreamKeyResponseSchema>;
export const UsernameParamSchema = z.object({ username: z.string().min(1).max(40) });
export const ChannelArnParamSchema = z.object({ channelArn: z.string().min(1).max(64) });

/** A live item as spec 01 §3 reads it; `game` and `stream_games` carry the same game for the screens that read either. */
export const StreamResponseSchema = z
  .object({
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
    realtimeLink: z.string().nullable(),
    thumbnail: z.string().nullable(),
    thumbnailGif: z.string().nullable(),
    viewerCount: z.number(),
    startTime: z.string().nullable(),
    timePassed: z.string().nullable(),
    followers: z.number(),
    isFollowed: z.boolean(),
    paypalme: z.string().nullable(),
    social: z.object({ facebook: z.string().nullable(), twitter: z.string().nullable(), instagram: z.string().nullable(), youtube: z.string().nullable(), website: z.string().nullable() }),
    /** Who may watch (issue 18, item 4): cards and the stream page show a lock for anything but "everyone". */
    watchAccess: z.enum(["everyone", "members", "ticket", "entrants"]),
    /** The live waits through a match for its dropped encoder (issue 37, item 5): the player shows "Reconnexion du diffuseur…". */
    reconnecting: z.boolean(),
  })
  .meta({ id: "Stream" });
export type StreamResponse = z.infer<typeof StreamResponseSchema>;

export const StreamsQuerySchema = z.object({
  recommended: z.string().optional(),
  game: numeric(z.number().int().positive().optional()),
  tag: z.string().max(30).optional(),
  /** "true": the channels the caller follows, live or not (the sidebar's "Following channels"). */
  following: z.enum(["true", "false"]).optional(),
});

export const ChannelCreatedResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type ChannelCreated = z.infer<typeof ChannelCreatedResponseSchema>;
export const ChannelStateResponseSchema = z.object({ success: z.literal(true), exists: z.boolean(), isLive: z.boolean() });
/** The caller's own channel: the stream as viewers see it, with its game's name. */
export const MyChannelResponseSchema = StreamResponseSchema.extend({ success: z.literal(true), gameName: z.string().nullable() });
/** null when RTMP ingest is off. */
export const IngestResponseSchema = z.object({ success: z.literal(true), injectionLink: z.string().nullable() });
export type Ingest = z.infer<typeof IngestResponseSchema>;
export const StreamDetailResponseSchema = StreamResponseSchema.extend({ success: z.literal(true) });
export type StreamDetail = z.infer<typeof StreamDetailResponseSchema>;
export const StreamListResponseSchema = z.object({ success: z.literal(true), data: z.array(StreamResponseSchema) });
export type StreamList = z.infer<typeof StreamListResponseSchema>;
/** The count after a viewer joined, kept watching or left. */
export const ViewerCountChangeResponseSchema = z.object({ success: z.literal(true), viewerCount: z.number() });
export type ViewerCountChange = z.infer<typeof ViewerCountChangeResponseSchema>;
/** `startTime` (ISO 8601) is null when the channel is not live. */
/** A viewer's join, heartbeat or leave: the channel they watch. */
export const ViewerBodySchema = z.object({ channelArn: z.string().min(1).max(64) });
export const ViewerCountResponseSchema = z.object({ success: z.literal(true), viewerCount: z.number(), startTime: z.string().nullable() });
export type ViewerCount = z.infer<typeof ViewerCountResponseSchema>;
