import type { Channel, User } from "../../db/types.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError, NotFoundError } from "../http/errors.ts";
import type { StartStreamingInput } from "./schemas.ts";
import { getGame } from "../games/service.ts";
import { fold } from "../../shared/fold.ts";
import { createChannel, ensureChannel, findChannelOfUser, newStreamKey, STREAM_KEYS_CHANGED } from "./own-channel.ts";

/** Spec 01 §8: creating a channel twice is a 422 ("channel already created."). */
export async function initChannel(deps: AppDeps, user: User): Promise<Channel> {
  if (await findChannelOfUser(deps, user.id)) throw new AppError(422, "channel_already_created");
  return createChannel(deps, user.id);
}

/** A new key; a publisher using the old one is cut off at once by the caller. */
export async function regenerateStreamKey(deps: AppDeps, user: User): Promise<{ channel: Channel; previousKey: string }> {
  const channel = await ensureChannel(deps, user);
  const updated = await deps.db.updateTable("channel").set({ stream_key: newStreamKey(), updated_at: deps.now() }).where("id", "=", channel.id).returningAll().executeTakeFirstOrThrow();
  await deps.signals.notify(STREAM_KEYS_CHANGED);
  return { channel: updated, previousKey: channel.stream_key };
}

/** Saves what the next (or current) live shows: title, game, tags and description. */
export async function startStreaming(deps: AppDeps, user: User, input: StartStreamingInput): Promise<Channel> {
  await getGame(deps, input.gameId);
  const channel = await ensureChannel(deps, user);
  const tags = JSON.stringify([...new Set(input.tags.map((t) => t.trim()).filter(Boolean))].slice(0, 5));
  const updated = await deps.db
    .updateTable("channel")
    .set({ title: input.title, search_title: fold(input.title), game_id: input.gameId, description: input.description, tags, updated_at: deps.now() })
    .where("id", "=", channel.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // A live in progress takes the new details too, so its replay carries them.
  if (updated.live_session_id !== null) {
    await deps.db.updateTable("live_session").set({ title: input.title, game_id: input.gameId, description: input.description, tags }).where("id", "=", updated.live_session_id).execute();
  }
  return updated;
}

export async function findChannelByUsername(deps: AppDeps, username: string) {
  const user = await deps.db.selectFrom("user").selectAll().where("username", "=", username).where("suspended_at", "is", null).executeTakeFirst();
  if (!user) throw new NotFoundError("user_not_found");
  const channel = await findChannelOfUser(deps, user.id);
  return { user, channel };
}

/** The RTMP address OBS is given: the host the user reached us by, and the ingest port. */
export function injectionLink(requestHost: string | undefined, publicUrl: string, rtmpPort: number): string {
  const host = requestHost ? new URL(`http://${requestHost}`).hostname : new URL(publicUrl).hostname;
  // URL already brackets an IPv6 hostname ("[fe80::1]"); only a bare one needs them.
  return `rtmp://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${rtmpPort}/live`;
}
