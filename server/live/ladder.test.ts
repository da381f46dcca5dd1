import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { probe } from "../../media/probe.ts";
import { ladderFilter, masterPlaylist, renditionsFor, SOURCE_PLAYLIST, videoKbpsFor } from "../../media/live-ladder.ts";
import { recordingParts } from "../../media/live-outputs.ts";
import type { PublisherInfo } from "../../media/media-server.ts";
import { ladderCapacity } from "../../media/quality-ladder.ts";
import { detectVideoEncoder, RENDER_DEVICE } from "../../media/video-encoders.ts";
import { publishTestStream, TEST_FPS, waitFor } from "../../tests/fixtures/publisher.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { BLOCKING_RELOAD_TAG } from "./playlist-wait.ts";

const SOURCE_480P: PublisherInfo = { width: 854, height: 480, fps: 30, videoKbps: 800, audioKbps: 96, videoCodec: "avc1.42c01e", audioCodec: "mp4a.40.2" };

describe("the ladder's plan", () => {
  it("never upscales nor re-encodes the source's own height", () => {
    expect(renditionsFor([1080, 720, 480, 360, 240], SOURCE_480P).map((r) => [r.name, r.width, r.height])).toEqual([
      ["360p", 640, 360],
      ["240p", 428, 240],
    ]);
    expect(renditionsFor([720], SOURCE_480P)).toEqual([]);
  });

  it("lists the source then each rendition with its bandwidth, resolution and codecs", () => {
    const renditions = renditionsFor([360], SOURCE_480P);
    expect(masterPlaylist({ source: SOURCE_480P, renditions, encoder: "libx264" }).split("\n")).toEqual([
      "#EXTM3U",
      "#EXT-X-VERSION:3",
      "#EXT-X-INDEPENDENT-SEGMENTS",
      '#EXT-X-STREAM-INF:BANDWIDTH=985600,RESOLUTION=854x480,FRAME-RATE=30.000,CODECS="avc1.42c01e,mp4a.40.2",NAME="source"',
      SOURCE_PLAYLIST,
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.round((videoKbpsFor(360) + 96) * 1100)},RESOLUTION=640x360,FRAME-RATE=30.000,CODECS="avc1.4d4028,mp4a.40.2",NAME="360p"`,
      "360p.m3u8",
      "",
    ]);
  });

  it("decodes once and scales once per rendition", () => {
    const renditions = renditionsFor([360, 240], SOURCE_480P);
    expect(ladderFilter(renditions, "libx264")).toBe("[0:v:0]split=2[in0][in1];[in0]scale=-2:360,setsar=1[out0];[in1]scale=-2:240,setsar=1[out1]");
    expect(ladderFilter(renditions.slice(0, 1), "h264_vaapi")).toBe("[0:v:0]scale=-2:360,setsar=1,format=nv12,hwupload[out0]");
  });

  it("counts whole lives in the capacity", () => {
    expect(ladderCapacity(2, 0.45)).toBe(4);
    expect(ladderCapacity(2, 0)).toBe(0);
  });

  it("falls back to libx264 where no GPU encoder works", async () => {
    expect(await detectVideoEncoder("/nonexistent/renderD128")).not.toBe("h264_vaapi");
    if (!existsSync(RENDER_DEVICE) && !existsSync("/dev/nvidia0")) expect(await detectVideoEncoder()).toBe("libx264");
  });
});

interface Variant {
  attributes: string;
  uri: string;
}

function variantsOf(master: string): Variant[] {
  const lines = master.split("\n");
  return lines.flatMap((line, index) => (line.startsWith("#EXT-X-STREAM-INF:") ? [{ attributes: line, uri: lines[index + 1]! }] : []));
}

/** Segment number → duration, from a media playlist. */
function segmentsOf(playlist: string): Map<number, number> {
  const first = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)/m.exec(playlist)?.[1]);
  const durations = [...playlist.matchAll(/^#EXTINF:([\d.]+),/gm)].map((match) => Number(match[1]));
  return new Map(durations.map((duration, index) => [first + index, duration]));
}

describe("a live with LIVE_LADDER on", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LIVE_LADDER: "720p,360p,240p" }, { ingest: true });
  });
  afterAll(() => server.stop());

  it("writes a master playlist whose renditions decode at their heights, cut at the same instants", async () => {
    const { account, browser } = await signedInUser(server);
    const start = await browser.post("/api/stream/startstreaming", { title: "Ladder", gameId: 1, tags: [], description: "" });
    const { streamKey } = start.body as { streamKey: string };
    const started = server.deps.bus.next("stream:started", (e) => e.username === account.username);
    const publisher = publishTestStream(`rtmp://127.0.0.1:${server.rtmpPort}/live/${streamKey}`, { seconds: 30, size: "854x480" });
    await started;

    const base = `${server.url}/live/${account.username}`;
    const master = await waitFor("the master playlist", async () => {
      const res = await fetch(`${base}/index.m3u8`);
      return res.ok ? res.text() : undefined;
    });
    expect(master).not.toContain(BLOCKING_RELOAD_TAG);
    const variants = variantsOf(master);
    // 720p is above the 480p source: never upscaled.
    expect(variants.map((v) => v.uri)).toEqual([SOURCE_PLAYLIST, "360p.m3u8", "240p.m3u8"]);
    for (const variant of variants) expect(variant.attributes).toMatch(/BANDWIDTH=\d+,RESOLUTION=\d+x\d+,.*CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);

    // Three segments in every rendition's playlist, which announce blocking reload like index.m3u8 without a ladder.
    const playlists = await waitFor(
      "three segments in every rendition",
      async () => {
        const texts = await Promise.all(variants.map(async (v) => (await fetch(`${base}/${v.uri}`)).text()));
        return texts.every((text) => segmentsOf(text).size >= 3) ? texts : undefined;
      },
      30_000,
      250,
    );
    for (const text of playlists) expect(text).toContain(BLOCKING_RELOAD_TAG);

    // The same segment numbers, of the same length within a frame, in every rendition.
    const [source, ...renditions] = playlists.map(segmentsOf);
    const finished = [...source!.keys()].filter((n) => renditions.every((r) => r.has(n)));
    expect(finished.length).toBeGreaterThanOrEqual(2);
    for (const rendition of renditions) for (const n of finished) expect(Math.abs(rendition.get(n)! - source!.get(n)!)).toBeLessThanOrEqual(1 / TEST_FPS + 0.001);

    // Each rendition decodes at the size the master playlist announces for it: the newest segment they all have, as
    // the oldest may have left the playlists' window by the time a busy machine asks for it.
    const newest = finished.at(-1);
    const sizes = await Promise.all(
      ["segment", "360p", "240p"].map(async (prefix) => {
        const video = (await probe(`${base}/${prefix}-${newest}.ts`)).streams.find((s) => s.codec_type === "video");
        return `${video?.width}x${video?.height}`;
      }),
    );
    expect(sizes).toEqual(["854x480", "640x360", "428x240"]);
    expect(variants.map((v) => /RESOLUTION=(\d+x\d+)/.exec(v.attributes)?.[1])).toEqual(sizes);

    const health = (await new Browser(server.url).get("/api/health")).body;
    expect(health.ladder).toMatchObject({ renditions: ["720p", "360p", "240p"], cores: expect.any(Number) });
    if (!existsSync(RENDER_DEVICE) && !existsSync("/dev/nvidia0")) expect(health.ladder.encoder).toBe("libx264");

    // The recording stays on the source.
    publisher.kill("SIGINT");
    await server.deps.bus.next("stream:ended", (e) => e.username === account.username);
    const session = await server.deps.db.selectFrom("live_session").select("recording_dir").orderBy("id", "desc").executeTakeFirstOrThrow();
    const part = recordingParts(session.recording_dir)[0]!;
    expect((await probe(part)).streams.find((s) => s.codec_type === "video")?.height).toBe(480);
    expect(existsSync(join(server.dataDir, "live", account.username))).toBe(false);
  });

  it("follows a publisher that comes back at another size: its master playlist lists what it makes now", async () => {
    const { account, browser } = await signedInUser(server);
    const start = await browser.post("/api/stream/startstreaming", { title: "Ladder", gameId: 1, tags: [], description: "" });
    const ingest = `rtmp://127.0.0.1:${server.rtmpPort}/live/${(start.body as { streamKey: string }).streamKey}`;
    const base = `${server.url}/live/${account.username}`;
    const masterListing = (uri: string) => async () => {
      const res = await fetch(`${base}/index.m3u8`);
      const text = res.ok ? await res.text() : "";
      return text.includes(uri) ? text : undefined;
    };
    const first = publishTestStream(ingest, { seconds: 30, size: "854x480" });
    await waitFor("a master playlist with 360p", masterListing("360p.m3u8"), 30_000, 250);
    first.kill("SIGKILL");
    await first.exited;
    // Back within the grace window (4 s) at 360p: 360p would be its own height, so only 240p is made.
    publishTestStream(ingest, { seconds: 30, size: "640x360" });
    const newSize = async () => {
      const text = await masterListing("RESOLUTION=640x360,")();
      return text && !text.includes("360p.m3u8") ? text : undefined;
    };
    const master = await waitFor("the master playlist of the new size", newSize, 30_000, 250);
    expect(variantsOf(master).map((v) => v.uri)).toEqual([SOURCE_PLAYLIST, "240p.m3u8"]);
    expect((await fetch(`${base}/360p.m3u8`)).status).toBe(404);
  });

  it("measures what one live's ladder costs here and how many fit", async () => {
    const ladder = await waitFor(
      "the ladder's measure",
      async () => {
        const body = (await new Browser(server.url).get("/api/health")).body;
        return body.ladder?.capacity !== null ? body.ladder : undefined;
      },
      120_000,
      500,
    );
    expect(ladder.cpuPerLive).toBeGreaterThan(0);
    expect(ladder.capacity).toBe(Math.floor(ladder.cores / ladder.cpuPerLive));
  }, 130_000);
});

describe("a server with the defaults", () => {
  it("has no ladder: index.m3u8 stays the one media playlist", async () => {
    const server = await startTestServer();
    try {
      expect((await new Browser(server.url).get("/api/health")).body.ladder).toBeNull();
    } finally {
      await server.stop();
    }
  });
});
