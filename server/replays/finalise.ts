import { rmSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { finaliseRecording } from "../../media/recording.ts";
import { fold } from "../text/fold.ts";
import type { AppDeps } from "../http/context.ts";
import { isErasedAccount } from "../auth/erased-accounts.ts";

/**
 * Makes the replay of a finished live session: a row at once ("processing"), then the MP4, its
 * true duration, size and thumbnail. A session with nothing recorded gets no replay. Either way the
 * session is marked finalised, so no node takes it up again (live/nodes.ts).
 */
export async function finaliseSessionReplay(deps: AppDeps, sessionId: number, log: (line: string) => void): Promise<void> {
  const session = await deps.db.selectFrom("live_session").selectAll().where("id", "=", sessionId).executeTakeFirstOrThrow();
  if (await streamerErased(deps, session.channel_id)) {
    // Deleted mid-live: what the live recorded is theirs and goes with the account.
    rmSync(recordingDirOf(deps.config.mediaDir, session.recording_dir), { recursive: true, force: true });
    return markFinalised(deps, sessionId);
  }
  const title = session.title.trim() || "Live";
  const existing = await deps.db.selectFrom("replay").select(["id", "status"]).where("live_session_id", "=", sessionId).where("match_id", "is", null).executeTakeFirst();
  if (existing?.status === "ready") return markFinalised(deps, sessionId);
  const replayId =
    existing?.id ??
    (
      await deps.db
        .insertInto("replay")
        .values({
          channel_id: session.channel_id,
          live_session_id: sessionId,
          title,
          search_title: fold(title),
          description: session.description,
          game_id: session.game_id,
          status: "processing",
          file_path: null,
          thumbnail_path: null,
          duration: null,
          file_size: null,
          created_at: session.ended_at ?? deps.now(),
          deleted_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const recordingsRoot = join(deps.config.mediaDir, "recordings");
  try {
    const output = join(recordingsRoot, String(session.channel_id), `${sessionId}.mp4`);
    const result = await finaliseRecording(recordingDirOf(deps.config.mediaDir, session.recording_dir), output);
    if (!result) {
      await deps.db.deleteFrom("replay").where("id", "=", replayId).execute();
      return markFinalised(deps, sessionId);
    }
    await deps.db
      .updateTable("replay")
      .set({ status: "ready", file_path: relative(recordingsRoot, result.file), thumbnail_path: relative(recordingsRoot, result.thumbnail), duration: result.duration, file_size: result.size })
      .where("id", "=", replayId)
      .execute();
    await markFinalised(deps, sessionId);
    deps.bus.emit("replay:ready", { replayId, channelId: session.channel_id });
  } catch (error) {
    log(`[replay] session ${sessionId}: ${(error as Error).message}`);
    await deps.db.updateTable("replay").set({ status: "failed" }).where("id", "=", replayId).execute();
    await markFinalised(deps, sessionId);
  }
}

async function streamerErased(deps: AppDeps, channelId: number): Promise<boolean> {
  const owner = await deps.db.selectFrom("channel").innerJoin("user", "user.id", "channel.user_id").select("user.email").where("channel.id", "=", channelId).executeTakeFirstOrThrow();
  return isErasedAccount(owner);
}

async function markFinalised(deps: AppDeps, sessionId: number): Promise<void> {
  await deps.db.updateTable("live_session").set({ finalised_at: deps.now() }).where("id", "=", sessionId).execute();
}

/**
 * Where a session's recording is now. Sessions store the absolute path of their day; a media folder
 * moved or restored elsewhere (server/backup/) keeps its recordings/<channel>/<start> shape, so
 * the path is taken from "recordings" on, under today's media folder.
 */
export function recordingDirOf(mediaDir: string, stored: string): string {
  const at = stored.lastIndexOf(`${sep}recordings${sep}`);
  return at === -1 ? stored : join(mediaDir, stored.slice(at + 1));
}
