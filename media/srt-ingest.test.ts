import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { probe } from "./probe.ts";
import { freeUdpPort, pushSrt } from "../tests/fixtures/srt.ts";
import { signedInUser, startTestServer, type TestServer } from "../tests/fixtures/server.ts";
import { srtCallerUrl, startSrtListener } from "./srt-ingest.ts";

// SRT ingest's first part (issue 37, item 4): a real ffmpeg caller pushes SRT with the channel's passphrase to a
// channel's listener, which hands the stream to the real media server; the live plays over HTTP-FLV (ffprobe).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { ingest: true });
});
afterAll(() => server.stop());

describe("SRT ingest", () => {
  it("takes an SRT caller with the channel's passphrase and lands it as a live that ffprobe decodes", async () => {
    const streamer = await signedInUser(server);
    const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Direct en SRT", gameId: 1, tags: [], description: "" });
    const streamKey = start.body.streamKey as string;
    const port = await freeUdpPort();
    const listener = startSrtListener({ port, streamKey, bind: "127.0.0.1", rtmpUrl: `rtmp://127.0.0.1:${server.rtmpPort}/live/${streamKey}` });
    try {
      // Another channel's passphrase (or none) is refused at the handshake.
      const stranger = pushSrt(srtCallerUrl("127.0.0.1", port, "not-this-channel's-key"), 3);
      expect(await stranger.exited).not.toBe(0);
      const started = server.deps.bus.next("stream:started", (e) => e.username === streamer.account.username);
      const caller = pushSrt(srtCallerUrl("127.0.0.1", port, streamKey), 20);
      await started;
      const flv = await probe(`${server.url}/live/${streamer.account.username}.flv`);
      // As from an RTMP push by ffmpeg: its metadata comes out as a data stream beside them.
      expect(flv.streams.map((s) => s.codec_type)).toEqual(expect.arrayContaining(["audio", "video"]));
      expect(flv.streams.find((s) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", width: 640, height: 360 });
      const ended = server.deps.bus.next("stream:ended", (e) => e.username === streamer.account.username);
      caller.kill("SIGINT");
      await ended;
    } finally {
      await listener.stop();
    }
  }, 90_000);
});
