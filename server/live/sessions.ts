import type { AppDeps } from "../http/context.ts";

/** A publisher that leaves and comes back within this window continues the same live (spec: offline within 5 s). */
export const RECONNECT_GRACE_MS = 4000;

/** Ends a live session and clears its channel's live flag, only if they are still open (every node may try at once). */
export async function markOffline(deps: AppDeps, channelId: number, sessionId: number): Promise<void> {
  const now = deps.now();
  await deps.db.updateTable("live_session").set({ ended_at: now }).where("id", "=", sessionId).where("ended_at", "is", null).execute();
  await deps.db.updateTable("channel").set({ is_live: 0, live_session_id: null }).where("id", "=", channelId).where("live_session_id", "=", sessionId).execute();
  await deps.db.deleteFrom("viewer_presence").where("channel_id", "=", channelId).execute();
}

/** Whether this node still owns a session: another may have taken it over while this one could not reach the database. */
export async function ownsSession(deps: AppDeps, sessionId: number): Promise<boolean> {
  const session = await deps.db.selectFrom("live_session").select("node_url").where("id", "=", sessionId).executeTakeFirst();
  return session?.node_url === deps.config.nodeUrl;
}
