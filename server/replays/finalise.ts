import { existsSync, rmSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { bytesUnder } from "../../media/disk-usage.ts";
import { recordingParts } from "../../media/live-outputs.ts";
import { probe } from "../../media/probe.ts";
import { finaliseRecording, mp4CoversParts } from "../../media/recording.ts";
import { fold } from "../../shared/fold.ts";
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
    const recordingDir = recordingDirOf(deps.config.mediaDir, session.recording_dir);
    const result = await finaliseRecording(recordingDir, output);
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
    removePartsCoveredBy(deps, recordingDir, result.duration);
    deps.bus.emit("replay:ready", { replayId, channelId: session.channel_id });
  } catch (error) {
    log(`[replay] session ${sessionId}: ${(error as Error).message}`);
    await deps.db.updateTable("replay").set({ status: "failed" }).where("id", "=", replayId).execute();
    await markFinalised(deps, sessionId);
  }
}

/**
 * A live's recording parts, once its MP4 is verified to hold them all (issue 34, item 12): the disk keeps one copy of
 * a live, not the FLV parts beside the MP4 (a site capped at X GB used about 2X). Match replays cut later read the
 * MP4 instead (server/tournaments/match-replays.ts). Returns whether they went.
 */
function removePartsCoveredBy(deps: AppDeps, recordingDir: string, mp4Seconds: number): boolean {
  const parts = recordingParts(recordingDir);
  // Only ever a folder inside recordings/: a stored path from elsewhere is left alone.
  if (!recordingDir.startsWith(join(deps.config.mediaDir, "recordings") + sep)) return false;
  if (parts.length > 0 && !mp4CoversParts(parts, mp4Seconds)) return false;
  rmSync(recordingDir, { recursive: true, force: true });
  return true;
}

/**
 * The parts still beside a finished live's MP4: those of lives made before the rule above, or whose removal a restart
 * interrupted. Each MP4 is measured again before its parts go; a live whose replay failed keeps its parts (the only
 * copy). Run with the storage policy (server/storage/retention.ts). Returns the bytes freed.
 */
export async function removeLeftoverParts(deps: AppDeps): Promise<number> {
  const finished = await deps.db
    .selectFrom("live_session")
    .innerJoin("replay", "replay.live_session_id", "live_session.id")
    .select(["live_session.recording_dir", "replay.file_path"])
    .where("live_session.finalised_at", "is not", null)
    .where("replay.match_id", "is", null)
    .where("replay.status", "=", "ready")
    .execute();
  let freed = 0;
  for (const session of finished) {
    const recordingDir = recordingDirOf(deps.config.mediaDir, session.recording_dir);
    const mp4 = session.file_path && join(deps.config.mediaDir, "recordings", session.file_path);
    if (!mp4 || !existsSync(recordingDir) || !existsSync(mp4)) continue;
    const bytes = bytesUnder(recordingDir);
    const { duration } = await probe(mp4).catch(() => ({ duration: 0 }));
    if (removePartsCoveredBy(deps, recordingDir, duration)) freed += bytes;
  }
  return freed;
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
