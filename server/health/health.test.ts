import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import RtmpClient from "node-media-server/src/protocol/rtmp_client.js";
import AVPacket from "node-media-server/src/core/avpacket.js";
import { diesWithThisProcess } from "../../media/children.ts";
import { stopWhenTestEnds } from "../../tests/fixtures/cleanup.ts";
import { publishTestStream, waitFor } from "../../tests/fixtures/publisher.ts";
import { type Browser, channelIdOf, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import type { StreamHealth } from "./schemas.ts";
import type { LiveManager } from "../live/live-manager.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { ingest: true });
});
afterAll(() => server.stop());

async function streamer() {
  const user = await signedInUser(server);
  const start = await user.browser.post("/api/stream/startstreaming", { title: "Santé du flux", gameId: 1, tags: [], description: "" });
  expect(start.status).toBe(200);
  const { streamKey } = start.body as { streamKey: string };
  // On PostgreSQL a key made a moment ago may be unknown to the ingest until its directory reloads; node-media-server
  // then still answers "NetStream.Publish.Start" before it drops the connection, so a client cannot tell a refused
  // publish from an accepted one: the ingest knows the key before anyone publishes with it.
  await waitFor("the key known to the ingest", () => (server.deps.live as LiveManager).isKnownStreamKey(streamKey));
  return { ...user, streamKey, ingest: `rtmp://127.0.0.1:${server.rtmpPort}/live/${streamKey}` };
}

async function healthOf(browser: Browser, username: string): Promise<StreamHealth | null> {
  const res = await browser.get(`/api/stream/health/${username}`);
  expect(res.status).toBe(200);
  return res.body.health;
}

interface ProbedPacket {
  codec_type: "video" | "audio";
  pts_time: string;
  size: string;
  flags: string;
}

/** What ffprobe reads of the live's HTTP-FLV, from now to the live's end: keyframe interval, frame rate, bitrate. */
async function probeLive(url: string) {
  const child = Bun.spawn(diesWithThisProcess(["ffprobe", "-v", "error", "-show_entries", "packet=codec_type,pts_time,size,flags", "-of", "json", url], "SIGKILL"), {
    stdout: "pipe",
    stderr: "ignore",
  });
  stopWhenTestEnds(() => {
    child.kill("SIGKILL");
    return child.exited;
  });
  const text = await new Response(child.stdout).text();
  await child.exited;
  const packets = (JSON.parse(text).packets as ProbedPacket[]).map((p) => ({ video: p.codec_type === "video", time: Number(p.pts_time), size: Number(p.size), key: p.flags.startsWith("K") }));
  const video = packets.filter((p) => p.video).sort((a, b) => a.time - b.time);
  const keyframes = video.filter((p) => p.key).map((p) => p.time);
  // The last four, as the meter keeps them (both read the live to its end, so they are the same keyframes).
  const intervals = keyframes
    .slice(1)
    .map((time, i) => time - keyframes[i]!)
    .slice(-4);
  const span = video.at(-1)!.time - video[0]!.time;
  const inSpan = packets.filter((p) => p.time > video[0]!.time && p.time <= video.at(-1)!.time);
  return {
    keyframeIntervalMs: (intervals.reduce((a, b) => a + b, 0) / intervals.length) * 1000,
    fps: (video.length - 1) / span,
    kbps: (inSpan.reduce((sum, p) => sum + p.size, 0) * 8) / span / 1000,
  };
}

const within10Percent = (measured: number, probed: number) => Math.abs(measured - probed) / probed;

describe("stream health", () => {
  it("measures what the publish sends as ffprobe reads it, and warns of an 8 s keyframe interval", async () => {
    const short = await streamer();
    const long = await streamer();
    const started = Promise.all([short, long].map((s) => server.deps.bus.next("stream:started", (e) => e.username === s.account.username)));
    // Long enough for two 8 s keyframe intervals; both lives at once, to keep the file short.
    publishTestStream(short.ingest, { seconds: 18 });
    publishTestStream(long.ingest, { seconds: 18, keyframeSeconds: 8 });
    await started;
    const probes = [short, long].map((s) => probeLive(`${server.url}/live/${s.account.username}.flv`));
    const live = await waitFor("figures of both lives", async () => {
      const both = await Promise.all([short, long].map((s) => healthOf(s.browser, s.account.username)));
      return both.every((h) => h?.live && h.fps !== null && h.keyframeIntervalMs !== null) && both;
    });
    expect(live[0]).toMatchObject({ protocol: "rtmp", videoCodec: "H.264", width: 640, height: 360, audioCodec: "AAC", audioSampleRate: 44100, reconnects: 0 });
    expect(live[0]!.warnings).toEqual([]);

    const [shortProbe, longProbe] = await Promise.all(probes);
    const [shortHealth, longHealth] = await Promise.all([short, long].map(async (s) => (await healthOf(s.browser, s.account.username))!));
    for (const [health, probe] of [
      [shortHealth!, shortProbe!],
      [longHealth!, longProbe!],
    ] as const) {
      const points = health.bitratePoints.slice(1).map((p) => p.kbps);
      const meanKbps = points.reduce((a, b) => a + b, 0) / points.length;
      const gaps = { keyframe: within10Percent(health.keyframeIntervalMs!, probe.keyframeIntervalMs), fps: within10Percent(health.fps!, probe.fps), kbps: within10Percent(meanKbps, probe.kbps) };
      // One claim with every figure in it, so a miss says by how much.
      const figures = { health: { keyframeIntervalMs: health.keyframeIntervalMs, fps: health.fps, meanKbps }, probe, gaps };
      expect(Math.max(gaps.keyframe, gaps.fps, gaps.kbps) < 0.1 ? "within 10 %" : JSON.stringify(figures)).toBe("within 10 %");
    }
    expect(longHealth!.keyframeIntervalMs).toBeGreaterThan(7500);
    expect(longHealth!.warnings).toEqual([{ code: "keyframe_interval", value: longHealth!.keyframeIntervalMs! / 1000, limit: 24, codec: null }]);
    expect(shortHealth!.warnings.map((w) => w.code)).not.toContain("keyframe_interval");
  });

  it("counts a publisher's return within the grace window as a reconnect of the same session", async () => {
    const { account, browser, ingest } = await streamer();
    const started = server.deps.bus.next("stream:started", (e) => e.username === account.username);
    const first = publishTestStream(ingest, { seconds: 3 });
    await started;
    await first.exited;
    const ended = server.deps.bus.next("stream:ended", (e) => e.username === account.username);
    expect(await publishTestStream(ingest, { seconds: 3 }).exited).toBe(0);
    await ended;
    expect(await healthOf(browser, account.username)).toMatchObject({ live: false, reconnects: 1, videoCodec: "H.264" });
  });

  it("shows a channel's health to its owner and the admins only", async () => {
    const owner = await streamer();
    const stranger = await signedInUser(server);
    expect((await stranger.browser.get(`/api/stream/health/${owner.account.username}`)).status).toBe(403);
    expect((await owner.browser.get("/api/stream/health/nobody-here")).status).toBe(404);
    expect(await healthOf(owner.browser, owner.account.username)).toBeNull();
  });

  it("warns of OBS's 'auto' keyframes (25 s behind), a bitrate above the site's, an unstable frame rate and no audio", async () => {
    const owner = await streamer();
    const channelId = await channelIdOf(server, owner.account.username);
    const figures = {
      protocol: "rtmp",
      video_codec: "H.264",
      width: 1920,
      height: 1080,
      fps: 24.5,
      video_kbps: 7800,
      audio_codec: null,
      audio_sample_rate: null,
      audio_kbps: 0,
      keyframe_interval_ms: 8333,
    };
    await server.deps.db
      .insertInto("stream_health")
      .values({ channel_id: channelId, live_session_id: null, ...figures, fps_unstable: 1, no_audio: 1, refused_codec: null, refused_at: null, updated_at: Date.now() })
      .execute();
    expect((await healthOf(owner.browser, owner.account.username))!.warnings).toEqual([
      { code: "keyframe_interval", value: 8.333, limit: 25, codec: null },
      { code: "bitrate_too_high", value: 7800, limit: 6000, codec: null },
      { code: "fps_unstable", value: 24.5, limit: null, codec: null },
      { code: "no_audio", value: null, limit: null, codec: null },
    ]);
  });

  // Debian's ffmpeg 5.1 cannot send HEVC or AV1 over RTMP (its FLV muxer knows neither), so node-media-server's own
  // RTMP client pushes what OBS 30 sends: an enhanced-RTMP sequence start, or metadata naming the codec first.
  for (const { codec, send } of [
    { codec: "HEVC", send: (client: RtmpClient) => client.sendPacket(enhancedSequenceStart("hvc1")) },
    { codec: "AV1", send: (client: RtmpClient) => client.sendMetaData({ width: 1920, height: 1080, framerate: 60, videocodecid: Buffer.from("av01").readUInt32BE() }) },
  ]) {
    it(`refuses an enhanced-RTMP ${codec} publish at once, never going live, and tells the streamer`, async () => {
      const { account, browser, ingest, user } = await streamer();
      const { client, closed } = await waitFor("the publish accepted", () => publishWith(ingest));
      send(client);
      await closed;
      const health = await waitFor("the refusal recorded", async () => (await healthOf(browser, account.username))?.refusedCodec && (await healthOf(browser, account.username)));
      expect(health).toMatchObject({ live: false, refusedCodec: codec, warnings: [{ code: "codec_refused", value: null, limit: null, codec }] });
      const channelId = await channelIdOf(server, account.username);
      expect(await server.deps.db.selectFrom("live_session").select("id").where("channel_id", "=", channelId).execute()).toEqual([]);
      const notification = await waitFor("the streamer's notification", () => server.deps.db.selectFrom("notification").select(["type", "data"]).where("user_id", "=", user.id).executeTakeFirst());
      expect(notification).toEqual({ type: "stream_refused", data: JSON.stringify({ codec }) });
    });
  }
});

/**
 * Connects and publishes with node-media-server's RTMP client; false when the key is refused (on PostgreSQL a key made
 * a moment ago may be unknown to the media server until its directory reloads, as OBS's retry finds).
 */
async function publishWith(ingest: string): Promise<{ client: RtmpClient; closed: Promise<void> } | false> {
  const client = new RtmpClient();
  const closed = new Promise<void>((resolve) => {
    client.onCloseCallback = () => resolve();
  });
  try {
    await client.connect(ingest);
    await client.sendConnect();
    await client.sendCreateStream();
    await client.sendPublish(client.urlInfo!.streamName);
    return { client, closed };
  } catch {
    client.disconnect();
    await closed;
    return false;
  }
}

/** An enhanced-RTMP video sequence start (IsExHeader, keyframe, PacketTypeSequenceStart) of the given FourCC, with a placeholder configuration record. */
function enhancedSequenceStart(fourCC: string): AVPacket {
  const packet = new AVPacket();
  packet.codec_type = 9;
  packet.data = Buffer.concat([Buffer.from([0x80 | (1 << 4) | 0]), Buffer.from(fourCC), Buffer.alloc(23, 1)]);
  packet.size = packet.data.length;
  return packet;
}
