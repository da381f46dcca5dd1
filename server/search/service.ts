import { type RawBuilder, sql } from "kysely";
import { liveStreams } from "../channels/streams.ts";
import { searchGames, toGameResponse } from "../games/service.ts";
import { tournamentSummaries } from "../tournaments/queries.ts";
import type { AppDeps } from "../http/context.ts";
import type { Language } from "../i18n/messages.ts";
import { toReplayResponse } from "../replays/service.ts";
import { fold } from "../../shared/fold.ts";
import { likePattern } from "../text/like-pattern.ts";
import { countUpTo, idsContaining, positionInTitle, replayIdsStartingWith, userNameContains, userNameStartsWith } from "./indexes.ts";

interface SearchLimits {
  games: number;
  users: number;
  lives: number;
  videos: number;
  tournaments: number;
}

/**
 * One search over games, people, live streams and replays: case- and accent-insensitive, names that
 * start with the term before names that merely contain it, then the most followed or watched first.
 */
export async function search(deps: AppDeps, term: string, lang: Language, viewerId: number | undefined, limits: SearchLimits) {
  const needle = fold(term);
  if (!needle) return { games: [], users: [], lives: [], videos: [], tournaments: [] };
  const [games, users, lives, videos, tournaments] = await Promise.all([
    searchGames(deps, needle, limits.games),
    searchUsers(deps, needle, viewerId, limits.users),
    searchLives(deps, needle, lang, viewerId, limits.lives),
    searchVideos(deps, needle, limits.videos),
    searchTournaments(deps, needle, limits.tournaments),
  ]);
  return { games: games.map((game) => toGameResponse(game, lang)), users, lives, videos, tournaments };
}

/**
 * Names that start with the term first, then the ones that contain it further on, each most followed
 * first. The first are a range of an ordered index on the name; the others are looked for through
 * the trigrams only when the first do not fill the section.
 */
async function searchUsers(deps: AppDeps, needle: string, viewerId: number | undefined, limit: number) {
  const startsWith = userNameStartsWith(deps.db, needle);
  const startingWith = await rankUsers(deps, startsWith, viewerId, limit);
  const further = startingWith.length < limit ? await rankUsers(deps, sql<boolean>`${userNameContains(deps.db, needle)} AND NOT ${startsWith}`, viewerId, limit - startingWith.length) : [];
  return [...startingWith, ...further].map((row) => ({
    id: row.id,
    username: row.username,
    avatar: row.avatar,
    isVerified: row.verified === 1,
    verified: row.verified === 1,
    followers: Number(row.follower_count),
    isFollowed: Boolean(row.is_followed),
    isLive: row.is_live === 1,
    url: `/profile/${row.username}`,
  }));
}

/** The users that pass `matches`, most followed first (the count is a column, migration 0020), then by name. */
function rankUsers(deps: AppDeps, matches: RawBuilder<boolean>, viewerId: number | undefined, limit: number) {
  return (
    deps.db
      .selectFrom("user")
      .select(["user.id", "user.username", "user.avatar", "user.verified", "user.follower_count"])
      // A subquery, not a join: PostgreSQL reads it for the few rows kept after the sort, where a join read every channel.
      .select(sql<number | null>`(SELECT channel.is_live FROM channel WHERE channel.user_id = ${sql.ref("user.id")})`.as("is_live"))
      .select(
        viewerId
          ? sql<number>`EXISTS (SELECT 1 FROM follow WHERE follow.follower_id = ${viewerId} AND follow.followed_id = ${sql.ref("user.id")})`.as("is_followed")
          : sql<number>`0`.as("is_followed"),
      )
      .where("user.suspended_at", "is", null)
      .where(matches)
      .orderBy("user.follower_count", "desc")
      .orderBy("user.username")
      .limit(limit)
      .execute()
  );
}

async function searchLives(deps: AppDeps, needle: string, lang: Language, viewerId: number | undefined, limit: number) {
  const rank = (texts: string[]) => (texts.some((t) => fold(t).startsWith(needle)) ? 0 : texts.some((t) => fold(t).includes(needle)) ? 1 : 2);
  const lives = await liveStreams(deps, { texts: (texts) => rank(texts) < 2 }, lang, viewerId);
  return lives
    .map((live) => ({ live, rank: rank([live.title, live.username, live.game?.name ?? "", ...live.tags]) }))
    .filter(({ rank }) => rank < 2)
    .sort((a, b) => a.rank - b.rank || b.live.viewerCount - a.live.viewerCount)
    .slice(0, limit)
    .map(({ live }) => live);
}

/**
 * Below this many matches a term is rare: every match is read through the index and ranked. Above,
 * matches are so common that walking the replays from the most watched finds the first ones at once,
 * where ranking them all would read thousands of rows per request.
 */
const RARE_MATCHES = 1000;

/** Titles that start with the term first, then the ones that contain it further on, each most watched first. */
async function searchVideos(deps: AppDeps, needle: string, limit: number) {
  const containing = idsContaining(deps.db, "replays", needle);
  if ((await countUpTo(deps.db, containing, RARE_MATCHES)) <= RARE_MATCHES) return (await rankReplays(deps, needle, containing, limit)).map(toReplayResponse);
  const startingWith = replayIdsStartingWith(deps.db, needle);
  const first =
    (await countUpTo(deps.db, startingWith, RARE_MATCHES)) <= RARE_MATCHES
      ? await rankReplays(deps, needle, startingWith, limit)
      : await mostWatchedReplays(deps, sql<boolean>`${positionInTitle(deps.db, needle)} = 1`, limit);
  if (first.length === limit) return first.map(toReplayResponse);
  const further = await mostWatchedReplays(deps, sql<boolean>`${positionInTitle(deps.db, needle)} > 1`, limit - first.length);
  return [...first, ...further].map(toReplayResponse);
}

function listedReplays(deps: AppDeps) {
  return deps.db
    .selectFrom("replay")
    .innerJoin("channel", "channel.id", "replay.channel_id")
    .innerJoin("user", "user.id", "channel.user_id")
    .leftJoin("game", "game.id", "replay.game_id")
    .selectAll("replay")
    .select(["user.id as owner_id", "user.username", "user.avatar", "game.name as game_name", "game.icon as game_icon"])
    .where("replay.deleted_at", "is", null)
    .where("replay.status", "=", "ready")
    .where("user.suspended_at", "is", null);
}

/** Ranks the replays among `ids` (a rare term's matches): starting with the term first, then the most watched. */
function rankReplays(deps: AppDeps, needle: string, ids: RawBuilder<{ id: number }>, limit: number) {
  return listedReplays(deps)
    .where(sql<boolean>`replay.id IN (${ids})`)
    .orderBy(sql`CASE WHEN replay.search_title LIKE ${likePattern(needle, true)} ESCAPE '\\' THEN 0 ELSE 1 END`)
    .orderBy("replay.view_count", "desc")
    .orderBy("replay.id", "desc")
    .limit(limit)
    .execute();
}

/** The most watched replays that pass `matches`, read in the order of replay_most_viewed until `limit` are found. */
function mostWatchedReplays(deps: AppDeps, matches: RawBuilder<boolean>, limit: number) {
  return listedReplays(deps).where(matches).orderBy("replay.view_count", "desc").orderBy("replay.id", "desc").limit(limit).execute();
}

/** Tournaments by name or game, running and open ones before finished ones (a community holds a few hundred at most). */
async function searchTournaments(deps: AppDeps, needle: string, limit: number) {
  if (limit === 0) return [];
  const rows = await deps.db.selectFrom("tournament").selectAll().orderBy("created_at", "desc").limit(500).execute();
  const rank = (texts: string[]) => (texts.some((t) => fold(t).startsWith(needle)) ? 0 : texts.some((t) => fold(t).includes(needle)) ? 1 : 2);
  const found = rows
    .map((row) => ({ row, rank: rank([row.name, row.game_name ?? ""]) + (row.finished_at ? 2 : 0) }))
    .filter(({ row, rank }) => rank < (row.finished_at ? 4 : 2))
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit);
  return tournamentSummaries(
    deps,
    found.map(({ row }) => row),
  );
}
