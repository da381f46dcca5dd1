import { hlsDirOf } from "../media/live-outputs.ts";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Cluster, type ClusterNode, nginxPassesRtmp, startCluster } from "./fixtures/cluster.ts";
import { probe } from "../media/probe.ts";
import { withBlockingReload } from "../server/live/playlist-wait.ts";
import { inHours } from "./fixtures/money.ts";
import { publishTestStream, waitFor } from "./fixtures/publisher.ts";
import { Browser, newAccount } from "./fixtures/server.ts";
import { connect, nextEvent } from "./fixtures/sockets.ts";

/**
 * Issue 16's cluster, for real: PostgreSQL, two Arena nodes and nginx in front, each a process of its
 * own on loopback ports (tests/fixtures/cluster.ts). It starts its own PostgreSQL, but it is the
 * suite's heaviest file, so it runs in ./scripts/test's PostgreSQL pass only.
 */
const inPostgresPass = Boolean(process.env.ARENA_TEST_POSTGRES);
const TICKET_PRICE = 100; // the default "match" ticket (server/tickets/default-types.ts)
const SEATS = 10;
const BUYERS = 50;

/** The same browser (its cookies) talking to another address: a node directly, say. */
function sameBrowserAt(browser: Browser, url: string): Browser {
  const other = new Browser(url, browser.lang);
  for (const [name, value] of browser.cookies) other.cookies.set(name, value);
  return other;
}

/** A member's channel id, where its live files are kept (media/live-outputs.ts). */
async function channelIdOf(cluster: Cluster, username: string): Promise<number> {
  const [row] = await cluster.query<{ id: number }>('SELECT c.id FROM channel c JOIN "user" u ON u.id = c.user_id WHERE u.username = $1', [username]);
  return Number(row!.id);
}

async function signedUpThrough(url: string, prefix: string) {
  const browser = new Browser(url);
  const account = newAccount(prefix);
  expect((await browser.post("/api/auth/signup", account)).status).toBe(200);
  const login = await browser.post("/api/auth/login", { login: account.username, password: account.password });
  expect(login.status).toBe(200);
  return { browser, account, user: login.body.user as { id: number; username: string } };
}

describe.skipIf(!inPostgresPass)("a cluster of two nodes behind nginx (runs in ./scripts/test's PostgreSQL pass: set ARENA_TEST_POSTGRES)", () => {
  let cluster: Cluster;
  let admin: Browser;

  beforeAll(async () => {
    cluster = await startCluster({ nodes: 2 });
    admin = new Browser(cluster.url);
    expect((await admin.post("/api/auth/login", { login: cluster.admin.username, password: cluster.admin.password })).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  test("a visitor signs up and logs in through nginx; the session works on both nodes, and logging out on one ends it on the other", async () => {
    const { browser, account } = await signedUpThrough(cluster.url, "visitor");
    for (const node of cluster.nodes) {
      const me = await sameBrowserAt(browser, node.url).get("/api/auth/me");
      expect({ node: node.url, status: me.status, username: me.body?.user?.username }).toEqual({ node: node.url, status: 200, username: account.username });
    }
    const [first, second] = cluster.nodes;
    expect((await sameBrowserAt(browser, second!.url).post("/api/auth/logout")).status).toBe(200);
    expect((await sameBrowserAt(browser, first!.url).get("/api/auth/me")).status).toBe(401);
  });

  test(`${BUYERS} buyers for ${SEATS} seats, spread over both nodes at once: exactly ${SEATS} sold, every wallet equal to its ledger; each ticket checked at two doors on two nodes at once is admitted once`, async () => {
    const organiser = await signedUpThrough(cluster.url, "organiser");
    expect((await admin.post("/api/wallet/credit", { userId: organiser.user.id, amount: 10_000 })).status).toBe(200);
    const created = await organiser.browser.post("/api/events", {
      name: "LAN des deux nœuds",
      description: "Dix places, cinquante amateurs",
      categoryId: 2,
      startDate: inHours(48),
      endDate: inHours(50),
      maxParticipants: SEATS,
      ticketPrice: 5,
    });
    expect(created.status).toBe(201);
    const event = created.body.event as { id: number; slug: string };
    expect((await organiser.browser.put(`/api/events/${event.slug}/publish`)).status).toBe(200);

    // Signing up hashes two passwords each: ten at a time, through nginx, which shares them between the nodes.
    const buyers: Awaited<ReturnType<typeof signedUpThrough>>[] = [];
    while (buyers.length < BUYERS) buyers.push(...(await Promise.all(Array.from({ length: 10 }, () => signedUpThrough(cluster.url, "buyer")))));
    await Promise.all(buyers.map(async (buyer) => expect((await admin.post("/api/wallet/credit", { userId: buyer.user.id, amount: TICKET_PRICE })).status).toBe(200)));

    const attempts = await Promise.all(
      buyers.map(async (buyer, index) => {
        const node = cluster.nodes[index % cluster.nodes.length]!;
        const answer = await sameBrowserAt(buyer.browser, node.url).post("/api/tickets/purchase", { userId: buyer.user.id, eventId: event.id, ticketType: "match", price: TICKET_PRICE });
        return { buyer, status: answer.status, code: answer.body?.code as string | undefined, qr: answer.body?.ticket?.qr_code as string | undefined };
      }),
    );
    const sold = attempts.filter((attempt) => attempt.status === 201);
    expect(sold).toHaveLength(SEATS);
    expect(new Set(attempts.filter((attempt) => attempt.status !== 201).map((attempt) => `${attempt.status} ${attempt.code}`))).toEqual(new Set(["409 event_full"]));
    // Which node sells the seats is the race's to decide (one may sell all ten): the rule is that together they sell ten.

    const [tickets] = await cluster.query<{ count: string }>("SELECT count(*) FROM ticket WHERE event_id = $1 AND status = 'valid'", [event.id]);
    expect(Number(tickets!.count)).toBe(SEATS);
    // The ledger, summed here from its lines, explains every balance; and each balance is what the buyer's story says.
    const offTheirLedger = await cluster.query<{ user_id: number }>(
      "SELECT w.user_id FROM wallet w LEFT JOIN wallet_transaction t ON t.user_id = w.user_id GROUP BY w.user_id, w.balance HAVING w.balance <> coalesce(sum(t.amount), 0) OR w.balance < 0",
    );
    expect(offTheirLedger).toEqual([]);
    const balances = await Promise.all(buyers.map(async (buyer) => (await buyer.browser.get(`/api/wallet/balance/${buyer.user.id}`)).body.balance as number));
    expect(balances.filter((balance) => balance === 0)).toHaveLength(SEATS);
    expect(balances.filter((balance) => balance === TICKET_PRICE)).toHaveLength(BUYERS - SEATS);

    // Two doorkeepers, one on each node, scan every ticket at the same moment.
    const [doorA, doorB] = cluster.nodes.map((node) => sameBrowserAt(organiser.browser, node.url));
    const scans = await Promise.all(
      sold.map(async ({ qr }) => {
        const answers = await Promise.all([doorA!, doorB!].map((door) => door.post("/api/tickets/validate", { qr, eventId: event.id })));
        return answers.map((answer) => `${answer.status} ${answer.body?.code ?? "admitted"}`).sort();
      }),
    );
    expect(scans).toEqual(sold.map(() => ["200 admitted", "409 ticket_already_used"]));
    const [checkedIn] = await cluster.query<{ count: string }>("SELECT count(*) FROM ticket WHERE event_id = $1 AND checked_in_at IS NOT NULL", [event.id]);
    expect(Number(checkedIn!.count)).toBe(SEATS);
  }, 180_000);

  test("nginx keeps an HLS segment for every later viewer, and passes a playlist on fresh", async () => {
    // Files as the live remux leaves them (media/live-outputs.ts: the channel's folder), on every node: which one nginx asks does not matter here.
    const streamer = await signedUpThrough(cluster.url, "cachecheck");
    expect((await streamer.browser.post("/api/stream/mychannel/init")).status).toBe(201);
    const channelId = await channelIdOf(cluster, streamer.account.username);
    const name = streamer.account.username;
    const writeOnEveryNode = (file: string, content: string | Uint8Array) => {
      for (const node of cluster.nodes) {
        const folder = hlsDirOf(node.dataDir, channelId);
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, file), content);
      }
    };
    const playlist = (segment: number) => `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nsegment-${segment}.ts\n`;
    writeOnEveryNode("segment-1764000000.ts", new Uint8Array(188 * 40).fill(0x47));
    writeOnEveryNode("index.m3u8", playlist(1764000000));
    const get = async (path: string) => {
      const response = await fetch(cluster.url + path);
      return { status: response.status, cache: response.headers.get("x-cache-status"), body: await response.text() };
    };
    expect(await get(`/live/${name}/segment-1764000000.ts`)).toMatchObject({ status: 200, cache: "MISS" });
    expect(await get(`/live/${name}/segment-1764000000.ts`)).toMatchObject({ status: 200, cache: "HIT" });
    expect(await get(`/live/${name}/index.m3u8`)).toEqual({ status: 200, cache: null, body: withBlockingReload(playlist(1764000000)) });
    writeOnEveryNode("index.m3u8", playlist(1764000001));
    expect(await get(`/live/${name}/index.m3u8`)).toEqual({ status: 200, cache: null, body: withBlockingReload(playlist(1764000001)) });
  });

  test.skipIf(!nginxPassesRtmp())(
    "RTMP pushed to nginx's stream port reaches a node, which takes the live (skipped where Debian's libnginx-mod-stream is missing)",
    async () => {
      const streamer = await signedUpThrough(cluster.url, "streamer");
      expect((await streamer.browser.post("/api/stream/mychannel/init")).status).toBe(201);
      const { streamKey } = (await streamer.browser.get("/api/stream/mystreamkey")).body as { streamKey: string };
      publishTestStream(`rtmp://127.0.0.1:${cluster.rtmpPort}/live/${streamKey}`, { seconds: 30, audio: false });
      await waitFor("the channel to be live", async () => {
        const [channel] = await cluster.query<{ is_live: number }>('SELECT c.is_live FROM channel c JOIN "user" u ON u.id = c.user_id WHERE u.username = $1', [streamer.account.username]);
        return Number(channel?.is_live) === 1;
      });
      // The node that took it writes the HLS playlist into its own DATA_DIR, and serves it.
      const channelId = await channelIdOf(cluster, streamer.account.username);
      const playlist = (node: ClusterNode) => join(hlsDirOf(node.dataDir, channelId), "index.m3u8");
      const owner = await waitFor("a node's HLS playlist", () => cluster.nodes.find((node) => existsSync(playlist(node))));
      const served = await fetch(`${owner.url}/live/${streamer.account.username}/index.m3u8`);
      expect({ status: served.status, body: await served.text() }).toMatchObject({ status: 200, body: expect.stringContaining("#EXTM3U") });
    },
    60_000,
  );

  test("chat: a message written through node A reaches a reader connected to node B and one connected through nginx", async () => {
    const [nodeA, nodeB] = cluster.nodes as [ClusterNode, ClusterNode];
    const streamer = await signedUpThrough(cluster.url, "chatowner");
    expect((await streamer.browser.post("/api/stream/mychannel/init")).status).toBe(201);
    const streamID = (await streamer.browser.get("/api/stream/mychannelinfo")).body.channelArn as string;
    const fan = await signedUpThrough(cluster.url, "fan");
    const readers = await Promise.all([nodeB.url, cluster.url].map((url) => connect(url, "/readchat")));
    const writer = await connect(nodeA.url, "/writechat", { cookie: `arena_session=${fan.browser.cookies.get("arena_session")}` });
    try {
      for (const reader of readers) expect(await reader.emitWithAck("join", streamID)).toBe(true);
      const arrivals = readers.map((reader) => nextEvent<{ message: string; username: string }>(reader, "send"));
      await writer.emitWithAck("join", streamID);
      expect(await writer.emitWithAck("message", { streamID, message: "gg depuis le nœud A" })).toMatchObject({ ok: true });
      for (const arrival of await Promise.all(arrivals)) expect(arrival).toMatchObject({ message: "gg depuis le nœud A", username: fan.account.username });
    } finally {
      for (const socket of [...readers, writer]) socket.disconnect();
    }
  });
  describe("a live pushed to node A", () => {
    let streamer: Awaited<ReturnType<typeof signedUpThrough>>;
    let nodeA: ClusterNode;
    let nodeB: ClusterNode;
    const isListedLiveBy = async (url: string) =>
      ((await new Browser(url).get("/api/stream/streams")).body.data as { username: string; isLive: boolean }[]).some((s) => s.username === streamer.account.username && s.isLive);

    test("is listed as live by node B and through nginx", async () => {
      [nodeA, nodeB] = cluster.nodes as [ClusterNode, ClusterNode];
      streamer = await signedUpThrough(cluster.url, "caster");
      const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Finale à deux nœuds", gameId: 1, tags: [] });
      expect(start.status).toBe(200);
      publishTestStream(`rtmp://127.0.0.1:${nodeA.rtmpPort}/live/${start.body.streamKey}`, { seconds: 120, lasts: "file" });
      await waitFor("the live listed by node B", () => isListedLiveBy(nodeB.url), 20_000, 200);
      expect(await isListedLiveBy(cluster.url)).toBe(true);
    }, 60_000);

    test("plays over HLS and HTTP-FLV through node B and through nginx (ffprobe decodes them), segments cached by nginx", async () => {
      const hls = (base: string) => `${base}/live/${streamer.account.username}/index.m3u8`;
      // The newest segment, read when it is asked for: the playlist keeps eight seconds, less than the probes take.
      const newestSegment = () =>
        waitFor(
          "two segments in the playlist through nginx",
          async () => {
            const response = await fetch(hls(cluster.url));
            const names = response.ok ? (await response.text()).match(/segment-\d+\.ts/g) : null;
            return names && names.length >= 2 ? names.at(-1) : undefined;
          },
          20_000,
          200,
        );
      await newestSegment();
      for (const base of [nodeB.url, cluster.url]) {
        expect((await probe(hls(base))).streams.map((stream) => stream.codec_type).sort()).toEqual(["audio", "video"]);
        const flv = await probe(`${base}/live/${streamer.account.username}.flv`);
        expect(flv.streams.find((stream) => stream.codec_type === "video")?.codec_name).toBe("h264");
      }
      // A segment is asked for once by nginx, then served from its cache to every later viewer.
      const segmentUrl = `${cluster.url}/live/${streamer.account.username}/${await newestSegment()}`;
      const first = await fetch(segmentUrl);
      const firstBytes = new Uint8Array(await first.arrayBuffer());
      const again = await fetch(segmentUrl);
      expect({ status: again.status, cache: again.headers.get("x-cache-status") }).toEqual({ status: 200, cache: "HIT" });
      expect(new Uint8Array(await again.arrayBuffer())).toEqual(firstBytes);
      expect(first.headers.get("cache-control")).toContain("immutable");
    }, 90_000);

    test("ends when node A stops with SIGTERM; its replay exists and plays from node B", async () => {
      await nodeA.stop("SIGTERM");
      expect(await isListedLiveBy(nodeB.url)).toBe(false);
      const onB = sameBrowserAt(streamer.browser, nodeB.url);
      type Replay = { status: string; filePath: string; title: string };
      const replay = await waitFor(
        "a ready replay, made by node B from what node A recorded",
        async () => ((await onB.get("/api/stream/my-replays")).body.replays as Replay[] | undefined)?.find((r) => r.status === "ready"),
        60_000,
        250,
      );
      expect(replay.title).toBe("Finale à deux nœuds");
      const played = await probe(`${nodeB.url}/recordings/${replay.filePath}`);
      expect(played.duration).toBeGreaterThan(1);
      expect(played.streams.map((stream) => stream.codec_type)).toContain("video");
    }, 90_000);
  });
});
