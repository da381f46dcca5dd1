import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Subprocess } from "bun";
import { probe } from "../../media/probe.ts";
import { testDatabaseIsPostgres } from "../../tests/fixtures/database.ts";
import { makeImage } from "../../tests/fixtures/images.ts";
import { type LiveSite, type NodeHere, type NodeProcess, startLiveSite } from "../../tests/fixtures/live-nodes.ts";
import { publishTestStream, waitFor } from "../../tests/fixtures/publisher.ts";
import { Browser, signedInUser } from "../../tests/fixtures/server.ts";
import { whepViewer, whipRepublisher } from "../../tests/fixtures/whep-viewer.ts";
import { RELAYED_HEADER } from "./node-relay.ts";
import { lastSegment } from "./playlist-wait.ts";
import { takeOverSilentNodes } from "./nodes.ts";

const postgres = testDatabaseIsPostgres();
if (!postgres) console.warn("server/live/cluster.test.ts skipped: a site of several nodes needs PostgreSQL (run it through scripts/lib/with-postgres.ts, which sets ARENA_TEST_POSTGRES)");

let site: LiveSite;
/** Ingests the first live, then stops as on SIGTERM. */
let a: NodeProcess;
/** The viewers' node, in this process: it never ingests, and runs the sweep when a test says so. */
let b: NodeHere;
/** Relays, then ingests the second live and dies. */
let c: NodeProcess;
const publishers: Subprocess[] = [];

beforeAll(async () => {
  if (!postgres) return;
  site = await startLiveSite();
  [a, b, c] = await Promise.all([site.startNodeProcess("a"), site.startNodeHere("b"), site.startNodeProcess("c")]);
});
afterAll(async () => {
  for (const publisher of publishers) publisher.kill("SIGKILL");
  await site?.stop();
});

/** A member who signed up on `node` and pushes a test pattern to its RTMP ingest. */
async function liveOn(node: NodeProcess, title: string) {
  const user = await signedInUser(node);
  const start = await user.browser.post("/api/stream/startstreaming", { title, gameId: 1, tags: [] });
  expect(start.status).toBe(200);
  publishers.push(publishTestStream(`rtmp://127.0.0.1:${node.rtmpPort}/live/${start.body.streamKey}`, { seconds: 120, lasts: "file" }));
  await waitFor("the live listed by node B", () => isListedLive(user.account.username), 15_000, 200);
  return { ...user, username: user.account.username };
}

async function isListedLive(username: string): Promise<boolean> {
  const list = (await new Browser(b.url).get("/api/stream/streams")).body.data as { username: string; isLive: boolean }[];
  return list.some((s) => s.username === username && s.isLive);
}

/** The member's first ready replay, read through `url` with the session they opened on another node. */
function readyReplayThrough(url: string, user: { browser: Browser }) {
  const viewer = new Browser(url);
  for (const [name, value] of user.browser.cookies) viewer.cookies.set(name, value);
  type Replay = { status: string; filePath: string; duration: number; title: string };
  return waitFor("a ready replay", async () => ((await viewer.get("/api/stream/my-replays")).body.replays as Replay[] | undefined)?.find((r) => r.status === "ready"), 30_000, 250);
}

/** The bytes of every recording part of a channel, under a site's MEDIA_DIR. */
async function recordedBytes(mediaDir: string, username: string): Promise<number> {
  const channel = await b.deps.db.selectFrom("channel").innerJoin("user", "user.id", "channel.user_id").select("channel.id").where("user.username", "=", username).executeTakeFirstOrThrow();
  const out = Bun.spawnSync(["find", `${mediaDir}/recordings/${channel.id}`, "-name", "part-*.flv", "-printf", "%s\\n"]).stdout.toString();
  return out.split("\n").reduce((sum, size) => sum + Number(size || 0), 0);
}

/** Established connections from the process `pid` to `port` on this machine. */
function connectionsFrom(pid: number, port: number): number {
  const out = Bun.spawnSync(["ss", "-Htnp", "state", "established", `( dport = :${port} )`]).stdout.toString();
  return out.split("\n").filter((line) => line.includes(`pid=${pid},`)).length;
}

const segmentCache = "public, max-age=3600, immutable";

describe.skipIf(!postgres)("a live ingested by one node", () => {
  let streamer: Awaited<ReturnType<typeof liveOn>>;

  it("is relayed over HTTP-FLV by another node, which stops reading the owner when its viewer leaves", async () => {
    streamer = await liveOn(a, "Deux nœuds");
    expect(connectionsFrom(c.child.pid, a.port)).toBe(0);
    const viewer = new AbortController();
    const response = await fetch(`${c.url}/live/${streamer.username}.flv`, { signal: viewer.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/x-flv");
    const reader = response.body!.getReader();
    let received = 0;
    while (received < 64 * 1024) received += (await reader.read()).value?.length ?? 0;
    expect(connectionsFrom(c.child.pid, a.port)).toBe(1);
    viewer.abort();
    await waitFor("node C's request to node A closed", () => connectionsFrom(c.child.pid, a.port) === 0, 10_000, 50);
  });

  it("plays over HLS and HTTP-FLV through a node that does not ingest it, with the owner's bytes and cacheable segments", async () => {
    const playlist = `${b.url}/live/${streamer.username}/index.m3u8`;
    const segments = await waitFor("two HLS segments through node B", async () => {
      const res = await fetch(playlist);
      const names = res.ok ? (await res.text()).match(/segment-\d+\.ts/g) : null;
      return names && names.length >= 2 ? names : undefined;
    });
    for (const node of [a, b]) {
      const res = await fetch(`${node.url}/live/${streamer.username}/index.m3u8`);
      expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=1");
      expect(res.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    }
    // A blocking reload through node B is held by the owner (the query goes along) until the next segment is listed.
    const next = lastSegment(await (await fetch(playlist)).text())! + 1;
    expect(lastSegment(await (await fetch(`${playlist}?_HLS_msn=${next}`)).text())).toBeGreaterThanOrEqual(next);
    const [fromOwner, relayed] = await Promise.all([a, b].map((node) => fetch(`${node.url}/live/${streamer.username}/${segments[0]}`)));
    for (const res of [fromOwner!, relayed!]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe(segmentCache);
      expect(res.headers.get("content-type")).toBe("video/mp2t");
    }
    const bytes = new Uint8Array(await relayed!.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes).toEqual(new Uint8Array(await fromOwner!.arrayBuffer()));

    expect((await probe(playlist)).streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
    const flv = await probe(`${b.url}/live/${streamer.username}.flv`);
    expect(flv.streams.find((s) => s.codec_type === "video")?.codec_name).toBe("h264");

    // Its pictures are named by node B although they are not on its disk, and relayed when asked for.
    const named = async () => ((await new Browser(b.url).get(`/api/stream/stream/${streamer.username}`)).body.thumbnail as string | null) ?? undefined;
    const thumbnail = await waitFor("a thumbnail named by node B", named, 15_000, 250);
    expect(thumbnail).toBe(`/live/${streamer.username}/thumbnail.jpg`);
    const picture = await fetch(`${b.url}${thumbnail}`);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it("stays restricted through a node that does not ingest it: the owner checks the viewer's session again (issue 18, item 4)", async () => {
    expect((await streamer.browser.put("/api/stream/channel-settings", { watch: { mode: "members" } })).status).toBe(200);
    const member = new Browser(b.url);
    for (const [name, value] of streamer.browser.cookies) member.cookies.set(name, value);
    for (const path of [`/live/${streamer.username}/index.m3u8`, `/live/${streamer.username}.flv`]) {
      expect((await new Browser(b.url).get(path)).body.code).toBe("live_login_required");
      // Asked of node A straight, as node B relays it (the relayed header) but without a session: refused there too.
      expect((await fetch(`${a.url}${path}`, { headers: { [RELAYED_HEADER]: "1" } })).status).toBe(403);
      const allowed = await member.request("GET", path);
      expect(allowed.status).toBe(200);
      // The FLV relay was never cacheable ("no-store"); the playlist of a restricted live is not either.
      expect(allowed.headers.get("cache-control")).toContain("no-store");
      await allowed.body?.cancel();
    }
    expect((await streamer.browser.put("/api/stream/channel-settings", { watch: { mode: "everyone" } })).status).toBe(200);
  });

  it("answers a real-time (WHEP) viewer from the node that ingests it, asked through nodes that do not", async () => {
    const viewer = await whepViewer(b.url, streamer.username);
    expect(viewer.response.status).toBe(201);
    // The answer is the owner's: its session, its addresses, and the picture comes from there.
    expect(viewer.location).toMatch(new RegExp(`^/api/whep/${streamer.username}/[0-9a-f-]{36}$`));
    await waitFor("the real-time picture", () => viewer.received.video.length > 10, 20_000);
    // Ended through a third node: relayed to the owner too.
    expect((await fetch(`${c.url}${viewer.location}`, { method: "DELETE" })).status).toBe(200);
    expect((await fetch(`${a.url}${viewer.location}`, { method: "DELETE" })).status).toBe(404);
    await viewer.peer.close();
  });

  it("ends a WHIP publish whose DELETE reaches another node: the node holding the session answers it", async () => {
    const viewer = await whepViewer(b.url, streamer.username);
    const relayer = await signedInUser(a);
    const start = await relayer.browser.post("/api/stream/startstreaming", { title: "Par WHIP", gameId: 1, tags: [] });
    const publisher = await whipRepublisher(viewer, a.url, start.body.streamKey);
    await waitFor("the WHIP live listed", () => isListedLive(relayer.account.username), 20_000, 200);
    const end = (node: string) => fetch(`${node}${publisher.location}`, { method: "DELETE", headers: { authorization: `Bearer ${start.body.streamKey}` } });
    expect((await end(c.url)).status).toBe(200);
    expect((await end(a.url)).status).toBe(404);
    await waitFor("the WHIP live ended", async () => !(await isListedLive(relayer.account.username)), 20_000, 200);
    await Promise.all([publisher.peer.close(), viewer.peer.close()]);
  });

  it("is never relayed twice: a relayed request is answered from the node's own disk, or not at all", async () => {
    // The live was opened to everyone again through node A: node B hears of it a moment later (a busy run took longer).
    const playlist = `${b.url}/live/${streamer.username}/index.m3u8`;
    const servedToAVisitor = async () => {
      const response = await fetch(playlist);
      await response.arrayBuffer();
      return response.status === 200;
    };
    await waitFor("node B to serve the live to a visitor again", servedToAVisitor, 15_000, 100);
    const relayedAgain = await fetch(`${b.url}/live/${streamer.username}/index.m3u8`, { headers: { [RELAYED_HEADER]: "1" } });
    expect(relayedAgain.status).toBe(404);
    expect((await fetch(`${a.url}/live/${streamer.username}/index.m3u8`, { headers: { [RELAYED_HEADER]: "1" } })).status).toBe(200);
  });

  it("serves a picture uploaded through its node from every node (MEDIA_DIR is shared)", async () => {
    const upload = new FormData();
    upload.append("filename", new File([(await makeImage("png")) as Uint8Array<ArrayBuffer>], "me.png", { type: "image/png" }));
    const avatar = (await streamer.browser.post("/api/auth/avatar", upload)).body.newAvatar as string;
    const sizes = await Promise.all([a.url, b.url, c.url].map(async (url) => (await fetch(`${url}${avatar}`)).arrayBuffer()));
    expect(sizes.map((bytes) => bytes.byteLength)).toEqual(Array(3).fill(sizes[0]!.byteLength));
    expect(sizes[0]!.byteLength).toBeGreaterThan(100);
  });

  it("ends when its node stops, and its replay, made by a node still up, plays from every node", async () => {
    a.child.kill("SIGTERM");
    expect(await a.child.exited).toBe(0);
    expect(await isListedLive(streamer.username)).toBe(false);
    expect((await fetch(`${b.url}/live/${streamer.username}/index.m3u8`)).status).toBe(404);
    // The stopped node left the site: the first sweep makes what it left unmade (node C's own may come first).
    expect(await b.deps.db.selectFrom("node").select("url").where("url", "=", a.nodeUrl).execute()).toEqual([]);
    await takeOverSilentNodes(b.deps, (line) => b.logs.push(line));
    const replay = await readyReplayThrough(b.url, streamer);
    expect(replay.title).toBe("Deux nœuds");
    expect(replay.duration).toBeGreaterThan(1);
    const file = `${b.url}/recordings/${replay.filePath}`;
    expect((await probe(file)).streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
    const [fromB, fromC] = await Promise.all([b.url, c.url].map(async (url) => (await fetch(`${url}/recordings/${replay.filePath}`)).arrayBuffer()));
    expect(fromC!.byteLength).toBe(fromB!.byteLength);
  });
});

describe.skipIf(!postgres)("a node that dies", () => {
  it("keeps its lives while another node starts and sweeps, and loses them to the sweep once silent, ended once", async () => {
    const streamer = await liveOn(c, "Nœud perdu");
    await waitFor("two segments recorded", async () => ((await (await fetch(`${b.url}/live/${streamer.username}/index.m3u8`)).text()).match(/\.ts/g)?.length ?? 0) >= 2);
    // A node starting ends only the lives it owned before; a sweep leaves those of nodes still beating.
    const d = await site.startNodeProcess("d");
    expect(await takeOverSilentNodes(b.deps, (line) => b.logs.push(line))).toEqual([]);
    expect(await isListedLive(streamer.username)).toBe(true);
    d.child.kill("SIGTERM");
    expect(await d.child.exited).toBe(0);

    // What a killed node leaves is what its ffmpeg had written out: its file buffer (32 KB) goes with it.
    await waitFor("the recording on disk", async () => (await recordedBytes(site.mediaDir, streamer.username)) > 0);
    c.child.kill("SIGKILL");
    await c.child.exited;
    expect(await isListedLive(streamer.username)).toBe(true); // nobody ended it
    expect((await fetch(`${b.url}/live/${streamer.username}/index.m3u8`)).status).toBe(404); // nobody to relay from
    // As if its last heartbeat were long ago, rather than waiting for it to age.
    await b.deps.db.updateTable("node").set({ seen_at: 0 }).where("url", "=", c.nodeUrl).execute();
    const ended: string[] = [];
    const off = b.deps.bus.on("stream:ended", (event) => ended.push(event.username));
    const [first, second] = await Promise.all([takeOverSilentNodes(b.deps, () => undefined), takeOverSilentNodes(b.deps, () => undefined)]);
    off();
    expect([...first!, ...second!]).toHaveLength(1);
    expect(ended).toEqual([streamer.username]);
    expect(await isListedLive(streamer.username)).toBe(false);
    const replay = await readyReplayThrough(b.url, streamer);
    expect(replay.title).toBe("Nœud perdu");
    expect(replay.duration).toBeGreaterThan(0);
    expect((await probe(`${b.url}/recordings/${replay.filePath}`)).streams.map((s) => s.codec_type)).toContain("video");
  });
});
