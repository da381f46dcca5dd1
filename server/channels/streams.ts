import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Game } from "../../db/types.ts";
import { PREVIEW_GIF, THUMBNAIL } from "../../media/live-outputs.ts";
import type { AppDeps } from "../http/context.ts";
import type { Language } from "../i18n/messages.ts";
import { toGameResponse } from "../games/service.ts";
import { hlsDirOf } from "../live/live-manager.ts";
import { viewerCountOf } from "../live/viewers.ts";
import { followerCount, isFollowing } from "../follows/service.ts";
import type { StreamResponse } from "./schemas.ts";

function streamRows(deps: AppDeps) {
  return deps.db
    .selectFrom("channel")
    .innerJoin("user", "user.id", "channel.user_id")
    .leftJoin("live_session", "live_session.id", "channel.live_session_id")
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
      "user.id as userId",
      "user.username",
      "user.avatar",
      "user.verified",
      "user.about",
      "live_session.started_at",
    ])
    .where("user.suspended_at", "is", null);
}

type StreamRow = Awaited<ReturnType<ReturnType<typeof streamRows>["executeTakeFirstOrThrow"]>>;

export async function streamOfUsername(deps: AppDeps, username: string, lang: Language, viewerId?: number): Promise<StreamResponse | null> {
  const row = await streamRows(deps).where("user.username", "=", username).executeTakeFirst();
  return row ? toStreamResponse(deps, row, lang, viewerId) : null;
}

/** Live channels, most watched first; optionally of one game or carrying one tag. */
export async function liveStreams(deps: AppDeps, filter: { game?: number; tag?: string }, lang: Language, viewerId?: number): Promise<StreamResponse[]> {
  let query = streamRows(deps).where("channel.is_live", "=", 1);
  if (filter.game) query = query.where("channel.game_id", "=", filter.game);
  const rows = await query.orderBy("live_session.started_at", "desc").execute();
  const tag = filter.tag?.toLowerCase();
  const matching = tag ? rows.filter((row) => parseTags(row.tags).some((t) => t.toLowerCase() === tag)) : rows;
  const streams = await Promise.all(matching.map((row) => toStreamResponse(deps, row, lang, viewerId)));
  return streams.sort((a, b) => b.viewerCount - a.viewerCount);
}

/** The channels a user follows, live ones first (most watched first), then the others by name. */
export async function followedStreams(deps: AppDeps, viewerId: number, lang: Language): Promise<StreamResponse[]> {
  const rows = await streamRows(deps).innerJoin("follow", "follow.followed_id", "user.id").where("follow.follower_id", "=", viewerId).execute();
  const streams = await Promise.all(rows.map((row) => toStreamResponse(deps, row, lang, viewerId)));
  return streams.sort((a, b) => Number(b.isLive) - Number(a.isLive) || b.viewerCount - a.viewerCount || a.username.localeCompare(b.username));
}

export function parseTags(json: string): string[] {
  try {
    const tags = JSON.parse(json) as unknown;
    return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

async function toStreamResponse(deps: AppDeps, row: StreamRow, lang: Language, viewerId?: number): Promise<StreamResponse> {
  const game: Game | undefined = row.game_id ? await deps.db.selectFrom("game").selectAll().where("id", "=", row.game_id).executeTakeFirst() : undefined;
  const gameResponse = game ? toGameResponse(game, lang) : null;
  const isLive = row.is_live === 1;
  const hlsDir = hlsDirOf(deps.config.dataDir, row.username);
  const livePath = (file: string) => (isLive && existsSync(join(hlsDir, file)) ? `/live/${row.username}/${file}` : null);
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
    thumbnail: livePath(THUMBNAIL),
    thumbnailGif: livePath(PREVIEW_GIF),
    viewerCount: isLive ? await viewerCountOf(deps, row.channelId) : 0,
    startTime: isLive && row.started_at ? new Date(row.started_at).toISOString() : null,
    timePassed: isLive && row.started_at ? new Date(row.started_at).toISOString() : null,
    followers: await followerCount(deps, row.userId),
    isFollowed: await isFollowing(deps, viewerId, row.userId),
    paypalme: row.paypalme,
    social: { facebook: row.social_facebook, twitter: row.social_twitter, instagram: row.social_instagram, youtube: row.social_youtube, website: row.social_website },
  };
}
