import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer, type Socket as NetSocket } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Socket } from "socket.io-client";
import type { DB } from "../../db/types.ts";
import { testDatabaseIsPostgres } from "../../tests/fixtures/database.ts";
import { publishTestStream } from "../../tests/fixtures/publisher.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { connect } from "../../tests/fixtures/sockets.ts";
import { CRITICAL_DISK_BYTES, diskStatus, LOW_DISK_BYTES, probeDatabase } from "./health.ts";
import { LATENCY_BUCKETS, metricsAccess } from "./metrics.ts";

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.stop();
});

const GIB = 1024 ** 3;
const dialect = testDatabaseIsPostgres() ? "postgres" : "sqlite";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface Family {
  help: string;
  type: string;
  samples: Sample[];
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL_PAIR = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\.)*)"(,|$)/y;

/**
 * Reads the text format strictly: HELP then TYPE before a family's first sample, every sample in a
 * declared family (a histogram's _bucket, _sum and _count in its own), labels quoted and escaped.
 */
function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  expect(text.endsWith("\n")).toBe(true);
  for (const line of text.slice(0, -1).split("\n")) {
    const comment = /^# (HELP|TYPE) (\S+) (.+)$/.exec(line);
    if (comment) {
      const [, kind, name, rest] = comment as unknown as [string, "HELP" | "TYPE", string, string];
      if (kind === "HELP") {
        expect(families.has(name)).toBe(false);
        families.set(name, { help: rest, type: "", samples: [] });
      } else {
        expect(families.get(name)?.help).toBeDefined();
        expect(["gauge", "counter", "histogram"]).toContain(rest);
        families.get(name)!.type = rest;
      }
      continue;
    }
    const match = SAMPLE_LINE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const [, name, labelText = "", valueText] = match as unknown as [string, string, string | undefined, string];
    const family = families.get(name) ?? families.get(name.replace(/_(bucket|sum|count)$/, ""));
    if (!family?.type) throw new Error(`sample before its HELP and TYPE: ${line}`);
    if (family.type !== "histogram") expect(families.has(name)).toBe(true);
    family.samples.push({ name, labels: parseLabels(labelText), value: valueText === "+Inf" ? Infinity : Number(valueText) });
    expect(Number.isNaN(family.samples.at(-1)!.value)).toBe(false);
  }
  return families;
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL_PAIR.lastIndex = 0;
  while (LABEL_PAIR.lastIndex < text.length) {
    const pair = LABEL_PAIR.exec(text);
    if (!pair) throw new Error(`bad labels: {${text}}`);
    labels[pair[1]!] = pair[2]!.replace(/\\(.)/g, (_, char: string) => (char === "n" ? "\n" : char));
  }
  return labels;
}

async function scrape(target: { url: string } = server, headers: Record<string, string> = {}) {
  const response = await fetch(`${target.url}/metrics`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  return parseExposition(await response.text());
}

/** The one sample of a family whose labels include `labels`. */
function sampleValue(families: Map<string, Family>, family: string, labels: Record<string, string> = {}, name = family): number | undefined {
  const found = families.get(family)?.samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
  if (found && found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found?.[0]?.value;
}

describe("GET /api/health", () => {
  it("answers 200 with the node's address, its database and every check, and nothing secret", async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const health = await response.json();
    expect(health.node).toEqual({ url: server.deps.config.nodeUrl, database: dialect });
    expect(health.checks.database).toMatchObject({ status: "up", problem: null });
    expect(health.checks.database.latencyMs).toBeGreaterThanOrEqual(0);
    // Ingest is off on this server (RTMP_PORT=0): not a failure.
    expect(health.checks.media).toEqual({ status: "off" });
    expect(health.checks.disk.map((disk: { volume: string }) => disk.volume)).toEqual(["data", "media"]);
    for (const disk of health.checks.disk) {
      expect(disk.freeBytes).toBeGreaterThan(0);
      expect(disk.totalBytes).toBeGreaterThanOrEqual(disk.freeBytes);
      expect(disk.status).toBe(diskStatus(disk.freeBytes, disk.totalBytes));
    }
    expect(["ok", "degraded"]).toContain(health.status);
    const text = JSON.stringify(health);
    expect(text).not.toContain(server.dataDir);
    expect(text).not.toContain(server.deps.config.secret);
    if (server.deps.config.databaseUrl) expect(text).not.toContain(server.deps.config.databaseUrl);
  });

  it("calls a disk low under 1 GiB or 5 % free, and critical under its floor whatever its size", () => {
    expect(diskStatus(20 * GIB, 100 * GIB)).toBe("ok");
    expect(diskStatus(LOW_DISK_BYTES - 1, 2 * GIB)).toBe("low");
    expect(diskStatus(40 * GIB, 1000 * GIB)).toBe("low");
    expect(diskStatus(CRITICAL_DISK_BYTES - 1, 2 * GIB)).toBe("critical");
    expect(diskStatus(CRITICAL_DISK_BYTES - 1, 4 * CRITICAL_DISK_BYTES)).toBe("critical");
  });

  it("answers 503 while the media folder cannot be read, and 200 again once it is back", async () => {
    const mediaDir = mkdtempSync(join(tmpdir(), "arena-ops-media-"));
    const node = await startTestServer({ MEDIA_DIR: mediaDir });
    try {
      rmSync(mediaDir, { recursive: true, force: true });
      const down = await fetch(`${node.url}/api/health`);
      expect(down.status).toBe(503);
      const health = await down.json();
      expect(health.status).toBe("down");
      expect(health.checks.disk[1]).toEqual({ volume: "media", status: "unreadable", freeBytes: null, totalBytes: null });
      expect(health.checks.database.status).toBe("up");
      mkdirSync(mediaDir);
      expect((await fetch(`${node.url}/api/health`)).status).toBe(200);
    } finally {
      await node.stop();
      rmSync(mediaDir, { recursive: true, force: true });
    }
  });

  it("answers 503 once the node's database is closed, and /metrics still answers, saying so", async () => {
    const node = await startTestServer();
    // Closed at once for new queries; on PostgreSQL the pool's end waits for the connection socket.io's adapter holds until the node stops.
    const closing = node.deps.db.destroy();
    try {
      const response = await fetch(`${node.url}/api/health`);
      expect(response.status).toBe(503);
      const health = await response.json();
      expect(health).toMatchObject({ status: "down", checks: { database: { status: "down", latencyMs: null, problem: "failed" } } });
      const metrics = await scrape(node);
      expect(sampleValue(metrics, "arena_database_up")).toBe(0);
      expect(metrics.has("arena_lives_in_progress")).toBe(false);
    } finally {
      await node.stop();
      await closing;
    }
  });

  it("gives up on a database that never answers after its timeout", async () => {
    // A real listener that accepts connections and never says a word, like a host behind a dead route.
    const silent: NetSocket[] = [];
    const blackHole = createServer((socket) => void silent.push(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, "127.0.0.1", resolve));
    const { port } = blackHole.address() as AddressInfo;
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: `postgres://arena@127.0.0.1:${port}/arena`, max: 1 }) }) });
    try {
      expect(await probeDatabase(db, 200)).toEqual({ status: "down", latencyMs: null, problem: "timeout" });
    } finally {
      for (const socket of silent) socket.destroy();
      blackHole.close();
      await db.destroy();
    }
  });
});

describe("GET /metrics", () => {
  it("writes every family with HELP and TYPE, and counts each route's answers in cumulative buckets", async () => {
    const visitor = new Browser(server.url);
    const listed = 7;
    const missing = 3;
    for (let i = 0; i < listed; i++) expect((await visitor.get("/api/stream/streams")).status).toBe(200);
    for (let i = 0; i < missing; i++) expect((await visitor.get(`/api/stream/stream/nobody${i}`)).status).toBe(404);

    const metrics = await scrape();
    for (const [name, family] of metrics) expect({ name, type: family.type, help: family.help.length > 0 }).toEqual({ name, type: family.type, help: true });
    expect(sampleValue(metrics, "arena_node_info", { node_url: server.deps.config.nodeUrl, database: dialect })).toBe(1);
    expect(sampleValue(metrics, "arena_database_up")).toBe(1);
    expect(metrics.get("arena_chat_messages_total")?.type).toBe("counter");
    expect(sampleValue(metrics, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sampleValue(metrics, "arena_uptime_seconds")).toBeGreaterThanOrEqual(0);
    expect(sampleValue(metrics, "arena_ffmpeg_jobs_running")).toBeGreaterThanOrEqual(0);
    // SQLite has no pool: the family is left out, and arena_node_info says which database this is.
    expect(metrics.has("arena_database_pool_connections")).toBe(dialect === "postgres");
    if (dialect === "postgres") expect(sampleValue(metrics, "arena_database_pool_max_connections")).toBe(server.deps.config.databasePoolSize);

    const histogram = "arena_http_request_duration_seconds";
    expect(metrics.get(histogram)?.type).toBe("histogram");
    const count = (route: string, status: string) => sampleValue(metrics, histogram, { route, method: "GET", status }, `${histogram}_count`);
    expect(count("/api/stream/streams", "2xx")).toBe(listed);
    expect(count("/api/stream/stream/:username", "4xx")).toBe(missing);
    for (const route of ["/api/stream/streams", "/api/stream/stream/:username"]) {
      const buckets = metrics.get(histogram)!.samples.filter((s) => s.name === `${histogram}_bucket` && s.labels.route === route);
      expect(buckets.map((b) => b.labels.le)).toEqual([...LATENCY_BUCKETS.map(String), "+Inf"]);
      buckets.slice(1).forEach((bucket, i) => expect(bucket.value).toBeGreaterThanOrEqual(buckets[i]!.value));
      expect(buckets.at(-1)!.value).toBe(route === "/api/stream/streams" ? listed : missing);
      expect(sampleValue(metrics, histogram, { route }, `${histogram}_sum`)).toBeGreaterThan(0);
    }
  });

  it("counts each chat message this node stores, once, and not the refused ones", async () => {
    const owner = await signedInUser(server);
    await owner.browser.post("/api/stream/mychannel/init");
    const streamID = (await owner.browser.get("/api/stream/mychannelinfo")).body.channelArn as string;
    const author = await signedInUser(server);
    const writer = await connect(server.url, "/writechat", { cookie: `arena_session=${author.browser.cookies.get("arena_session")}` });
    const visitor = await connect(server.url, "/writechat");
    sockets.push(writer, visitor);
    const before = sampleValue(await scrape(), "arena_chat_messages_total")!;

    const sent = ["gg", "wp", "rematch?"];
    for (const message of sent) expect((await writer.emitWithAck("message", { message, streamID })).ok).toBe(true);
    expect((await visitor.emitWithAck("message", { message: "hello", streamID })).ok).toBe(false);

    expect(sampleValue(await scrape(), "arena_chat_messages_total")).toBe(before + sent.length);
  });

  it("decides access by token or by a loopback socket address", () => {
    for (const address of ["127.0.0.1", "127.8.0.1", "::1", "::ffff:127.0.0.1"]) expect(metricsAccess(undefined, undefined, address, false)).toBe("granted");
    for (const address of ["192.0.2.7", "::ffff:10.0.0.5", "fd00::2", "127.0.0.1.example", undefined]) expect(metricsAccess(undefined, undefined, address, false)).toBe("local_only");
    const token = "a-long-metrics-token";
    expect(metricsAccess(token, `Bearer ${token}`, "203.0.113.9", false)).toBe("granted");
    expect(metricsAccess(token, `bearer ${token}`, "2001:db8::9", false)).toBe("granted");
    expect(metricsAccess(token, "Bearer a-long-metrics-tokem", "203.0.113.9", false)).toBe("token_required");
    expect(metricsAccess(token, `Basic ${btoa(`x:${token}`)}`, "203.0.113.9", false)).toBe("token_required");
    expect(metricsAccess(token, undefined, "203.0.113.9", false)).toBe("token_required");
    expect(metricsAccess(token, undefined, "::1", false)).toBe("granted");
    // Without METRICS_TOKEN, no Bearer header opens the door to another host.
    expect(metricsAccess(undefined, "Bearer anything", "203.0.113.9", false)).toBe("local_only");
    // Behind a proxy a loopback peer is no proof (a proxy on this machine makes everyone loopback): only the token opens it.
    expect(metricsAccess(token, undefined, "127.0.0.1", true)).toBe("token_required");
    expect(metricsAccess(token, `Bearer ${token}`, "127.0.0.1", true)).toBe("granted");
    expect(metricsAccess(undefined, undefined, "::1", true)).toBe("token_behind_proxy");
  });

  it("serves this machine with or without the token", async () => {
    const token = "a-long-metrics-token-for-the-test";
    const node = await startTestServer({ METRICS_TOKEN: token });
    try {
      await scrape(node);
      await scrape(node, { authorization: `Bearer ${token}` });
    } finally {
      await node.stop();
    }
  });

  it("behind a trusted proxy, serves only the token, even to a loopback peer (issue 34, item 18)", async () => {
    // A proxy on this machine makes every visitor's request come from loopback.
    const withoutToken = await startTestServer({ TRUST_PROXY: "1" });
    const token = "a-long-metrics-token-behind-a-proxy";
    const withToken = await startTestServer({ TRUST_PROXY: "127.0.0.1", METRICS_TOKEN: token });
    try {
      const refused = await fetch(`${withoutToken.url}/metrics`, { headers: { "accept-language": "fr" } });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "metrics_token_behind_proxy", msg: expect.stringContaining("Derrière un proxy") });
      expect((await fetch(`${withToken.url}/metrics`)).status).toBe(401);
      await scrape(withToken, { authorization: `Bearer ${token}` });
    } finally {
      await withoutToken.stop();
      await withToken.stop();
    }
  });

  // The machine's own non-loopback address: a real connection whose socket is not loopback.
  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;
  it.skipIf(!lanAddress)("refuses another host without the token, in the caller's language, whatever X-Forwarded-For claims", async () => {
    const token = "another-long-metrics-token";
    const guarded = await startTestServer({ HOST: lanAddress!, METRICS_TOKEN: token, TRUST_PROXY: "1" });
    const open = await startTestServer({ HOST: lanAddress! });
    try {
      const at = (node: TestServer) => `http://${lanAddress}:${node.port}/metrics`;
      const refused = await fetch(at(guarded), { headers: { "accept-language": "fr", "x-forwarded-for": "127.0.0.1" } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await refused.json()).toMatchObject({ success: false, code: "metrics_token_required", msg: "Un jeton de métriques valide est requis (Authorization: Bearer …)." });
      expect((await fetch(at(guarded), { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
      await scrape({ url: `http://${lanAddress}:${guarded.port}` }, { authorization: `Bearer ${token}` });

      const local = await fetch(at(open), { headers: { "accept-language": "en", authorization: `Bearer ${token}` } });
      expect(local.status).toBe(403);
      expect(await local.json()).toMatchObject({ success: false, code: "metrics_local_only", msg: "Metrics are only served to this machine." });
    } finally {
      await guarded.stop();
      await open.stop();
    }
  });
});

describe("metrics of a live", () => {
  it("follow an ffmpeg push: the live, its viewer, the ffmpeg jobs, and the ingest in the health check", async () => {
    const node = await startTestServer({}, { ingest: true });
    try {
      expect((await (await fetch(`${node.url}/api/health`)).json()).checks.media).toEqual({ status: "up" });
      const streamer = await signedInUser(node);
      const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Metrics", gameId: 1, tags: [], description: "" });
      const channelArn = (await streamer.browser.get("/api/stream/mychannelinfo")).body.channelArn as string;
      const idle = await scrape(node);
      expect([sampleValue(idle, "arena_lives_in_progress"), sampleValue(idle, "arena_viewers")]).toEqual([0, 0]);

      const started = node.deps.bus.next("stream:started", (e) => e.username === streamer.account.username);
      const ended = node.deps.bus.next("stream:ended", (e) => e.username === streamer.account.username, 25_000);
      publishTestStream(`rtmp://127.0.0.1:${node.rtmpPort}/live/${start.body.streamKey}`, { seconds: 3 });
      await started;
      expect((await new Browser(node.url).post("/api/stream/viewers/join", { channelArn })).status).toBe(200);
      const live = await scrape(node);
      expect([sampleValue(live, "arena_lives_in_progress"), sampleValue(live, "arena_viewers")]).toEqual([1, 1]);
      // The live's remux (HLS and recording in one ffmpeg) runs while the channel is live.
      expect(sampleValue(live, "arena_ffmpeg_jobs_running")).toBeGreaterThanOrEqual(1);

      await ended;
      const after = await scrape(node);
      expect([sampleValue(after, "arena_lives_in_progress"), sampleValue(after, "arena_viewers")]).toEqual([0, 0]);
    } finally {
      await node.stop();
    }
  }, 40_000);
});
