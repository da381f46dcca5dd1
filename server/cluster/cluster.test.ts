import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Socket } from "socket.io-client";
import { CLUSTER_NEEDS_POSTGRES, startTestCluster, type TestCluster } from "../../tests/fixtures/cluster-nodes.ts";
import { testDatabaseIsPostgres } from "../../tests/fixtures/database.ts";
import { waitFor } from "../../tests/fixtures/publisher.ts";
import { redisServerInstalled, startRedis, type TestRedis } from "../../tests/fixtures/redis.ts";
import { Browser, signedInUser, type TestServer } from "../../tests/fixtures/server.ts";
import { collect, connect, nextEvent } from "../../tests/fixtures/sockets.ts";
import { notify } from "../notifications/service.ts";
import { type SiteJob, startSiteJobs } from "./site-jobs.ts";

const onPostgres = testDatabaseIsPostgres();
const titled = (name: string, skippedBecause: string | undefined) => (skippedBecause ? `${name} — skipped: ${skippedBecause}` : name);
const TRANSLATIONS_PER_MINUTE = 4;

const sockets: Socket[] = [];
const cookieOf = (browser: Browser) => `arena_session=${browser.cookies.get("arena_session")}`;

async function open(node: TestServer, namespace: string, cookie?: string): Promise<Socket> {
  const socket = await connect(node.url, namespace, { cookie });
  sockets.push(socket);
  return socket;
}

/** A streamer's channel, made through `node`: its stream id is the public channel id. */
async function channel(node: TestServer) {
  const owner = await signedInUser(node);
  await owner.browser.post("/api/stream/mychannel/init");
  const info = (await owner.browser.get("/api/stream/mychannelinfo")).body;
  return { owner, streamID: info.channelArn as string };
}

async function reader(node: TestServer, streamID: string): Promise<Socket> {
  const socket = await open(node, "/readchat");
  expect(await socket.emitWithAck("join", streamID)).toBe(true);
  return socket;
}

/** Every node reads one instant while `act` runs: on a busy machine a bucket would otherwise refill between two sends. */
async function atOneInstant<T>(nodes: TestServer[], act: () => Promise<T>): Promise<T> {
  const instant = Date.now();
  const clocks = nodes.map((node) => node.deps.now);
  for (const node of nodes) Object.assign(node.deps, { now: () => instant });
  try {
    return await act();
  } finally {
    nodes.forEach((node, index) => Object.assign(node.deps, { now: clocks[index] }));
  }
}

/** A browser signed in through one node, asking another (a load balancer may send any request anywhere). */
const through = (browser: Browser, node: TestServer) => {
  const moved = new Browser(node.url, browser.lang);
  for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
  return moved;
};

/** What any cluster shows, on PostgreSQL's adapter or Redis's: emits on one node reach sockets on the other. */
function realtimeAcrossNodes(cluster: () => TestCluster) {
  it("delivers a chat message written through node A's socket to readers on node B and on A", async () => {
    const [a, b] = cluster().nodes as [TestServer, TestServer];
    const { streamID } = await channel(a);
    const alice = await signedInUser(a);
    const [onB, onA] = [await reader(b, streamID), await reader(a, streamID)];
    const arrivals = [nextEvent<{ message: string; username: string }>(onB, "send"), nextEvent<{ message: string }>(onA, "send")] as const;
    const writer = await open(a, "/writechat", cookieOf(alice.browser));
    await writer.emitWithAck("join", streamID);
    expect(await writer.emitWithAck("message", { streamID, message: "gg from A" })).toMatchObject({ ok: true });
    const [fromB, fromA] = await Promise.all(arrivals);
    expect(fromB).toMatchObject({ message: "gg from A", username: alice.account.username });
    expect(fromA.message).toBe("gg from A");
  });

  it("pushes a notification created on node A to the user's page connected to node B", async () => {
    const [a, b] = cluster().nodes as [TestServer, TestServer];
    const fan = await signedInUser(a);
    const page = await open(b, "/live", cookieOf(fan.browser));
    const pushed = nextEvent<{ type: string; data: { username: string } }>(page, "notification:created");
    await notify(a.deps, [fan.user.id], { type: "stream_live", actorId: null, link: "/stream/somebody", data: { username: "somebody", title: "t" } });
    expect(await pushed).toMatchObject({ type: "stream_live", data: { username: "somebody" } });
  });

  it("closes a member's chat socket on node A when their password is changed through node B (issue 34, item 14)", async () => {
    const [a, b] = cluster().nodes as [TestServer, TestServer];
    const { streamID } = await channel(a);
    const member = await signedInUser(a);
    const writer = await open(a, "/writechat", cookieOf(member.browser));
    const closed = nextEvent<string>(writer, "disconnect");
    const changed = await through(member.browser, b).put("/api/auth/password", { oldPassword: member.account.password, newPassword: "another horse battery" });
    expect(changed.status).toBe(200);
    expect(await closed).toBe("io server disconnect");
    const again = await open(a, "/writechat", cookieOf(member.browser));
    expect(await again.emitWithAck("message", { streamID, message: "after" })).toMatchObject({ ok: false, code: "chat_login_required" });
  });
}

describe.skipIf(!onPostgres)(titled("two nodes on one PostgreSQL", onPostgres ? undefined : CLUSTER_NEEDS_POSTGRES), () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startTestCluster(2, { TRANSLATE_RATE_PER_MINUTE: String(TRANSLATIONS_PER_MINUTE) });
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await cluster?.stop();
  });

  realtimeAcrossNodes(() => cluster);

  it("announces a follow made through node B to the followed user's page on node A, and a live starting on A to pages on B", async () => {
    const [a, b] = cluster.nodes as [TestServer, TestServer];
    const streamer = await channel(a);
    const streamerPage = await open(a, "/live", cookieOf(streamer.owner.browser));
    const visitorPage = await open(b, "/live");
    const counted = nextEvent<{ followers: number }>(streamerPage, "follows:changed");
    const fan = await signedInUser(b);
    expect((await fan.browser.post("/api/stream/follow", { channelId: streamer.streamID })).status).toBe(200);
    expect(await counted).toEqual({ followers: 1 });
    // What the live manager of the node that took the RTMP push announces.
    const started = nextEvent<{ username: string }>(visitorPage, "stream:started");
    a.deps.bus.emit("stream:started", { channelId: 0, username: streamer.owner.account.username });
    expect(await started).toEqual({ username: streamer.owner.account.username });
  });

  it("keeps a ban made through node B: the banned writer on node A is refused and readers on A are told", async () => {
    const [a, b] = cluster.nodes as [TestServer, TestServer];
    const { owner, streamID } = await channel(a);
    const bob = await signedInUser(a);
    const writer = await open(a, "/writechat", cookieOf(bob.browser));
    await writer.emitWithAck("join", streamID);
    const onA = await reader(a, streamID);
    const banned = nextEvent<{ userId: number; until: string | null }>(onA, "banned");
    expect((await through(owner.browser, b).post(`/api/chat/${streamID}/bans`, { userId: bob.user.id, reason: "spam" })).status).toBe(200);
    expect(await banned).toEqual({ userId: bob.user.id, until: null });
    expect(await writer.emitWithAck("message", { streamID, message: "let me talk" })).toMatchObject({ ok: false, code: "chat_banned" });
  });

  it("accepts a session made by logging in on node A on node B, and its logout on B ends it on A", async () => {
    const [a, b] = cluster.nodes as [TestServer, TestServer];
    const { browser, user } = await signedInUser(a);
    expect((await through(browser, b).get("/api/auth/me")).body).toMatchObject({ user: { id: user.id } });
    expect((await through(browser, b).post("/api/auth/logout")).status).toBe(200);
    expect((await browser.get("/api/auth/me")).status).toBe(401);
  });

  it("counts a rate limit over both nodes: the calls one address spreads over A and B share one allowance", async () => {
    const [a, b] = cluster.nodes as [TestServer, TestServer];
    const statuses = [];
    for (let call = 0; call <= TRANSLATIONS_PER_MINUTE; call++) {
      const node = call % 2 === 0 ? a : b;
      statuses.push((await new Browser(node.url).post("/api/translate", { text: "Champ vide", target_lang: "en" })).status);
    }
    expect(statuses).toEqual([...Array(TRANSLATIONS_PER_MINUTE).fill(200), 429]);
  });

  it("takes one user's chat messages from one bucket, whichever node each goes through", async () => {
    const [a, b] = cluster.nodes as [TestServer, TestServer];
    const { streamID } = await channel(a);
    const chatty = await signedInUser(a);
    const writers = [await open(a, "/writechat", cookieOf(chatty.browser)), await open(b, "/writechat", cookieOf(chatty.browser))];
    const answers: { ok: boolean; code?: string }[] = await atOneInstant([a, b], () =>
      Promise.all(Array.from({ length: 6 }, (_, index) => writers[index % 2]!.emitWithAck("message", { streamID, message: `flood ${index}` }))),
    );
    // A bucket per node would let all six through (three on each); one shared bucket holds three.
    expect(answers.filter((answer) => answer.ok).length).toBe(3);
    expect(answers.filter((answer) => !answer.ok).every((answer) => answer.code === "chat_rate_limited")).toBe(true);
  });

  it("sweeps silent viewers on the leading node only, and the new count reaches pages on every node", async () => {
    const [a, b] = cluster.nodes as [TestServer, TestServer];
    expect([a.leadership.isLeader(), b.leadership.isLeader()]).toEqual([true, false]);
    const { streamID } = await channel(b);
    const page = await open(b, "/live");
    expect(await page.emitWithAck("watch", streamID)).toBe(true);
    const channelRow = await b.deps.db.selectFrom("channel").select("id").where("public_id", "=", streamID).executeTakeFirstOrThrow();
    const sweptBy = { a: collect(page, "viewers:changed"), onBusA: [] as unknown[], onBusB: [] as unknown[] };
    const offs = [a.deps.bus.on("viewers:changed", (event) => sweptBy.onBusA.push(event)), b.deps.bus.on("viewers:changed", (event) => sweptBy.onBusB.push(event))];
    await b.deps.db.insertInto("viewer_presence").values({ channel_id: channelRow.id, viewer_id: "visitor:gone", last_seen_at: 0, address: "192.0.2.1" }).execute();
    // The sweep runs every 10 s: the count announced by A reaches B's page through the adapter.
    const counted = await waitFor("the sweep's count", () => sweptBy.a[0], 30_000);
    offs.forEach((off) => off());
    expect(counted).toMatchObject({ channelArn: streamID, viewerCount: 0 });
    expect(sweptBy.onBusB).toEqual([]);
    expect(sweptBy.onBusA).toHaveLength(1);
  });

  it("runs a site job on the leader only, and on the other node once the leader stops", async () => {
    const [a, b] = cluster.nodes as [TestServer, TestServer];
    const runs: string[] = [];
    const job = (name: string): SiteJob[] => [{ name, everyMs: 20, run: async () => void runs.push(name) }];
    const stops = [startSiteJobs(job("A"), a.leadership, () => undefined), startSiteJobs(job("B"), b.leadership, () => undefined)];
    await waitFor("A's runs", () => runs.length >= 5);
    expect(new Set(runs)).toEqual(new Set(["A"]));
    await cluster.stopNode(a);
    // A gives the lock up early in its stop, so B may take over before the stop returns: its runs can start then.
    const runsWhenAStopped = runs.length;
    await waitFor("B's runs after A stopped", () => runs.length >= runsWhenAStopped + 3);
    const firstOfB = runs.indexOf("B");
    expect(new Set(runs.slice(0, firstOfB))).toEqual(new Set(["A"]));
    expect(new Set(runs.slice(firstOfB))).toEqual(new Set(["B"]));
    await Promise.all(stops.map((stop) => stop()));
  });
});

const redisReady = onPostgres && redisServerInstalled();
describe.skipIf(!redisReady)(
  titled("two nodes on one PostgreSQL, socket.io through Redis", redisReady ? undefined : onPostgres ? "Debian's redis-server is not installed" : CLUSTER_NEEDS_POSTGRES),
  () => {
    let redis: TestRedis;
    let cluster: TestCluster;
    beforeAll(async () => {
      redis = await startRedis();
      cluster = await startTestCluster(2, { REDIS_URL: redis.url });
    });
    afterAll(async () => {
      for (const socket of sockets.splice(0)) socket.close();
      await cluster?.stop();
      await redis?.stop();
    });

    realtimeAcrossNodes(() => cluster);
  },
);
