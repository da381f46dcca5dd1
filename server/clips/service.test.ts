import { describe, expect, it } from "bun:test";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { unzipSync, strFromU8 } from "fflate";
import type { Channel, User } from "../../db/types.ts";
import { runFfmpeg } from "../../media/ffmpeg.ts";
import { probe } from "../../media/probe.ts";
import { freshDeps, HOUR, refusal } from "../../tests/fixtures/service-world.ts";
import { saveChannelSettings } from "../channels/settings.ts";
import { eraseAccount } from "../privacy/erase.ts";
import { requestExport } from "../privacy/export.ts";
import { CLIP_MAX_SECONDS } from "../../shared/clips.ts";
import { ClipCreateSchema } from "./schemas.ts";
import { adminClips, CLIPS_PER_HOUR, CLIPS_PER_MEMBER, clipFile, createClip, deleteClip, getClip, listClips, renameClip } from "./service.ts";

const w = await freshDeps();
const { deps, db } = w;
/** The test replays' keyframe interval: a cut may start up to this much before the asked start. */
const KEYFRAME_SECONDS = 1;
const REPLAY_SECONDS = 40;

/** A replay with a real 40 s MP4 (a keyframe every second), as the live pipeline leaves one. */
async function replayOf(channel: Channel): Promise<number> {
  const filePath = `${channel.id}/replay-${Date.now()}-${Math.random().toString(36).slice(2)}.mp4`;
  const file = join(deps.config.mediaDir, "recordings", filePath);
  mkdirSync(dirname(file), { recursive: true });
  await runFfmpeg(
    [
      "-y",
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=160x90:rate=30",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440",
      "-t",
      String(REPLAY_SECONDS),
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-g",
      "30",
      "-c:a",
      "aac",
      file,
    ],
    { timeoutMs: 60_000 },
  );
  const id = await w.makeReplay(channel, { filePath });
  await db
    .updateTable("replay")
    .set({ duration: (await probe(file)).duration })
    .where("id", "=", id)
    .execute();
  return id;
}

async function streamerWithReplay() {
  const streamer = await w.makeUser({ role: "streamer" });
  const channel = await w.makeChannel(streamer);
  return { streamer, channel, replayId: await replayOf(channel) };
}

async function readyClip(author: User, replayId: number, start = 10, end = 20) {
  const made = await createClip(deps, author, { source: "replay", replayId, start, end });
  await made.done;
  return made.clip.id;
}

const clipCount = async (userId: number) => (await db.selectFrom("clip").select("id").where("user_id", "=", userId).execute()).length;

describe("keeping a moment of a replay", () => {
  it("answers at once with a processing clip, then cuts the asked range without re-encoding", async () => {
    const { channel, replayId, streamer } = await streamerWithReplay();
    const viewer = await w.makeUser();
    const made = await createClip(deps, viewer, { source: "replay", replayId, start: 12.5, end: 27.5, title: "Le but" });
    expect(made.clip).toMatchObject({ status: "processing", videoUrl: null, title: "Le but", requestedSeconds: 15, source: { kind: "replay", replayId, startSeconds: 12.5 } });
    await made.done;
    const clip = await getClip(deps, made.clip.id, undefined);
    expect(clip).toMatchObject({ status: "ready", videoUrl: `/api/stream/clips/${clip.id}/video`, channel: { username: streamer.username }, author: { username: viewer.username }, game: { id: 1 } });
    const { file, restricted } = await clipFile(deps, clip.id, "video", undefined);
    expect(restricted).toBe(false);
    expect(file).toBe(join(deps.config.mediaDir, "clips", String(channel.id), `${clip.id}.mp4`));
    const probed = await probe(file);
    // It starts on the keyframe at or before 12.5 s: never shorter than asked, at most one interval longer.
    expect(probed.duration).toBeGreaterThanOrEqual(15 - 0.05);
    expect(probed.duration).toBeLessThanOrEqual(15 + KEYFRAME_SECONDS + 0.05);
    expect(probed.streams.map((s) => s.codec_name).sort()).toEqual(["aac", "h264"]);
    expect(clip.duration).toBeCloseTo(probed.duration, 2);
    expect(existsSync((await clipFile(deps, clip.id, "thumbnail", undefined)).file)).toBe(true);
  });

  it("is listed, ready ones only, on its channel and its game, newest first", async () => {
    const { streamer, channel, replayId } = await streamerWithReplay();
    const viewer = await w.makeUser();
    const older = await readyClip(viewer, replayId);
    w.clock.advance(1000);
    const newer = await readyClip(viewer, replayId, 0, 5);
    await db
      .insertInto("clip")
      .values({
        channel_id: channel.id,
        user_id: viewer.id,
        title: "En cours",
        status: "processing",
        start_seconds: 0,
        requested_seconds: 10,
        created_at: w.clock.now(),
        live_session_id: null,
        replay_id: replayId,
        game_id: 1,
        file_path: null,
        thumbnail_path: null,
        duration: null,
        file_size: null,
      })
      .execute();
    const ids = (answer: { clips: { id: number }[] }) => answer.clips.map((clip) => clip.id);
    expect(ids(await listClips(deps, { page: 1, limit: 50, username: streamer.username.toUpperCase() }, undefined))).toEqual([newer, older]);
    expect(ids(await listClips(deps, { page: 1, limit: 50, game: 1 }, undefined)).slice(0, 2)).toEqual([newer, older]);
    expect(ids(await listClips(deps, { page: 1, limit: 50, game: 2 }, undefined))).not.toContain(newer);
  });
});

describe("range limits", () => {
  const replayRange = (start: number, end: number) => ClipCreateSchema.safeParse({ source: "replay", replayId: 1, start, end });
  const liveLength = (seconds: number) => ClipCreateSchema.safeParse({ source: "live", username: "someone", seconds });
  const codes = (parsed: ReturnType<typeof ClipCreateSchema.safeParse>) => (parsed.success ? [] : parsed.error.issues.map((issue) => issue.message));

  it("takes 5 to 60 seconds, 30 by default from a live", () => {
    expect(liveLength(CLIP_MAX_SECONDS).success).toBe(true);
    expect(codes(liveLength(CLIP_MAX_SECONDS + 1))).toEqual(["clip_too_long"]);
    expect(codes(liveLength(4))).toEqual(["clip_too_short"]);
    expect(ClipCreateSchema.parse({ source: "live", username: "someone" })).toMatchObject({ seconds: 30 });
    expect(replayRange(100, 160).success).toBe(true);
    expect(codes(replayRange(100, 160.5))).toEqual(["clip_too_long"]);
    expect(codes(replayRange(100, 104))).toEqual(["clip_too_short"]);
  });

  it("refuses a range past the replay's end, and a replay that is deleted or still being made", async () => {
    const { channel, replayId } = await streamerWithReplay();
    const viewer = await w.makeUser();
    expect(await refusal(createClip(deps, viewer, { source: "replay", replayId, start: REPLAY_SECONDS - 3, end: REPLAY_SECONDS + 5 }))).toEqual({ status: 400, code: "clip_beyond_end" });
    const deleted = await w.makeReplay(channel, { deleted: true });
    const processing = await w.makeReplay(channel, { status: "processing" });
    for (const id of [deleted, processing, 999_999])
      expect(await refusal(createClip(deps, viewer, { source: "replay", replayId: id, start: 0, end: 10 }))).toEqual({ status: 404, code: "replay_not_found" });
    expect(await clipCount(viewer.id)).toBe(0);
  });

  it("refuses a live clip of a channel that is not live", async () => {
    const { streamer } = await streamerWithReplay();
    expect(await refusal(createClip(deps, await w.makeUser(), { source: "live", username: streamer.username, seconds: 30 }))).toEqual({ status: 404, code: "stream_not_found" });
  });
});

describe("the streamer's switch", () => {
  it("refuses every new clip of a channel whose streamer turned clips off, and takes them again once on", async () => {
    const { streamer, channel, replayId } = await streamerWithReplay();
    const viewer = await w.makeUser();
    const session = await db
      .insertInto("live_session")
      .values({ channel_id: channel.id, started_at: w.clock.now(), ended_at: null, recording_dir: "/nowhere/live", game_id: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("channel").set({ is_live: 1, live_session_id: session.id }).where("id", "=", channel.id).execute();
    const fromLive = () => createClip(deps, viewer, { source: "live", username: streamer.username, seconds: 30 });
    expect((await saveChannelSettings(deps, streamer, { clips: false })).clips).toBe(false);
    expect(await refusal(createClip(deps, viewer, { source: "replay", replayId, start: 0, end: 10 }))).toEqual({ status: 403, code: "clips_off" });
    expect(await refusal(fromLive())).toEqual({ status: 403, code: "clips_off" });
    expect(await clipCount(viewer.id)).toBe(0);
    expect((await saveChannelSettings(deps, streamer, { clips: true })).clips).toBe(true);
    // On again: the live is only refused for having nothing recorded yet.
    expect(await refusal(fromLive())).toEqual({ status: 409, code: "clip_not_available" });
    await readyClip(viewer, replayId);
    expect(await clipCount(viewer.id)).toBe(1);
  });
});

describe("who may change or delete a clip", () => {
  it("lets the author, the channel's streamer, a moderator and an admin delete it, with its files; anyone else is refused", async () => {
    const { streamer, replayId } = await streamerWithReplay();
    const author = await w.makeUser();
    for (const deleter of [author, streamer, await w.makeUser({ role: "moderator" }), await w.admin()]) {
      const id = await readyClip(author, replayId);
      const files = [(await clipFile(deps, id, "video", undefined)).file, (await clipFile(deps, id, "thumbnail", undefined)).file];
      expect(await refusal(deleteClip(deps, id, await w.makeUser()))).toEqual({ status: 403, code: "forbidden" });
      expect(await refusal(deleteClip(deps, id, await w.makeUser({ role: "streamer" })))).toEqual({ status: 403, code: "forbidden" });
      await deleteClip(deps, id, deleter);
      expect(files.map(existsSync)).toEqual([false, false]);
      expect(await refusal(getClip(deps, id, undefined))).toEqual({ status: 404, code: "clip_not_found" });
    }
  });

  it("lets only its author (and admins) rename it, and tells each viewer what they may do", async () => {
    const { streamer, replayId } = await streamerWithReplay();
    const author = await w.makeUser();
    const id = await readyClip(author, replayId);
    expect(await refusal(renameClip(deps, id, streamer, "Pris par le streamer"))).toEqual({ status: 403, code: "forbidden" });
    expect(await refusal(renameClip(deps, id, await w.makeUser({ role: "moderator" }), "Modéré"))).toEqual({ status: 403, code: "forbidden" });
    expect((await renameClip(deps, id, author, "Quelle action")).title).toBe("Quelle action");
    expect(await getClip(deps, id, author)).toMatchObject({ canEdit: true, canDelete: true });
    expect(await getClip(deps, id, streamer)).toMatchObject({ canEdit: false, canDelete: true });
    expect(await getClip(deps, id, await w.makeUser())).toMatchObject({ canEdit: false, canDelete: false });
    expect(await getClip(deps, id, undefined)).toMatchObject({ canEdit: false, canDelete: false, title: "Quelle action" });
  });

  it("lists every clip, any state, for admins only", async () => {
    const { streamer, replayId } = await streamerWithReplay();
    const id = await readyClip(await w.makeUser(), replayId);
    expect(await refusal(adminClips(deps, await w.makeUser({ role: "moderator" }), { page: 1, limit: 10, q: "" }))).toEqual({ status: 403, code: "forbidden" });
    const found = await adminClips(deps, await w.admin(), { page: 1, limit: 100, q: streamer.username });
    expect(found.clips.map((clip) => clip.id)).toContain(id);
  });
});

describe("a clip of a restricted live (issue 18, item 4)", () => {
  it("is seen, and kept, only by those the live let watch, and never cached for everyone", async () => {
    const { replayId } = await streamerWithReplay();
    const member = await w.makeUser();
    const id = await readyClip(member, replayId);
    const replay = await db.selectFrom("replay").select("live_session_id").where("id", "=", replayId).executeTakeFirstOrThrow();
    await db.updateTable("live_session").set({ watch_access: "members" }).where("id", "=", replay.live_session_id).execute();
    expect(await refusal(clipFile(deps, id, "video", undefined))).toEqual({ status: 403, code: "live_login_required" });
    expect(await refusal(clipFile(deps, id, "thumbnail", undefined))).toEqual({ status: 403, code: "live_login_required" });
    expect((await clipFile(deps, id, "video", member)).restricted).toBe(true);
    // A ticket-only live: a member without a ticket may not keep a moment of it.
    const event = await w.makeEvent(await w.makeUser());
    await db.updateTable("live_session").set({ watch_access: "ticket", watch_event_id: event.id }).where("id", "=", replay.live_session_id).execute();
    expect(await refusal(createClip(deps, await w.makeUser(), { source: "replay", replayId, start: 0, end: 10 }))).toEqual({ status: 403, code: "live_ticket_required" });
  });
});

describe("rate limits", () => {
  it(`takes ${CLIPS_PER_HOUR} clips an hour from one member, then refuses until the hour has passed`, async () => {
    const { replayId } = await streamerWithReplay();
    const viewer = await w.makeUser();
    const made = await Promise.all(Array.from({ length: CLIPS_PER_HOUR }, (_, i) => createClip(deps, viewer, { source: "replay", replayId, start: i, end: i + 5 })));
    await Promise.all(made.map((clip) => clip.done));
    expect(await refusal(createClip(deps, viewer, { source: "replay", replayId, start: 0, end: 5 }))).toEqual({ status: 429, code: "too_many_requests" });
    // Someone else is not held back by it.
    await readyClip(await w.makeUser(), replayId);
    w.clock.advance(HOUR);
    await readyClip(viewer, replayId);
    expect(await clipCount(viewer.id)).toBe(CLIPS_PER_HOUR + 1);
  });

  it(`keeps at most ${CLIPS_PER_MEMBER} clips per member, counted from the rows`, async () => {
    const { channel, replayId } = await streamerWithReplay();
    const viewer = await w.makeUser();
    const row = {
      channel_id: channel.id,
      user_id: viewer.id,
      title: "Ancien",
      status: "ready" as const,
      start_seconds: 0,
      requested_seconds: 10,
      live_session_id: null,
      replay_id: replayId,
      game_id: 1,
      file_path: null,
      thumbnail_path: null,
      duration: 10,
      file_size: 1,
    };
    await db
      .insertInto("clip")
      .values(Array.from({ length: CLIPS_PER_MEMBER }, (_, i) => ({ ...row, created_at: w.clock.now() - HOUR * (i + 2) })))
      .execute();
    expect(await refusal(createClip(deps, viewer, { source: "replay", replayId, start: 0, end: 5 }))).toEqual({ status: 409, code: "clip_cap_reached" });
    const one = await db.selectFrom("clip").select("id").where("user_id", "=", viewer.id).executeTakeFirstOrThrow();
    await deleteClip(deps, one.id, viewer);
    await readyClip(viewer, replayId);
    expect(await clipCount(viewer.id)).toBe(CLIPS_PER_MEMBER);
  });
});

describe("a member's data", () => {
  it("exports their clips' rows and videos", async () => {
    const { replayId } = await streamerWithReplay();
    const author = await w.makeUser();
    const id = await readyClip(author, replayId);
    const { row, done } = await requestExport(deps, author, "en");
    await done;
    const ready = await db.selectFrom("data_export").select("file").where("id", "=", row.id).executeTakeFirstOrThrow();
    const zip = unzipSync(new Uint8Array(await Bun.file(join(deps.config.mediaDir, ready.file!)).arrayBuffer()));
    expect(JSON.parse(strFromU8(zip["clips.json"]!)).map((clip: { id: number }) => clip.id)).toEqual([id]);
    expect(zip[`clips/${id}.mp4`]?.byteLength).toBe(Bun.file((await clipFile(deps, id, "video", undefined)).file).size);
  });

  it("erases the clips they made and those of their channel, files included, and no one else's", async () => {
    const { streamer, replayId } = await streamerWithReplay();
    const other = await streamerWithReplay();
    const author = await w.makeUser();
    const byAuthor = await readyClip(author, other.replayId);
    const ofChannel = await readyClip(await w.makeUser(), replayId);
    const unrelated = await readyClip(await w.makeUser(), other.replayId);
    const files = [(await clipFile(deps, byAuthor, "video", undefined)).file, (await clipFile(deps, ofChannel, "video", undefined)).file];
    await eraseAccount(deps, author);
    await eraseAccount(deps, streamer);
    const left = (await db.selectFrom("clip").select("id").where("id", "in", [byAuthor, ofChannel, unrelated]).execute()).map((clip) => clip.id);
    expect(left).toEqual([unrelated]);
    expect(files.map(existsSync)).toEqual([false, false]);
  });
});
