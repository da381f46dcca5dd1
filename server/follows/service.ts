import type { User } from "../../db/types.ts";
import type { AppDeps } from "../http/context.ts";
import { BadRequestError, NotFoundError } from "../http/errors.ts";
import { hitRateLimit, type Limit } from "../http/rate-limit.ts";
import { announce as announceToWebhooks } from "../webhooks/queue/queue.ts";
import { channelWords } from "../webhooks/queue/words.ts";
import { followAlert, showAlerts } from "../overlays/alerts/alerts.ts";

/**
 * Follows and unfollows a member makes in an hour, counted together: more than anyone clicks, too few to flood a
 * streamer with follow notifications by toggling (issue 34, item 19), as reports are limited.
 */
export const followsPerMember: Limit = { max: 60, windowMs: 60 * 60 * 1000 };
export const followBucket = (userId: number) => `follow:user:${userId}`;

/** `channelId` is a channel's public id (a stream's `_id`) or a user id (a profile's `id`). */
async function followedUserOf(deps: AppDeps, channelId: string | number): Promise<number> {
  const row =
    typeof channelId === "number"
      ? await deps.db.selectFrom("user").select("id").where("id", "=", channelId).where("suspended_at", "is", null).executeTakeFirst()
      : await deps.db.selectFrom("channel").select("user_id as id").where("public_id", "=", channelId).executeTakeFirst();
  if (!row) throw new NotFoundError("user_not_found");
  return row.id;
}

export async function follow(deps: AppDeps, user: User, channelId: string | number): Promise<number> {
  const followedId = await followedUserOf(deps, channelId);
  if (followedId === user.id) throw new BadRequestError("cannot_follow_self");
  await hitRateLimit(deps.db, followBucket(user.id), followsPerMember, deps.now());
  const added = await deps.db
    .insertInto("follow")
    .values({ follower_id: user.id, followed_id: followedId, created_at: deps.now() })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  const followers = await announce(deps, followedId);
  // A follow already there is not a new follower for the channel's webhooks and overlays.
  if (Number(added.numInsertedOrUpdatedRows ?? 0) > 0) {
    await announceFollow(deps, user.username, followedId, followers);
    showAlerts(deps, [followAlert(followedId, user.username)]);
  }
  return followers;
}

export async function unfollow(deps: AppDeps, user: User, channelId: string | number): Promise<number> {
  const followedId = await followedUserOf(deps, channelId);
  await hitRateLimit(deps.db, followBucket(user.id), followsPerMember, deps.now());
  await deps.db.deleteFrom("follow").where("follower_id", "=", user.id).where("followed_id", "=", followedId).execute();
  return announce(deps, followedId);
}

async function announce(deps: AppDeps, followedId: number): Promise<number> {
  const followers = await followerCount(deps, followedId);
  deps.bus.emit("follows:changed", { userId: followedId, followers });
  return followers;
}

export async function followerCount(deps: AppDeps, userId: number): Promise<number> {
  const row = await deps.db
    .selectFrom("follow")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("followed_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function isFollowing(deps: AppDeps, followerId: number | undefined, followedId: number): Promise<boolean> {
  if (!followerId) return false;
  return Boolean(await deps.db.selectFrom("follow").select("followed_id").where("follower_id", "=", followerId).where("followed_id", "=", followedId).executeTakeFirst());
}

/** The caller's followers, newest first (the profile's followers list, 20 a page). */
export async function myFollowers(deps: AppDeps, user: User, page: number, limit = 20) {
  const rows = await deps.db
    .selectFrom("follow")
    .innerJoin("user", "user.id", "follow.follower_id")
    .select(["user.id", "user.username", "user.avatar", "user.verified"])
    .select((eb) =>
      eb
        .selectFrom("follow as f2")
        .select((e2) => e2.fn.countAll<number>().as("n"))
        .whereRef("f2.followed_id", "=", "user.id")
        .as("followers"),
    )
    .where("follow.followed_id", "=", user.id)
    .orderBy("follow.created_at", "desc")
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return {
    followers: rows
      .slice(0, limit)
      .map((row) => ({ id: row.id, url: `/profile/${row.username}`, avatar: row.avatar, username: row.username, isVerified: row.verified === 1, followers: Number(row.followers ?? 0) })),
    hasMore: rows.length > limit,
    total: await followerCount(deps, user.id),
  };
}

/** A new follower of `followedUserId`'s channel (a follow counted once: called only when the row was added). */
async function announceFollow(deps: AppDeps, followerName: string, followedUserId: number, followers: number): Promise<void> {
  const channel = await deps.db.selectFrom("channel").select("id").where("user_id", "=", followedUserId).executeTakeFirst();
  if (!channel) return;
  const words = await channelWords(deps, channel.id);
  if (!words) return;
  await announceToWebhooks(deps, deps.db, "channel.follow", { channelId: channel.id }, { ...words.words, follower: followerName, followers });
}
