import type { AppDeps } from "../http/context.ts";
import { GB } from "./disk-room.ts";
import { notify } from "../notifications/service.ts";
import type { RecordingRoom } from "./schemas.ts";

/**
 * A live stopped being recorded for want of disk room: its session says so (the streamer's page reads
 * it) and its streamer is notified, once per live.
 */
export async function warnRecordingStopped(deps: AppDeps, live: { channelId: number; sessionId: number; username: string }, log: (line: string) => void): Promise<void> {
  const marked = await deps.db.updateTable("live_session").set({ recording_stopped_at: deps.now() }).where("id", "=", live.sessionId).where("recording_stopped_at", "is", null).executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 0) return;
  log(`[storage] disk nearly full: the live of ${live.username} is no longer recorded (session ${live.sessionId})`);
  const channel = await deps.db.selectFrom("channel").select("user_id").where("id", "=", live.channelId).executeTakeFirst();
  if (channel) await notify(deps, [channel.user_id], { type: "recording_stopped", actorId: null, link: `/stream/${live.username}`, data: { username: live.username } });
}

/** The disk just went below the policy's floor: every admin hears about it, with the free room left. */
export async function warnAdminsDiskNearlyFull(deps: AppDeps, room: RecordingRoom, log: (line: string) => void): Promise<void> {
  const freeGb = ((room.freeBytes ?? 0) / GB).toFixed(1);
  log(`[storage] disk nearly full: ${freeGb} GB free, recordings stop until room is made`);
  const admins = await deps.db.selectFrom("user").select("id").where("role", "=", "admin").execute();
  await notify(
    deps,
    admins.map((admin) => admin.id),
    { type: "disk_nearly_full", actorId: null, link: "/admin?tab=storage", data: { freeGb } },
  );
}
