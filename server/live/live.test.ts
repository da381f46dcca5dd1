import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { io } from "socket.io-client";
import { leftoverChildren } from "../../media/children.ts";
import { probe } from "../../media/probe.ts";
import { publishTestStream, startTestProcess, waitFor } from "../../tests/fixtures/publisher.ts";
import { stopWhenTestEnds } from "../../tests/fixtures/cleanup.ts";
import { startMainProcess } from "../../tests/fixtures/process.ts";
import { Browser, channelIdOf, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { flvRecordedSeconds } from "../../media/clip.ts";
import { hlsDirOf, recordingParts } from "../../media/live-outputs.ts";
import { VISITORS_PER_ADDRESS } from "../channels/viewers.ts";
import { THUMBNAIL_MAX_AGE_MS } from "./live-manager.ts";
import { BLOCKING_RELOAD_TAG, lastSegment } from "./playlist-wait.ts";

let server: TestServer;
let rtmpPort: number;
beforeAll(async () => {
  server = await startTestServer({}, { ingest: true });
  rtmpPort = server.rtmpPort;
});
afterAll(() => server.stop());

async function streamer() {
  const user = await signedInUser(server);
  const start = await user.browser.post("/api/stream/startstreaming", { title: "Finale LAN", gameId: 1, tags: ["fr", "lan"], description: "Bo3" });
  expect(start.status).toBe(200);
  const { streamKey, injectionLink } = start.body as { streamKey: string; injectionLink: string };
  return { ...user, streamKey, ingest: `rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, injectionLink };
}

async function streamOf(username: string) {
  return (await new Browser(server.url).get(`/api/stream/stream/${username}`)).body;
}

describe("going live", () => {
  it("refuses an unknown stream key and leaves no trace", async () => {
    const publisher = publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/not-a-key`, { seconds: 2 });
    expect(await publisher.exited).not.toBe(0);
    expect(await server.deps.db.selectFrom("live_session").selectAll().execute()).toHaveLength(0);
    expect(existsSync(join(server.dataDir, "recordings"))).toBe(false);
    expect(await server.deps.db.selectFrom("channel").select("id").where("is_live", "=", 1).execute()).toHaveLength(0);
  });

  it("goes live, plays over HLS and HTTP-FLV, ends, and leaves a replay of the right length", async () => {
    const { account, streamKey, injectionLink, ingest } = await streamer();
    expect(injectionLink).toBe(`rtmp://127.0.0.1:${rtmpPort}/live`);
    const started = server.deps.bus.next("stream:started", (e) => e.username === account.username);
    // Long enough for every check below to find the live still up (probing a live reads two seconds of it).
    const liveSeconds = 14;
    const publisher = publishTestStream(ingest, { seconds: liveSeconds });
    await started;

    const live = await streamOf(account.username);
    expect(live).toMatchObject({ isLive: true, title: "Finale LAN", tags: ["fr", "lan"], playbackLink: `/live/${account.username}/index.m3u8`, flvLink: `/live/${account.username}.flv` });
    expect(live.game.id).toBe(1);
    expect(JSON.stringify(live)).not.toContain(streamKey);
    const list = (await new Browser(server.url).get("/api/stream/streams")).body;
    expect(list.data.map((s: { username: string }) => s.username)).toContain(account.username);
    expect(JSON.stringify(list)).not.toContain(streamKey);

    const playlist = `${server.url}/live/${account.username}/index.m3u8`;
    await waitFor("two HLS segments", async () => {
      const res = await fetch(playlist);
      return res.ok && ((await res.text()).match(/\.ts/g)?.length ?? 0) >= 2;
    });
    // Pictures are remade when asked for once older than their maximum age (nobody asking costs nothing). Checked
    // first: a remake needs the live still up, and the probes below read seconds of it.
    const thumbnailFile = join(hlsDirOf(server.deps.config.dataDir, await channelIdOf(server, account.username)), "thumbnail.jpg");
    await waitFor("a thumbnail", () => existsSync(thumbnailFile), 15_000, 100);
    expect((await streamOf(account.username)).thumbnail).toBe(`/live/${account.username}/thumbnail.jpg`);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(thumbnailFile, aMinuteAgo, aMinuteAgo);
    const thumbnail = await fetch(`${server.url}/live/${account.username}/thumbnail.jpg`);
    expect(thumbnail.headers.get("content-type")).toBe("image/jpeg");
    expect((await thumbnail.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect(Date.now() - statSync(thumbnailFile).mtimeMs).toBeLessThan(THUMBNAIL_MAX_AGE_MS);
    // A player's blocking reload (LL-HLS delivery directive) is answered once the next segment is listed.
    const current = await (await fetch(playlist)).text();
    expect(current).toContain(BLOCKING_RELOAD_TAG);
    // Without LIVE_LADDER (the default), index.m3u8 is the live's one media playlist, no master playlist.
    expect(current).not.toContain("#EXT-X-STREAM-INF");
    const next = lastSegment(current)! + 1;
    const held = await fetch(`${playlist}?_HLS_msn=${next}`);
    expect(held.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=1");
    expect(lastSegment(await held.text())).toBeGreaterThanOrEqual(next);
    const hls = await probe(playlist);
    expect(hls.streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
    const flv = await probe(`${server.url}/live/${account.username}.flv`);
    expect(flv.streams.find((s) => s.codec_type === "video")?.codec_name).toBe("h264");

    const ended = server.deps.bus.next("stream:ended", (e) => e.username === account.username);
    const replayReady = server.deps.bus.next("replay:ready");
    expect(await publisher.exited).toBe(0);
    const leftAt = Date.now();
    await ended;
    expect(Date.now() - leftAt).toBeLessThan(5000);
    expect((await streamOf(account.username)).isLive).toBe(false);
    expect((await fetch(playlist)).status).toBe(404);

    const { replayId } = await replayReady;
    const replay = (await new Browser(server.url).get(`/api/stream/replays/${replayId}`)).body.replay;
    expect(replay).toMatchObject({ title: "Finale LAN", status: "ready", username: account.username });
    expect(replay.stream_games.id).toBe(1);
    expect(Math.abs(replay.duration - liveSeconds)).toBeLessThanOrEqual(1);
    const fileUrl = `${server.url}/recordings/${replay.filePath}`;
    const ranged = await fetch(fileUrl, { headers: { range: "bytes=100-199" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 100-199/${replay.fileSize}`);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    expect((await probe(fileUrl)).streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
    expect((await fetch(`${server.url}/recordings/${replay.thumbnailPath}`)).headers.get("content-type")).toBe("image/jpeg");
  });

  it("continues the same live when the publisher comes back within the grace window", async () => {
    const { account, ingest } = await streamer();
    const started = server.deps.bus.next("stream:started", (e) => e.username === account.username);
    const first = publishTestStream(ingest, { seconds: 3 });
    await started;
    await first.exited;
    const second = publishTestStream(ingest, { seconds: 3 });
    expect(await second.exited).toBe(0);
    const replayReady = server.deps.bus.next("replay:ready");
    await server.deps.bus.next("stream:ended", (e) => e.username === account.username);
    const { replayId } = await replayReady;
    const channel = await server.deps.db
      .selectFrom("channel")
      .innerJoin("user", "user.id", "channel.user_id")
      .select("channel.id")
      .where("user.username", "=", account.username)
      .executeTakeFirstOrThrow();
    expect(await server.deps.db.selectFrom("live_session").selectAll().where("channel_id", "=", channel.id).execute()).toHaveLength(1);
    const replay = (await new Browser(server.url).get(`/api/stream/replays/${replayId}`)).body.replay;
    expect(replay.duration).toBeGreaterThan(5);
  });

  it("cuts a publisher off when its stream key is regenerated", async () => {
    const { browser, account, streamKey, ingest } = await streamer();
    const started = server.deps.bus.next("stream:started", (e) => e.username === account.username);
    const publisher = publishTestStream(ingest, { seconds: 30 });
    await started;
    const ended = server.deps.bus.next("stream:ended", (e) => e.username === account.username);
    const regenerated = await browser.post("/api/stream/mystreamkey/regenerate");
    expect(regenerated.body.streamKey).not.toBe(streamKey);
    expect(await publisher.exited).not.toBe(0);
    await ended;
    const refused = publishTestStream(ingest, { seconds: 2 });
    expect(await refused.exited).not.toBe(0);
    expect((await streamOf(account.username)).isLive).toBe(false);
  });
});

describe("a video-only publish", () => {
  it("plays over HTTP-FLV although the media server's header announces audio, and gets its HLS", async () => {
    const { account, ingest } = await streamer();
    const started = server.deps.bus.next("stream:started", (e) => e.username === account.username);
    const publisher = publishTestStream(ingest, { seconds: 30, audio: false });
    const { channelId } = await started;
    // The remux reads the same header: told of audio that never comes, it waited for it and made no HLS at all.
    await waitFor("an HLS playlist", () => existsSync(join(hlsDirOf(server.deps.config.dataDir, channelId), "index.m3u8")), 20_000, 100);
    const url = `${server.url}/live/${account.username}.flv`;
    const header = await (async () => {
      const reader = (await fetch(url)).body!.getReader();
      const { value } = await reader.read();
      await reader.cancel();
      return value!;
    })();
    expect(String.fromCharCode(header[0]!, header[1]!, header[2]!)).toBe("FLV");
    expect(header[4]).toBe(0x01);
    const decoder = startTestProcess(["ffmpeg", "-v", "error", "-t", "1", "-i", url, "-map", "0:v", "-f", "null", "-"]);
    const killer = setTimeout(() => decoder.kill("SIGKILL"), 20_000);
    expect(await decoder.exited).toBe(0);
    clearTimeout(killer);
    const ended = server.deps.bus.next("stream:ended", (e) => e.username === account.username);
    publisher.kill("SIGKILL");
    await ended;
  });
});

describe("a remux that crashes", () => {
  it("starts again and reads the live again: HLS goes on and the recording gets a new part", async () => {
    const { account, ingest } = await streamer();
    const started = server.deps.bus.next("stream:started", (e) => e.username === account.username);
    const publisher = publishTestStream(ingest, { seconds: 60 });
    await started;
    const hlsDir = hlsDirOf(server.deps.config.dataDir, await channelIdOf(server, account.username));
    await waitFor("a first segment", () => newestSegment(hlsDir) > 0, 15_000, 100);
    const first = remuxOf(hlsDir);
    expect(first).toBeDefined();
    process.kill(first!, "SIGKILL");
    const lastBefore = newestSegment(hlsDir);
    await waitFor("another remux writing segments", () => remuxOf(hlsDir) !== first && newestSegment(hlsDir) > lastBefore, 20_000, 100);
    const recordings = join(server.deps.config.mediaDir, "recordings");
    await waitFor(
      "a second recording part with data",
      () => readdirSync(recordings, { recursive: true }).some((f) => String(f).endsWith("part-0002.flv") && statSync(join(recordings, String(f))).size > 0),
      15_000,
      100,
    );
    const ended = server.deps.bus.next("stream:ended", (e) => e.username === account.username);
    const replayReady = server.deps.bus.next("replay:ready");
    publisher.kill("SIGKILL");
    await ended;
    // Both parts are in the replay, measured from the parts' own ends before they go (issue 34, item 12)…
    const session = await server.deps.db
      .selectFrom("live_session")
      .select(["id", "recording_dir"])
      .where("channel_id", "=", await channelIdOf(server, account.username))
      .executeTakeFirstOrThrow();
    const partSeconds = recordingParts(session.recording_dir).reduce((sum, part) => sum + (flvRecordedSeconds(part) ?? 0), 0);
    const { replayId } = await replayReady;
    const replay = await server.deps.db.selectFrom("replay").select(["file_path", "live_session_id"]).where("id", "=", replayId).executeTakeFirstOrThrow();
    expect(replay.live_session_id).toBe(session.id);
    expect((await probe(join(recordings, replay.file_path!))).duration).toBeGreaterThanOrEqual(partSeconds - 1);
    // …and the disk keeps the MP4 alone.
    expect(existsSync(session.recording_dir)).toBe(false);
  });
});

/** The number of the newest HLS segment in `hlsDir` (0 when there is none). */
function newestSegment(hlsDir: string): number {
  if (!existsSync(hlsDir)) return 0;
  return Math.max(0, ...readdirSync(hlsDir).map((name) => Number(name.match(/^segment-(\d+)\.ts$/)?.[1] ?? 0)));
}

/** The pid of the ffmpeg remuxing into `hlsDir`: the one that reads its stdin (thumbnails read a segment). */
function remuxOf(hlsDir: string): number | undefined {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (command[0]?.endsWith("ffmpeg") && command.includes("pipe:0") && command.some((arg) => arg.startsWith(hlsDir))) return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

describe("viewers", () => {
  it("counts joined viewers once each, and forgets those who leave", async () => {
    const { account, ingest } = await streamer();
    const started = server.deps.bus.next("stream:started", (e) => e.username === account.username);
    const publisher = publishTestStream(ingest, { seconds: 30 });
    await started;
    const { channelArn } = await streamOf(account.username);
    const alice = new Browser(server.url);
    const bob = await signedInUser(server);
    expect((await alice.post("/api/stream/viewers/join", { channelArn })).body.viewerCount).toBe(1);
    expect((await bob.browser.post("/api/stream/viewers/join", { channelArn })).body.viewerCount).toBe(2);
    expect((await alice.post("/api/stream/viewers/heartbeat", { channelArn })).body.viewerCount).toBe(2);
    // The count also travels over socket.io to everyone on the stream page.
    const socket = io(`${server.url}/live`, { path: "/socket.io/", transports: ["websocket"], forceNew: true });
    await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
    expect(await socket.emitWithAck("watch", channelArn)).toBe(true);
    // With several nodes an emit reaches even this node's sockets once the adapter has published it,
    // so the count of a join made before this socket watched may still arrive: counts come in order.
    const pushed: number[] = [];
    const countOne = new Promise<void>((resolve) =>
      socket.on("viewers:changed", ({ viewerCount }: { viewerCount: number }) => {
        pushed.push(viewerCount);
        if (viewerCount === 1) resolve();
      }),
    );
    expect((await alice.post("/api/stream/viewers/leave", { channelArn })).body.viewerCount).toBe(1);
    await countOne;
    expect([[1], [2, 1]]).toContainEqual(pushed);
    socket.close();
    const data = (await alice.get(`/api/stream/viewers/${channelArn}`)).body;
    expect(data.viewerCount).toBe(1);
    expect(typeof data.startTime).toBe("string");
    expect((await alice.get(`/api/stream/livedata/${channelArn}`)).body).toEqual(data);
    publisher.kill("SIGKILL");
    await server.deps.bus.next("stream:ended", (e) => e.username === account.username);
    expect((await alice.get(`/api/stream/viewers/${channelArn}`)).status).toBe(404);
    expect((await alice.get(`/api/stream/livedata/${channelArn}`)).status).toBe(404);
  });

  it("counts a member once however often they join, and at most a household of cookie-less visitors per address", async () => {
    const { account, ingest } = await streamer();
    const started = server.deps.bus.next("stream:started", (e) => e.username === account.username);
    publishTestStream(ingest, { seconds: 30 });
    await started;
    const { channelArn } = await streamOf(account.username);
    // A script that drops the visitor cookie each time: every call looks like a new visitor.
    const counts = [];
    for (let i = 0; i < 3 * VISITORS_PER_ADDRESS; i++)
      counts.push(
        (await fetch(`${server.url}/api/stream/viewers/join`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ channelArn }) }).then((r) => r.json()))
          .viewerCount,
      );
    expect(counts.at(-1)).toBe(VISITORS_PER_ADDRESS);
    const member = await signedInUser(server);
    for (let i = 0; i < 5; i++) await member.browser.post("/api/stream/viewers/join", { channelArn });
    expect((await member.browser.post("/api/stream/viewers/heartbeat", { channelArn })).body.viewerCount).toBe(VISITORS_PER_ADDRESS + 1);
  });
});

/** A data folder of the test's own, removed when the test ends (the Arena processes it started are killed then too). */
function tempDataDir(prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  stopWhenTestEnds(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** An Arena process of its own (a data folder the test removes) with one member live on it. */
async function arenaWithALive(dataDir: string, title: string) {
  const env = { PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, RTMP_PORT: "auto", LOG_LEVEL: "error" };
  const arena = await startMainProcess(env);
  const user = await signedInUser(arena);
  const start = await user.browser.post("/api/stream/startstreaming", { title, gameId: 2, tags: [] });
  const publisher = publishTestStream(`rtmp://127.0.0.1:${arena.rtmpPort}/live/${start.body.streamKey}`, { seconds: 30 });
  await waitFor("the channel live", async () => (await new Browser(arena.url).get(`/api/stream/stream/${user.account.username}`)).body.isLive, 15_000, 200);
  /** The same folder started again, with the same ingest port. */
  const restart = () => startMainProcess({ ...env, RTMP_PORT: String(arena.rtmpPort) });
  return { arena, user, publisher, restart };
}

/** The member's first ready replay on `url`, once the start has made it. */
function readyReplayOf(url: string, user: { browser: Browser }) {
  const viewer = new Browser(url);
  for (const [name, value] of user.browser.cookies) viewer.cookies.set(name, value);
  return waitFor("a ready replay", async () => (await viewer.get("/api/stream/my-replays")).body.replays?.find((r: { status: string }) => r.status === "ready"), 20_000, 250);
}

describe("after a crash", () => {
  it("ends its ffmpeg jobs with it, clears live flags and turns half-written recordings into replays at the next start", async () => {
    const dataDir = tempDataDir("arena-crash-");
    const { arena: first, user, publisher, restart } = await arenaWithALive(dataDir, "Crash test");
    const recordings = join(dataDir, "recordings");
    const partSize = () =>
      readdirSync(recordings, { recursive: true })
        .filter((f) => String(f).endsWith(".flv"))
        .map((f) => Bun.file(join(recordings, String(f))).size)[0] ?? 0;
    await waitFor("a recording part with data", () => partSize() > 100_000, 15_000, 200);
    expect(leftoverChildren(dataDir).length).toBeGreaterThan(0); // the live's own jobs: recording, HLS
    first.child.kill("SIGKILL");
    await first.child.exited;
    // The kernel tells them at once (setpriv --pdeathsig); they close their files and quit.
    await waitFor("no ffmpeg job of the killed Arena still running", () => leftoverChildren(dataDir).length === 0, 10_000, 50);
    const sizeAfterCrash = partSize();
    publisher.kill("SIGKILL");

    const second = await restart();
    expect(second.output).not.toContain("left running by an earlier run");
    const stream = (await new Browser(second.url).get(`/api/stream/stream/${user.account.username}`)).body;
    expect(stream.isLive).toBe(false);
    const mine = await readyReplayOf(second.url, user);
    expect(mine.title).toBe("Crash test");
    expect(mine.duration).toBeGreaterThan(0);
    expect(partSize() === 0 || partSize() === sizeAfterCrash).toBe(true); // nothing wrote the part since the crash
    second.child.kill("SIGTERM");
    expect(await second.child.exited).toBe(0);
  });
});

describe("a stop during a live", () => {
  it("ends the live before the process exits, and the next start makes its replay", async () => {
    const dataDir = tempDataDir("arena-sigterm-");
    const { arena: first, user, restart } = await arenaWithALive(dataDir, "Arrêt propre");
    first.child.kill("SIGTERM");
    expect(await first.child.exited).toBe(0);

    // Read the database file as the stopped server left it.
    const db = new Database(join(dataDir, "arena.db"), { readonly: true });
    try {
      expect(db.query("SELECT COUNT(*) AS n FROM channel WHERE is_live = 1").get()).toEqual({ n: 0 });
      expect(db.query("SELECT COUNT(*) AS n FROM live_session WHERE ended_at IS NULL").get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }

    const second = await restart();
    const replay = await readyReplayOf(second.url, user);
    expect(replay.title).toBe("Arrêt propre");
    second.child.kill("SIGTERM");
    expect(await second.child.exited).toBe(0);
  });
});

describe("starting beside what an earlier run left", () => {
  it("ends a job still running from its data folder before it starts", async () => {
    const dataDir = tempDataDir("arena-leftover-");
    // A job left by a run whose machine had no setpriv: still writing into the folder, owned by nobody.
    const leftover = startTestProcess(["ffmpeg", "-v", "error", "-re", "-f", "lavfi", "-i", "testsrc=size=160x90:rate=10", "-f", "flv", join(dataDir, "leftover.flv")], {
      env: { ARENA_DATA_DIR: dataDir },
    });
    await waitFor("the stand-in job writing", () => existsSync(join(dataDir, "leftover.flv")), 10_000, 50);
    const arena = await startMainProcess({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, RTMP_PORT: "0", LOG_LEVEL: "error" });
    expect(await leftover.exited).not.toBe(0);
    expect(arena.output).toContain("ended 1 media job(s) left running by an earlier run on this data folder");
    arena.child.kill("SIGTERM");
    expect(await arena.child.exited).toBe(0);
  });

  it("takes another loopback port for its internal HTTP-FLV side when the one it would use is taken, and still plays", async () => {
    const dataDir = tempDataDir("arena-port-");
    // What the old "find a free port, bind it later" lost to: a port taken between the choice and the bind.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const taken = (holder.address() as AddressInfo).port;
    stopWhenTestEnds(() => holder.close());
    const arena = await startMainProcess({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, RTMP_PORT: "auto", MEDIA_INTERNAL_PORT: String(taken), LOG_LEVEL: "error" });
    expect(arena.output).toContain(`internal port ${taken} is taken`);
    const internal = Number(arena.output.match(/HTTP-FLV read internally on 127\.0\.0\.1:(\d+)/)?.[1]);
    expect(internal).toBeGreaterThan(0);
    expect(internal).not.toBe(taken);

    const user = await signedInUser(arena);
    const start = await user.browser.post("/api/stream/startstreaming", { title: "Port pris", gameId: 1, tags: [] });
    publishTestStream(`rtmp://127.0.0.1:${arena.rtmpPort}/live/${start.body.streamKey}`, { seconds: 30 });
    await waitFor("the channel live", async () => (await new Browser(arena.url).get(`/api/stream/stream/${user.account.username}`)).body.isLive, 15_000, 200);
    const flv = await readStart(`${arena.url}/live/${user.account.username}.flv`, 64 * 1024);
    expect(new TextDecoder().decode(flv.subarray(0, 3))).toBe("FLV");
    expect(flv.length).toBeGreaterThanOrEqual(64 * 1024);
    arena.child.kill("SIGTERM");
    expect(await arena.child.exited).toBe(0);
  });
});

/** The first `bytes` of a streamed answer (a live never ends by itself). */
async function readStart(url: string, bytes: number): Promise<Uint8Array> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < bytes) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  controller.abort();
  return Buffer.concat(chunks);
}
