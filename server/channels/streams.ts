import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Game } from "../../db/types.ts";
import { hlsDirOf, PREVIEW_GIF, THUMBNAIL } from "../../media/live-outputs.ts";
import type { AppDeps } from "../http/context.ts";
import type { Language } from "../i18n/messages.ts";
import { toGameResponse } from "../games/service.ts";
import { VIEWER_TIMEOUT_MS } from "./viewers.ts";
import type { StreamResponse } from "./schemas.ts";
import { siteSettings } from "../site/settings/settings.ts";

function streamRows(deps: AppDeps) {
  return deps.db
    .selectFrom("channel")
    .innerJoin("user", "user.id", "channel.user_id")
    .leftJoin("live_session", "live_session.id", "channel.live_session_id")
    .leftJoin("game", "game.id", "channel.game_id")
    .select([
      "channel.id as channelId",
      "channel.public_id",
      "channel.title",
      "channel.description",
      "channel.game_id",
      "channel.tags",
      "channel.is_live",
      "channel.paypalme",
      "channel.social_facebook",
      "channel.social_twitter",
      "channel.social_instagram",
      "channel.social_youtube",
      "channel.social_website",
      "channel.watch_access",
      "user.id as userId",
      "user.username",
      "user.avatar",
      "user.verified",
      "user.about",
      "live_session.started_at",
      "live_session.node_url",
      "live_session.reconnect_until",
      "game.name as game_name",
    ])
    .where("user.suspended_at", "is", null);
}

type StreamRow = Awaited<ReturnType<ReturnType<typeof streamRows>["executeTakeFirstOrThrow"]>>;

export async function streamOfUsername(deps: AppDeps, username: string, lang: Language, viewerId?: number): Promise<StreamResponse | null> {
  const row = await streamRows(deps).where("user.username", "=", username).executeTakeFirst();
  return row ? (await toStreamResponses(deps, [row], lang, viewerId))[0]! : null;
}

/**
 * Live channels, most watched first; optionally of one game, carrying one tag, or whose title,
 * streamer, game or tags pass `texts` (search: answers are built for those only).
 */
export async function liveStreams(deps: AppDeps, filter: { game?: number; tag?: string; texts?: (texts: string[]) => boolean }, lang: Language, viewerId?: number): Promise<StreamResponse[]> {
  let query = streamRows(deps).where("channel.is_live", "=", 1);
  if (filter.game) query = query.where("channel.game_id", "=", filter.game);
  const rows = await query.orderBy("live_session.started_at", "desc").execute();
  const tag = filter.tag?.toLowerCase();
  let matching = tag ? rows.filter((row) => parseTags(row.tags).some((t) => t.toLowerCase() === tag)) : rows;
  if (filter.texts) {
    const { texts } = filter;
    matching = matching.filter((row) => texts([row.title, row.username, row.game_name ?? "", ...parseTags(row.tags)]));
  }
  const streams = await toStreamResponses(deps, matching, lang, viewerId);
  return streams.sort((a, b) => b.viewerCount - a.viewerCount);
}

/** The channels a user follows, live ones first (most watched first), then the others by name. */
export async function followedStreams(deps: AppDeps, viewerId: number, lang: Language): Promise<StreamResponse[]> {
  const rows = await streamRows(deps).innerJoin("follow", "follow.followed_id", "user.id").where("follow.follower_id", "=", viewerId).execute();
  const streams = await toStreamResponses(deps, rows, lang, viewerId);
  return streams.sort((a, b) => Number(b.isLive) - Number(a.isLive) || b.viewerCount - a.viewerCount || a.username.localeCompare(b.username));
}

function parseTags(json: string): string[] {
  try {
    const tags = JSON.parse(json) as unknown;
    return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Builds many stream answers with a fixed number of queries (games, viewer counts, follower counts,
 * the viewer's follows), not a handful per stream: the home page lists them all at once.
 */
async function toStreamResponses(deps: AppDeps, rows: StreamRow[], lang: Language, viewerId?: number): Promise<StreamResponse[]> {
  if (rows.length === 0) return [];
  const channelIds = rows.map((row) => row.channelId);
  const userIds = rows.map((row) => row.userId);
  const [games, viewers, followers, followed, settings] = await Promise.all([
    deps.db.selectFrom("game").selectAll().execute(),
    deps.db
      .selectFrom("viewer_presence")
      .select(["channel_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("channel_id", "in", channelIds)
      .where("last_seen_at", ">", deps.now() - VIEWER_TIMEOUT_MS)
      .groupBy("channel_id")
      .execute(),
    deps.db
      .selectFrom("follow")
      .select(["followed_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("followed_id", "in", userIds)
      .groupBy("followed_id")
      .execute(),
    viewerId ? deps.db.selectFrom("follow").select("followed_id").where("follower_id", "=", viewerId).where("followed_id", "in", userIds).execute() : Promise.resolve([]),
    siteSettings(deps),
  ]);
  // The site's WebRTC setting, not this node's media: a node that only serves pages relays the offer to the live's node.
  const realtime = settings.realtimeViewersPerLive > 0 && deps.config.webrtcUdpPort !== undefined;
  const gameById = new Map<number, Game>(games.map((game) => [game.id, game]));
  const viewersOf = new Map(viewers.map((v) => [v.channel_id, Number(v.n)]));
  const followersOf = new Map(followers.map((f) => [f.followed_id, Number(f.n)]));
  const followedSet = new Set(followed.map((f) => f.followed_id));
  return rows.map((row) =>
    toStreamResponse(deps, row, lang, {
      game: row.game_id ? gameById.get(row.game_id) : undefined,
      viewers: viewersOf.get(row.channelId) ?? 0,
      followers: followersOf.get(row.userId) ?? 0,
      isFollowed: followedSet.has(row.userId),
      realtime,
    }),
  );
}

/** A live's first thumbnail and preview are made within a few seconds of its first segment (live/live-manager.ts). */
const REMOTE_PICTURES_AFTER_MS = 10_000;

function toStreamResponse(
  deps: AppDeps,
  row: StreamRow,
  lang: Language,
  extra: { game: Game | undefined; viewers: number; followers: number; isFollowed: boolean; realtime: boolean },
): StreamResponse {
  const gameResponse = extra.game ? toGameResponse(extra.game, lang) : null;
  const isLive = row.is_live === 1;
  const hlsDir = hlsDirOf(deps.config.dataDir, row.channelId);
  // Another node's pictures are not on this one's disk: named once that node has had time to make them, and relayed from it (live/media-routes.ts).
  const elsewhere = row.node_url !== null && row.node_url !== deps.config.nodeUrl;
  const picturesMade = elsewhere ? (row.started_at ?? Number.POSITIVE_INFINITY) < deps.now() - REMOTE_PICTURES_AFTER_MS : undefined;
  const livePath = (file: string) => (isLive && (picturesMade ?? existsSync(join(hlsDir, file))) ? `/live/${row.username}/${file}` : null);
  // A restricted live's pictures are refused to most viewers (server/restricted/live-access.ts): cards show its lock instead.
  const picture = (file: string) => (row.watch_access === "everyone" ? livePath(file) : null);
  return {
    _id: row.public_id,
    channelArn: row.public_id,
    user: row.userId,
    username: row.username,
    avatar: row.avatar,
    verified: row.verified === 1,
    title: row.title,
    about: row.about,
    description: row.description,
    game: gameResponse,
    stream_games: gameResponse,
    tags: parseTags(row.tags),
    isLive,
    // Playback addresses name the user, never the stream key (DESIGN.md).
    playbackLink: isLive ? `/live/${row.username}/index.m3u8` : null,
    flvLink: isLive ? `/live/${row.username}.flv` : null,
    // Real time (WebRTC, issue 37 item 6): offered while the site lets anyone watch so; the cap is checked on the POST.
    realtimeLink: isLive && extra.realtime ? `/api/whep/${row.username}` : null,
    thumbnail: picture(THUMBNAIL),
    thumbnailGif: picture(PREVIEW_GIF),
    viewerCount: isLive ? extra.viewers : 0,
    startTime: isLive && row.started_at ? new Date(row.started_at).toISOString() : null,
    timePassed: isLive && row.started_at ? new Date(row.started_at).toISOString() : null,
    followers: extra.followers,
    isFollowed: extra.isFollowed,
    paypalme: row.paypalme,
    social: { facebook: row.social_facebook, twitter: row.social_twitter, instagram: row.social_instagram, youtube: row.social_youtube, website: row.social_website },
    watchAccess: row.watch_access,
    // A live that ended during its wait (or whose node died) leaves the column set: only a live one waits.
    reconnecting: isLive && row.reconnect_until !== null,
  };
}

/** A channel live right now, by its streamer's name: its stream key (for the FLV relay, never sent to a client) and the node that ingests it. */
export async function liveChannelOf(deps: AppDeps, username: string): Promise<{ streamKey: string; nodeUrl: string | null } | undefined> {
  const channel = await deps.db
    .selectFrom("channel")
    .innerJoin("user", "user.id", "channel.user_id")
    .leftJoin("live_session", "live_session.id", "channel.live_session_id")
    .leftJoin("game", "game.id", "channel.game_id")
    .select(["channel.stream_key", "channel.is_live", "live_session.node_url"])
    .where("user.username", "=", username)
    .executeTakeFirst();
  return channel?.is_live === 1 ? { streamKey: channel.stream_key, nodeUrl: channel.node_url } : undefined;
}
