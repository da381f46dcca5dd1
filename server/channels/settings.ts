import type { Channel, User } from "../../db/types.ts";
import { followerCount, isFollowing } from "../follows/service.ts";
import type { AppDeps } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";
import { ensureChannel, findChannelOfUser } from "./own-channel.ts";
import type { ChannelSettingsInput } from "./settings-schemas.ts";

function socialOf(channel: Channel | undefined) {
  return {
    facebook: channel?.social_facebook ?? null,
    twitter: channel?.social_twitter ?? null,
    instagram: channel?.social_instagram ?? null,
    youtube: channel?.social_youtube ?? null,
    website: channel?.social_website ?? null,
  };
}

export async function getChannelSettings(deps: AppDeps, user: User) {
  const channel = await ensureChannel(deps, user);
  return { paypalme: channel.paypalme, about: user.about, social: socialOf(channel), bracketMessages: channel.chat_bracket_messages === 1, clips: channel.clips_enabled === 1 };
}

/** Only the fields sent change; an empty string clears a field. */
export async function saveChannelSettings(deps: AppDeps, user: User, input: ChannelSettingsInput) {
  const channel = await ensureChannel(deps, user);
  const now = deps.now();
  const changes = {
    ...(input.paypalme !== undefined ? { paypalme: input.paypalme } : {}),
    ...(input.facebook !== undefined ? { social_facebook: input.facebook } : {}),
    ...(input.twitter !== undefined ? { social_twitter: input.twitter } : {}),
    ...(input.instagram !== undefined ? { social_instagram: input.instagram } : {}),
    ...(input.youtube !== undefined ? { social_youtube: input.youtube } : {}),
    ...(input.website !== undefined ? { social_website: input.website } : {}),
    ...(input.bracketMessages !== undefined ? { chat_bracket_messages: input.bracketMessages ? 1 : 0 } : {}),
    ...(input.clips !== undefined ? { clips_enabled: input.clips ? 1 : 0 } : {}),
  };
  await deps.db
    .updateTable("channel")
    .set({ ...changes, updated_at: now })
    .where("id", "=", channel.id)
    .execute();
  const updatedUser =
    input.about !== undefined ? await deps.db.updateTable("user").set({ about: input.about, updated_at: now }).where("id", "=", user.id).returningAll().executeTakeFirstOrThrow() : user;
  return getChannelSettings(deps, updatedUser);
}

/** What a profile page shows about anyone: no email, no keys. */
export async function publicProfile(deps: AppDeps, username: string, viewerId: number | undefined) {
  const user = await deps.db.selectFrom("user").selectAll().where("username", "=", username).where("suspended_at", "is", null).executeTakeFirst();
  if (!user) throw new NotFoundError("user_not_found");
  const channel = await findChannelOfUser(deps, user.id);
  return {
    id: user.id,
    _id: user.id,
    username: user.username,
    avatar: user.avatar,
    banner: user.banner,
    about: user.about,
    verified: user.verified === 1,
    createdAt: new Date(user.created_at).toISOString(),
    paypalme: channel?.paypalme ?? null,
    social: socialOf(channel),
    followers: await followerCount(deps, user.id),
    isFollowed: await isFollowing(deps, viewerId, user.id),
    isLive: channel?.is_live === 1,
    channelArn: channel?.public_id ?? null,
  };
}
