import { randomBytes } from "node:crypto";
import type { AppDeps } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";

/** A viewer who has not sent a heartbeat for this long no longer counts (heartbeats come every 25 s). */
export const VIEWER_TIMEOUT_MS = 60_000;
export const VIEWER_COOKIE = "arena_viewer";

export function newViewerId(): string {
  return randomBytes(12).toString("base64url");
}

async function liveChannelByArn(deps: AppDeps, channelArn: string) {
  const channel = await deps.db.selectFrom("channel").select(["id", "public_id", "is_live"]).where("public_id", "=", channelArn).executeTakeFirst();
  if (!channel) throw new NotFoundError("stream_not_found");
  return channel;
}

/**
 * Visitors without a session counted from one address at most: a household or a LAN behind one
 * router. Beyond that, new "visitors" are a script dropping its cookie to inflate the count.
 */
export const VISITORS_PER_ADDRESS = 10;

export interface Viewer {
  /** `user:ID` for a member (once however many tabs), `visitor:COOKIE` for a visitor. */
  id: string;
  address: string;
}

/** join and heartbeat are the same write: "this viewer is here now". Only a live stream counts viewers. */
export async function touchViewer(deps: AppDeps, channelArn: string, viewer: Viewer): Promise<number> {
  const channel = await liveChannelByArn(deps, channelArn);
  if (channel.is_live !== 1) throw new NotFoundError("stream_not_found");
  const now = deps.now();
  if (viewer.id.startsWith("visitor:") && !(await isCounted(deps, channel.id, viewer.id)) && (await visitorsFrom(deps, channel.id, viewer.address)) >= VISITORS_PER_ADDRESS) {
    return viewerCountOf(deps, channel.id);
  }
  await deps.db
    .insertInto("viewer_presence")
    .values({ channel_id: channel.id, viewer_id: viewer.id, last_seen_at: now, address: viewer.address })
    .onConflict((oc) => oc.columns(["channel_id", "viewer_id"]).doUpdateSet({ last_seen_at: now }))
    .execute();
  return publishCount(deps, channel.id, channel.public_id);
}

async function isCounted(deps: AppDeps, channelId: number, viewerId: string): Promise<boolean> {
  const row = await deps.db.selectFrom("viewer_presence").select("viewer_id").where("channel_id", "=", channelId).where("viewer_id", "=", viewerId).executeTakeFirst();
  return row !== undefined;
}

async function visitorsFrom(deps: AppDeps, channelId: number, address: string): Promise<number> {
  const row = await deps.db
    .selectFrom("viewer_presence")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("channel_id", "=", channelId)
    .where("address", "=", address)
    .where("viewer_id", "like", "visitor:%")
    .where("last_seen_at", ">", deps.now() - VIEWER_TIMEOUT_MS)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function leaveViewer(deps: AppDeps, channelArn: string, viewer: Viewer): Promise<number> {
  const channel = await liveChannelByArn(deps, channelArn);
  await deps.db.deleteFrom("viewer_presence").where("channel_id", "=", channel.id).where("viewer_id", "=", viewer.id).execute();
  return publishCount(deps, channel.id, channel.public_id);
}

/** The viewers a live has now: the people watching it (a raid adds none: server/raids/). */
export async function viewerCountOf(deps: Pick<AppDeps, "db" | "now">, channelId: number): Promise<number> {
  const row = await deps.db
    .selectFrom("viewer_presence")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("channel_id", "=", channelId)
    .where("last_seen_at", ">", deps.now() - VIEWER_TIMEOUT_MS)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function viewerData(deps: AppDeps, channelArn: string): Promise<{ viewerCount: number; startTime: string | null }> {
  const channel = await deps.db
    .selectFrom("channel")
    .leftJoin("live_session", "live_session.id", "channel.live_session_id")
    .select(["channel.id", "channel.is_live", "live_session.started_at"])
    .where("channel.public_id", "=", channelArn)
    .executeTakeFirst();
  if (channel?.is_live !== 1) throw new NotFoundError("stream_not_found");
  return { viewerCount: await viewerCountOf(deps, channel.id), startTime: channel.started_at ? new Date(channel.started_at).toISOString() : null };
}

async function publishCount(deps: AppDeps, channelId: number, channelArn: string): Promise<number> {
  const viewerCount = await viewerCountOf(deps, channelId);
  deps.bus.emit("viewers:changed", { channelId, channelArn, viewerCount });
  return viewerCount;
}

/** Drops silent viewers and tells the rooms whose count fell; run every few seconds. */
export async function sweepSilentViewers(deps: AppDeps): Promise<void> {
  const gone = await deps.db
    .deleteFrom("viewer_presence")
    .where("last_seen_at", "<=", deps.now() - VIEWER_TIMEOUT_MS)
    .returning("channel_id")
    .execute();
  for (const channelId of new Set(gone.map((g) => g.channel_id))) {
    const channel = await deps.db.selectFrom("channel").select("public_id").where("id", "=", channelId).executeTakeFirst();
    if (channel) await publishCount(deps, channelId, channel.public_id);
  }
}
