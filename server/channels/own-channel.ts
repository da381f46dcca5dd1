import { randomBytes } from "node:crypto";
import type { Channel, User } from "../../db/types.ts";
import type { AppDeps } from "../http/context.ts";

// A member's own channel, made on first use: the channel domain and restreaming both start here.

export function newStreamKey(): string {
  return `live_${randomBytes(24).toString("base64url")}`;
}

function newPublicId(): string {
  return randomBytes(10).toString("hex");
}

export async function findChannelOfUser(deps: AppDeps, userId: number): Promise<Channel | undefined> {
  return deps.db.selectFrom("channel").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** Every streaming call works even if the web app never called init (a first login from another client). */
export async function ensureChannel(deps: AppDeps, user: User): Promise<Channel> {
  return (await findChannelOfUser(deps, user.id)) ?? createChannel(deps, user.id);
}

/**
 * The signal (db/signals.ts) sent after a stream key, or the name a key publishes under, changed: every
 * node's media server checks keys from a copy in memory (live/stream-keys.ts), which it then reloads.
 */
export const STREAM_KEYS_CHANGED = "stream_keys";

export async function createChannel(deps: AppDeps, userId: number): Promise<Channel> {
  const now = deps.now();
  const channel = await deps.db
    .insertInto("channel")
    .values({ user_id: userId, public_id: newPublicId(), stream_key: newStreamKey(), game_id: null, live_session_id: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .returningAll()
    .executeTakeFirstOrThrow();
  await deps.signals.notify(STREAM_KEYS_CHANGED);
  return channel;
}
