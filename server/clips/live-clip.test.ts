import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { flvRecordedSeconds } from "../../media/clip.ts";
import { recordingParts } from "../../media/live-outputs.ts";
import { probe } from "../../media/probe.ts";
import { publishTestStream, waitFor } from "../../tests/fixtures/publisher.ts";
import { signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { recordingDirOf } from "../replays/finalise.ts";

/** The test stream's keyframe interval (a keyframe each second): a cut may start this much early. */
const KEYFRAME_SECONDS = 1;
const ASKED_SECONDS = 8;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { ingest: true });
});
afterAll(() => server.stop());

describe("a clip of a real live", () => {
  it("keeps the live's last seconds, as long as asked within one keyframe interval, and serves them", async () => {
    const streamer = await signedInUser(server);
    const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Finale du soir", gameId: 1 });
    expect(start.status).toBe(200);
    const started = server.deps.bus.next("stream:started", (event) => event.username === streamer.account.username);
    publishTestStream(`rtmp://127.0.0.1:${server.rtmpPort}/live/${start.body.streamKey}`, { seconds: 40 });
    await started;

    const session = await server.deps.db.selectFrom("live_session").select("recording_dir").where("ended_at", "is", null).executeTakeFirstOrThrow();
    const recordingDir = recordingDirOf(server.deps.config.mediaDir, session.recording_dir);
    await waitFor(
      "enough of the live recorded",
      () => {
        const part = recordingParts(recordingDir).at(-1);
        return part !== undefined && (flvRecordedSeconds(part) ?? 0) > ASKED_SECONDS + 2;
      },
      30_000,
      250,
    );

    const viewer = await signedInUser(server);
    const made = await viewer.browser.post("/api/stream/clips", { source: "live", username: streamer.account.username, seconds: ASKED_SECONDS });
    expect(made.status).toBe(201);
    expect(made.body.clip).toMatchObject({ status: "processing", title: "Finale du soir", requestedSeconds: ASKED_SECONDS, source: { kind: "live", replayId: null } });
    const id = made.body.clip.id as number;
    const ready = await waitFor(
      "the clip to be cut",
      async () => {
        const { body } = await viewer.browser.get(`/api/stream/clips/${id}`);
        return body.clip.status !== "processing" && body.clip;
      },
      30_000,
      200,
    );
    expect(ready).toMatchObject({ status: "ready", channel: { username: streamer.account.username }, author: { username: viewer.account.username }, game: { id: 1 } });

    const video = await fetch(`${server.url}${ready.videoUrl}`);
    expect([video.status, video.headers.get("content-type")]).toEqual([200, "video/mp4"]);
    const folder = mkdtempSync(join(tmpdir(), "arena-clip-"));
    const file = join(folder, "clip.mp4");
    writeFileSync(file, new Uint8Array(await video.arrayBuffer()));
    const probed = await probe(file).finally(() => rmSync(folder, { recursive: true, force: true }));
    expect(probed.streams.map((stream) => stream.codec_name).sort()).toEqual(["aac", "h264"]);
    // Cut on keyframes from the recording: the asked length, give or take the interval (and the last frames still in ffmpeg's buffer).
    expect(Math.abs(probed.duration - ASKED_SECONDS)).toBeLessThanOrEqual(KEYFRAME_SECONDS + 0.1);
    const listed = await viewer.browser.get(`/api/stream/clips?username=${streamer.account.username}`);
    expect(listed.body.clips.map((clip: { id: number }) => clip.id)).toEqual([id]);
  });
});
