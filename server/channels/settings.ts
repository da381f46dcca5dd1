import type { Channel, User } from "../../db/types.ts";
import { followerCount, isFollowing } from "../follows/service.ts";
import type { AppDeps } from "../http/context.ts";
import { accessChoices, forgetChannelName } from "../restricted/live-access.ts";
import { isAdmin } from "../access/policy.ts";
import { InvalidError, NotFoundError } from "../http/errors.ts";
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
  return {
    paypalme: channel.paypalme,
    about: user.about,
    social: socialOf(channel),
    bracketMessages: channel.chat_bracket_messages === 1,
    clips: channel.clips_enabled === 1,
    watch: { mode: channel.watch_access, eventId: channel.watch_event_id, tournamentId: channel.watch_tournament_id },
    chat: { mode: channel.chat_access, eventId: channel.chat_event_id, tournamentId: channel.chat_tournament_id },
    accessChoices: await accessChoices(deps.db, user),
  };
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
    ...(input.watch ? prefixed("watch", await checkedRule(deps, user, input.watch, "watch")) : {}),
    ...(input.chat ? prefixed("chat", await checkedRule(deps, user, input.chat, "chat")) : {}),
  };
  await deps.db
    .updateTable("channel")
    .set({ ...changes, updated_at: now })
    .where("id", "=", channel.id)
    .execute();
  if (input.watch) forgetChannelName(deps.db, user.username);
  if (input.chat) deps.bus.emit("chat:access", { streamID: channel.public_id });
  // A live already running takes the new watch rule too, so the replay it becomes keeps it.
  if (input.watch && channel.is_live === 1 && channel.live_session_id !== null) {
    await deps.db
      .updateTable("live_session")
      .set(prefixed("watch", await checkedRule(deps, user, input.watch, "watch")))
      .where("id", "=", channel.live_session_id)
      .execute();
  }
  const updatedUser =
    input.about !== undefined ? await deps.db.updateTable("user").set({ about: input.about, updated_at: now }).where("id", "=", user.id).returningAll().executeTakeFirstOrThrow() : user;
  return getChannelSettings(deps, updatedUser);
}

interface RuleInput<Mode extends string> {
  mode: Mode;
  eventId?: number | null;
  tournamentId?: number | null;
}

/**
 * A rule keeps only what its mode names, and names only what the streamer may choose (accessChoices):
 * a ticket rule without one of their events, or an entrants rule without one of their tournaments, is refused.
 */
async function checkedRule<Mode extends string>(deps: AppDeps, user: User, input: RuleInput<Mode>, field: "watch" | "chat") {
  const eventId = input.mode === "ticket" ? (input.eventId ?? null) : null;
  const tournamentId = input.mode === "entrants" ? (input.tournamentId ?? null) : null;
  if (eventId !== null || tournamentId !== null || input.mode === "ticket" || input.mode === "entrants") {
    const choices = await accessChoices(deps.db, user);
    const staff = isAdmin(user);
    if (input.mode === "ticket" && (eventId === null || !(staff || choices.events.some((event) => event.id === eventId)))) {
      throw new InvalidError([{ field: `${field}.eventId`, code: "access_event_invalid" }]);
    }
    if (input.mode === "entrants" && (tournamentId === null || !(staff || choices.tournaments.some((tournament) => tournament.id === tournamentId)))) {
      throw new InvalidError([{ field: `${field}.tournamentId`, code: "access_tournament_invalid" }]);
    }
  }
  return { access: input.mode, event_id: eventId, tournament_id: tournamentId };
}

function prefixed<P extends "watch" | "chat", Mode extends string>(prefix: P, rule: { access: Mode; event_id: number | null; tournament_id: number | null }) {
  return { [`${prefix}_access`]: rule.access, [`${prefix}_event_id`]: rule.event_id, [`${prefix}_tournament_id`]: rule.tournament_id } as Record<`${P}_access`, Mode> &
    Record<`${P}_event_id` | `${P}_tournament_id`, number | null>;
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
