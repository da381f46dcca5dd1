import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { translate } from "../i18n/messages.ts";
import { leaveViewer, newViewerId, touchViewer, type Viewer, VIEWER_COOKIE, viewerData } from "./viewers.ts";
import {
  ChannelArnParamSchema,
  ChannelCreatedResponseSchema,
  ChannelStateResponseSchema,
  IngestResponseSchema,
  MyChannelResponseSchema,
  StartStreamingSchema,
  StreamDetailResponseSchema,
  StreamKeyResponseSchema,
  StreamListResponseSchema,
  StreamsQuerySchema,
  UsernameParamSchema,
  ViewerCountChangeResponseSchema,
  ViewerBodySchema,
  ViewerCountResponseSchema,
} from "./schemas.ts";
import { getChannelSettings, publicProfile, saveChannelSettings } from "./settings.ts";
import { ChannelSettingsInputSchema, ChannelSettingsSavedResponseSchema, ChannelSettingsSchema, ProfileSchema } from "./settings-schemas.ts";
import { ensureChannel } from "./own-channel.ts";
import { findChannelByUsername, initChannel, injectionLink, regenerateStreamKey, startStreaming } from "./service.ts";
import { followedStreams, liveStreams, streamOfUsername } from "./streams.ts";

const tags = ["Streams"];
const owner = { security: secured, middleware: [requireUser] };
const ViewerCountSchema = ViewerCountResponseSchema;

const initRoute = createRoute({
  method: "post",
  path: "/mychannel/init",
  tags,
  summary: "Create the caller's channel (first login)",
  ...owner,
  responses: { 201: jsonResponse(ChannelCreatedResponseSchema, "Channel created"), 401: errors[401], 422: errors[403] },
});
const hasChannelRoute = createRoute({
  method: "get",
  path: "/mychannel/init",
  tags,
  summary: "Whether the caller's channel exists and is live",
  ...owner,
  responses: { 200: jsonResponse(ChannelStateResponseSchema, "Channel state"), 401: errors[401] },
});
const myChannelRoute = createRoute({
  method: "get",
  path: "/mychannelinfo",
  tags,
  summary: "The caller's channel as viewers see it",
  ...owner,
  responses: { 200: jsonResponse(MyChannelResponseSchema, "The channel"), 401: errors[401] },
});
const ingestRoute = createRoute({
  method: "get",
  path: "/ingest",
  tags,
  summary: "This server's RTMP address for OBS (public: the how-to-stream guide shows it)",
  responses: { 200: jsonResponse(IngestResponseSchema, "Ingest address (null when RTMP ingest is off)") },
});
const streamKeyRoute = createRoute({
  method: "get",
  path: "/mystreamkey",
  tags,
  summary: "The caller's stream key and RTMP address (owner only)",
  ...owner,
  responses: { 200: jsonResponse(StreamKeyResponseSchema, "Key and ingest address"), 401: errors[401] },
});
const regenerateRoute = createRoute({
  method: "post",
  path: "/mystreamkey/regenerate",
  tags,
  summary: "A new stream key; a publisher using the old one is cut off",
  ...owner,
  responses: { 200: jsonResponse(StreamKeyResponseSchema, "The new key"), 401: errors[401] },
});
const startRoute = createRoute({
  method: "post",
  path: "/startstreaming",
  tags,
  summary: "Set the live's title, game, tags and description; answers the OBS settings",
  ...owner,
  request: { body: jsonBody(StartStreamingSchema) },
  responses: { 200: jsonResponse(StreamKeyResponseSchema, "Ingest address and key"), 400: errors[400], 401: errors[401], 404: errors[404] },
});
const streamRoute = createRoute({
  method: "get",
  path: "/stream/{username}",
  tags,
  summary: "A channel's stream; 404 with the username when the user has no channel",
  request: { params: UsernameParamSchema },
  responses: { 200: jsonResponse(StreamDetailResponseSchema, "The stream"), 404: errors[404] },
});
const streamsRoute = createRoute({
  method: "get",
  path: "/streams",
  tags,
  summary: "Live streams, most watched first (filters: game, tag)",
  request: { query: StreamsQuerySchema },
  responses: { 200: jsonResponse(StreamListResponseSchema, "Live streams") },
});
const viewerRoute = (path: "/viewers/join" | "/viewers/heartbeat" | "/viewers/leave", summary: string) =>
  createRoute({
    method: "post",
    path,
    tags,
    summary,
    request: { body: jsonBody(ViewerBodySchema) },
    responses: { 200: jsonResponse(ViewerCountChangeResponseSchema, "The new count"), 404: errors[404] },
  });
const viewerCountRoute = createRoute({
  method: "get",
  path: "/viewers/{channelArn}",
  tags,
  summary: "Viewer count and start time of a live",
  request: { params: ChannelArnParamSchema },
  responses: { 200: jsonResponse(ViewerCountSchema, "Count"), 404: errors[404] },
});
// Spec 01 names this path and nothing more: it answers what the viewers call does, by the same channel id.
const liveDataRoute = createRoute({
  method: "get",
  path: "/livedata/{id}",
  tags,
  summary: "A live's data: viewer count and start time (the channel's channelArn as id)",
  request: { params: z.object({ id: ChannelArnParamSchema.shape.channelArn }) },
  responses: { 200: jsonResponse(ViewerCountSchema, "Live data"), 404: errors[404] },
});

const getSettingsRoute = createRoute({
  method: "get",
  path: "/channel-settings",
  tags,
  summary: "The caller's channel settings (paypal.me, biography, social links)",
  ...owner,
  responses: { 200: jsonResponse(ChannelSettingsSchema, "Settings"), 401: errors[401] },
});
const putSettingsRoute = createRoute({
  method: "put",
  path: "/channel-settings",
  tags,
  summary: "Save channel settings; handles become profile addresses",
  ...owner,
  request: { body: jsonBody(ChannelSettingsInputSchema) },
  responses: { 200: jsonResponse(ChannelSettingsSavedResponseSchema, "Saved"), 400: errors[400], 401: errors[401] },
});
const profileRoute = createRoute({
  method: "get",
  path: "/profile/{username}",
  tags,
  summary: "A user's public profile: about, social links, followers, live state",
  request: { params: UsernameParamSchema },
  responses: { 200: jsonResponse(ProfileSchema, "Profile"), 404: errors[404] },
});

export function channelRoutes(deps: AppDeps) {
  const rtmpLink = (c: Context<AppEnv>) => injectionLink(c.req.header("host"), deps.config.publicUrl, deps.config.rtmpPort);
  return newRouter()
    .openapi(initRoute, async (c) => {
      await initChannel(deps, currentUser(c));
      return c.json({ success: true as const, message: translate(c.get("lang"), "channels:channel_created") }, 201);
    })
    .openapi(hasChannelRoute, async (c) => {
      const { channel } = await findChannelByUsername(deps, currentUser(c).username);
      return c.json({ success: true as const, exists: Boolean(channel), isLive: channel?.is_live === 1 }, 200);
    })
    .openapi(myChannelRoute, async (c) => {
      const user = currentUser(c);
      await ensureChannel(deps, user);
      const stream = (await streamOfUsername(deps, user.username, c.get("lang")))!;
      return c.json({ success: true as const, ...stream, gameName: stream.game?.name ?? null }, 200);
    })
    .openapi(ingestRoute, (c) => c.json({ success: true as const, injectionLink: deps.config.rtmpPort ? rtmpLink(c) : null }, 200))
    .openapi(streamKeyRoute, async (c) => {
      const channel = await ensureChannel(deps, currentUser(c));
      return c.json({ success: true as const, streamKey: channel.stream_key, injectionLink: rtmpLink(c) }, 200);
    })
    .openapi(regenerateRoute, async (c) => {
      const { channel, previousKey } = await regenerateStreamKey(deps, currentUser(c));
      deps.live?.disconnect(previousKey);
      // The SRT listener restarts with the new key's passphrase before the answer: the old SRT address is dead too.
      await deps.srt?.reload();
      return c.json({ success: true as const, streamKey: channel.stream_key, injectionLink: rtmpLink(c) }, 200);
    })
    .openapi(startRoute, async (c) => {
      const channel = await startStreaming(deps, currentUser(c), c.req.valid("json"));
      return c.json({ success: true as const, streamKey: channel.stream_key, injectionLink: rtmpLink(c) }, 200);
    })
    .openapi(streamRoute, async (c) => {
      const { username } = c.req.valid("param");
      const stream = await streamOfUsername(deps, username, c.get("lang"), c.get("auth")?.user.id);
      // Spec 01 §7: a 404 carries the username so the screen can go to the profile instead.
      if (!stream) throw new NotFoundError("stream_not_found", { username: (await findChannelByUsername(deps, username)).user.username });
      return c.json({ success: true as const, ...stream }, 200);
    })
    .openapi(streamsRoute, async (c) => {
      const { game, tag, following } = c.req.valid("query");
      const viewer = c.get("auth")?.user;
      const data = following === "true" ? (viewer ? await followedStreams(deps, viewer.id, c.get("lang")) : []) : await liveStreams(deps, { game, tag }, c.get("lang"), viewer?.id);
      return c.json({ success: true as const, data }, 200);
    })
    .openapi(viewerRoute("/viewers/join", "A viewer starts watching"), async (c) =>
      c.json({ success: true as const, viewerCount: await touchViewer(deps, c.req.valid("json").channelArn, viewerOf(c, deps)) }, 200),
    )
    .openapi(viewerRoute("/viewers/heartbeat", "A viewer is still watching (every 25 s)"), async (c) =>
      c.json({ success: true as const, viewerCount: await touchViewer(deps, c.req.valid("json").channelArn, viewerOf(c, deps)) }, 200),
    )
    .openapi(viewerRoute("/viewers/leave", "A viewer stops watching"), async (c) =>
      c.json({ success: true as const, viewerCount: await leaveViewer(deps, c.req.valid("json").channelArn, viewerOf(c, deps)) }, 200),
    )
    .openapi(getSettingsRoute, async (c) => c.json({ success: true as const, ...(await getChannelSettings(deps, currentUser(c))) }, 200))
    .openapi(putSettingsRoute, async (c) => {
      const settings = await saveChannelSettings(deps, currentUser(c), c.req.valid("json"));
      return c.json({ success: true as const, message: translate(c.get("lang"), "channels:channel_settings_saved"), ...settings }, 200);
    })
    .openapi(profileRoute, async (c) => c.json({ success: true as const, ...(await publicProfile(deps, c.req.valid("param").username, c.get("auth")?.user.id)) }, 200))
    .openapi(viewerCountRoute, async (c) => c.json({ success: true as const, ...(await viewerData(deps, c.req.valid("param").channelArn)) }, 200))
    .openapi(liveDataRoute, async (c) => c.json({ success: true as const, ...(await viewerData(deps, c.req.valid("param").id)) }, 200));
}

/** A logged-in viewer counts once however many tabs they open; a visitor is known by a random cookie and their address. */
function viewerOf(c: Context<AppEnv>, deps: AppDeps): Viewer {
  return { id: viewerId(c, deps), address: c.get("clientIp") };
}

function viewerId(c: Context<AppEnv>, deps: AppDeps): string {
  const user = c.get("auth")?.user;
  if (user) return `user:${user.id}`;
  let id = getCookie(c, VIEWER_COOKIE);
  if (!id || !/^[\w-]{8,40}$/.test(id)) {
    id = newViewerId();
    setCookie(c, VIEWER_COOKIE, id, { httpOnly: true, sameSite: "Lax", path: "/", secure: deps.config.publicUrl.startsWith("https:") });
  }
  return `visitor:${id}`;
}
