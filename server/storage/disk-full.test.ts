import { afterAll, afterEach, beforeAll, describe, expect, it } from "bun:test";
import { existsSync, statSync } from "node:fs";
import { probe } from "../../media/probe.ts";
import { ADMIN_ENV, adminBrowserOf } from "../../tests/fixtures/money.ts";
import { publishTestStream, waitFor } from "../../tests/fixtures/publisher.ts";
import { type Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { flvRecordedSeconds } from "../../media/clip.ts";
import { recordingParts } from "../../media/live-outputs.ts";
import { lastSegment } from "../live/playlist-wait.ts";
import type { LiveManager } from "../live/live-manager.ts";
import { setFreeSpaceReader } from "./disk-room.ts";

/**
 * The disk-full rule on a real live (RTMP in, ffmpeg remux and recording, HLS out). The free-space
 * reading is forced: 1 GB free of 100 GB is below the default floor (2 GB or 5 %).
 */
const NEARLY_FULL = { freeBytes: 1e9, totalBytes: 100e9 };

let server: TestServer;
let admin: Browser;
let live: LiveManager;
beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { ingest: true });
  admin = await adminBrowserOf(server);
  live = server.deps.live as LiveManager;
});
afterEach(async () => {
  setFreeSpaceReader(undefined);
  await live.checkRecordingRoom();
});
afterAll(() => server.stop());

async function streamer() {
  const user = await signedInUser(server);
  const start = await user.browser.post("/api/stream/startstreaming", { title: "Disque plein", gameId: 1 });
  expect(start.status).toBe(200);
  const { streamKey } = start.body as { streamKey: string };
  const session = async () =>
    server.deps.db
      .selectFrom("live_session")
      .innerJoin("channel", "channel.id", "live_session.channel_id")
      .select(["live_session.id", "live_session.recording_dir", "live_session.recording_stopped_at"])
      .where("channel.user_id", "=", user.user.id)
      .orderBy("live_session.id", "desc")
      .executeTakeFirst();
  return { ...user, ingest: `rtmp://127.0.0.1:${server.rtmpPort}/live/${streamKey}`, session };
}

const notificationTypes = async (browser: Browser) => ((await browser.get("/api/notifications")).body.notifications as { type: string }[]).map((n) => n.type);
const playlistOf = (username: string) => `${server.url}/live/${username}/index.m3u8`;
async function newestSegment(username: string): Promise<number | undefined> {
  const res = await fetch(playlistOf(username));
  return res.ok ? lastSegment(await res.text()) : undefined;
}

describe("a nearly full disk", () => {
  it("lets a new live start and play, records nothing, and warns the streamer and the admins", async () => {
    setFreeSpaceReader(async () => NEARLY_FULL);
    await live.checkRecordingRoom();
    expect(await notificationTypes(admin)).toContain("disk_nearly_full");
    const machine = (await admin.get("/api/admin/storage")).body;
    expect(machine.room).toMatchObject({ enough: false, freeBytes: NEARLY_FULL.freeBytes, minFreeBytes: 5e9 });

    const { account, browser, ingest, session } = await streamer();
    const started = server.deps.bus.next("stream:started", (e) => e.username === account.username);
    const publisher = publishTestStream(ingest, { seconds: 30 });
    await started;
    const first = await waitFor("an HLS segment", () => newestSegment(account.username));
    await waitFor("a later HLS segment", async () => ((await newestSegment(account.username)) ?? 0) > first);
    expect((await probe(playlistOf(account.username))).streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);

    await live.settled();
    const row = (await session())!;
    expect(recordingParts(row.recording_dir)).toEqual([]);
    expect(row.recording_stopped_at).not.toBeNull();
    expect((await browser.get("/api/storage/my-recording")).body).toMatchObject({ live: true, recording: false });
    expect(await notificationTypes(browser)).toContain("recording_stopped");

    const ended = server.deps.bus.next("stream:ended", (e) => e.username === account.username);
    publisher.kill("SIGKILL");
    await ended;
    await live.settled();
    expect(await server.deps.db.selectFrom("replay").select("id").where("live_session_id", "=", row.id).execute()).toEqual([]);
  });

  it("stops a recording in progress, the live goes on, and what was recorded becomes a playable replay", async () => {
    const { account, browser, ingest, session } = await streamer();
    const started = server.deps.bus.next("stream:started", (e) => e.username === account.username);
    const publisher = publishTestStream(ingest, { seconds: 60 });
    await started;
    await live.settled();
    const { recording_dir: dir, id: sessionId } = (await session())!;
    // A few seconds recorded: the first part holds more than its headers.
    await waitFor("a recording part", () => recordingParts(dir)[0] && statSync(recordingParts(dir)[0]!).size > 200_000, 20_000, 200);
    expect((await browser.get("/api/storage/my-recording")).body).toMatchObject({ live: true, recording: true });

    setFreeSpaceReader(async () => NEARLY_FULL);
    // The node's own check (every few seconds) may run at the same moment: whichever returns, the part is closed.
    const [ourCheck, timersCheck] = [live.checkRecordingRoom(), live.checkRecordingRoom()];
    await ourCheck;
    const part = recordingParts(dir)[0]!;
    const sizeWhenStopped = statSync(part).size;
    // The live still plays: new segments keep coming after the recording stopped.
    const segmentWhenStopped = (await newestSegment(account.username)) ?? 0;
    await waitFor("new HLS segments", async () => ((await newestSegment(account.username)) ?? 0) > segmentWhenStopped + 1, 20_000, 200);
    expect(statSync(part).size).toBe(sizeWhenStopped);
    expect(recordingParts(dir)).toEqual([part]);
    await timersCheck;
    expect((await browser.get("/api/storage/my-recording")).body).toMatchObject({ live: true, recording: false });
    expect(await notificationTypes(browser)).toContain("recording_stopped");

    const recordedSeconds = flvRecordedSeconds(part)!;
    const ended = server.deps.bus.next("stream:ended", (e) => e.username === account.username);
    const replayReady = server.deps.bus.next("replay:ready");
    publisher.kill("SIGKILL");
    await ended;
    const { replayId } = await replayReady;
    const replay = await server.deps.db.selectFrom("replay").selectAll().where("id", "=", replayId).executeTakeFirstOrThrow();
    expect(replay.live_session_id).toBe(sessionId);
    const file = `${server.url}/recordings/${replay.file_path}`;
    const probed = await probe(file);
    expect(probed.streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
    expect(probed.duration).toBeGreaterThan(2);
    // The replay holds all the part did, so the part is gone: one copy on disk (issue 34, item 12).
    expect(probed.duration).toBeGreaterThanOrEqual(recordedSeconds - 0.5);
    expect(existsSync(part)).toBe(false);
  });
});

describe("PUT /api/admin/storage", () => {
  it("asks for the limit of the chosen rule, in the caller's language", async () => {
    const missingDays = await admin.put("/api/admin/storage", { keep: "days", minFreeGb: 2, minFreePercent: 5 });
    expect(missingDays.status).toBe(400);
    expect(missingDays.body.errors).toEqual([expect.objectContaining({ field: "keepDays", code: "storage_keep_days_required" })]);
    const missingSize = await admin.put("/api/admin/storage", { keep: "size", maxRecordingsGb: null, minFreeGb: 2, minFreePercent: 5 });
    expect(missingSize.body.errors).toEqual([expect.objectContaining({ field: "maxRecordingsGb", code: "storage_max_gb_required" })]);
  });

  it("keeps only the chosen rule's limit, and the console reads it back", async () => {
    const saved = await admin.put("/api/admin/storage", { keep: "size", keepDays: 12, maxRecordingsGb: 250, minFreeGb: 3, minFreePercent: 4 });
    expect(saved.status).toBe(200);
    expect((await admin.get("/api/admin/storage")).body.policy).toMatchObject({ keep: "size", keepDays: null, maxRecordingsGb: 250, minFreeGb: 3, minFreePercent: 4 });
    await admin.put("/api/admin/storage", { keep: "forever", minFreeGb: 2, minFreePercent: 5 });
  });
});
