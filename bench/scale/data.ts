// bench/scale, the "Data" series (issue 17): bench/api's calls, plus a tournament page, an event page,
// a chat's history and a wallet's history, at today's data (10,000 users, 50,000 replays, 100
// tournaments, 100 events, 100,000 chat messages) and at ten times that, on SQLite and then on
// PostgreSQL (a throw-away cluster). For each size it seeds with bench/api's seeder, starts
// `bun server/main.ts` in its own process, loads each call with 32 concurrent loops, stops the server
// by its pid, then runs each call once more through the server's own app in this process, keeping
// every query it sends, and asks the database how it reads each one. Traffic goes to 127.0.0.1 only;
// a watchdog stops the server and the cluster if the run outlasts its bound.
// Run: node_modules/.bin/bun bench/scale/data.ts [--quick] [--sqlite]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "../../db/index.ts";
import { openSignals } from "../../db/signals.ts";
import { startPostgresCluster, type PostgresCluster } from "../../scripts/lib/postgres-cluster.ts";
import { createApp } from "../../server/app.ts";
import { createSession } from "../../server/auth/sessions.ts";
import { loadConfig } from "../../server/config.ts";
import { createMailer } from "../../server/mail/mailer.ts";
import { EventBus } from "../../server/realtime/bus.ts";
import { placeKinds } from "../../server/places.ts";
import { startMainProcess } from "../../tests/fixtures/process.ts";
import { type LoadResult, load } from "../api/load.ts";
import { type ExplainedQuery, explainAll, recordingQueries } from "../api/plans.ts";
import { API_SIZES, LIVE, type SeedSizes, seed } from "../api/seed.ts";
import { growthChart } from "../chart.ts";
import { machineLine, writeSection } from "../report.ts";

const CONNECTIONS = 32;
/** Today's data, as bench/api seeds it, with the community rows around it; then ten times all of it. */
const TODAY: SeedSizes = { ...API_SIZES, tournaments: 100, events: 100, chatMessages: 100_000, walletLinesPerUser: 5 };
const SIZES: SeedSizes[] = [TODAY, scaled(TODAY, 10)];
/** Issue 17: no call's p99 may grow more than this from today's data to ten times it. */
const MAX_P99_GROWTH = 2;
type Database = "SQLite" | "PostgreSQL";

/** One measured call: the addresses its loops cycle through (under /api), signed in or not. */
interface Call {
  name: string;
  paths: string[];
  signedIn?: boolean;
}

function calls(sizes: SeedSizes): Call[] {
  const spread = (count: number, n: number) => Array.from({ length: Math.min(count, n) }, (_, i) => 1 + Math.floor((i * count) / Math.min(count, n)));
  const livePublicIds = Array.from({ length: LIVE }, (_, i) => (i + 1).toString(16).padStart(8, "0"));
  const terms = ["fin", "élite", "player_12", "ranked lan", "coach", "league", "xyz"];
  return [
    { name: "GET /api/stream/streams (home lives)", paths: ["/stream/streams"] },
    { name: "GET /api/stream/videos (replays, newest)", paths: ["/stream/videos?limit=12"] },
    { name: "GET /api/stream/games (catalogue)", paths: ["/stream/games"] },
    { name: "GET /api/tournament/all", paths: ["/tournament/all"] },
    { name: "GET /api/stream/search?term= (dropdown)", paths: terms.map((t) => `/stream/search?term=${encodeURIComponent(t)}`) },
    { name: "GET /api/tournament/getTournament/:id (tournament page)", paths: spread(sizes.tournaments ?? 0, 50).map((id) => `/tournament/getTournament/${id}`) },
    { name: "GET /api/events/:slug (event page)", paths: spread(sizes.events ?? 0, 50).map((e) => `/events/bench-event-${e}`) },
    { name: "GET /api/messages/:streamID (chat history)", paths: livePublicIds.map((id) => `/messages/${id}`) },
    { name: "GET /api/wallet/transactions (wallet history)", paths: [1, 2, 3].map((page) => `/wallet/transactions?page=${page}&limit=20`), signedIn: true },
  ];
}

/** A call under the loops, and `alone`: the median of one request at a time (its own work, no queueing), ms. */
type Measured = LoadResult & { alone: number };

interface Run {
  database: Database;
  sizes: SeedSizes;
  seedSeconds: number;
  results: Measured[];
  /** Per call, every distinct query it sent, explained. */
  queries: { call: string; explained: ExplainedQuery[] }[];
}

/** Started processes the watchdog must stop if the run outlasts its bound. */
const running = { server: undefined as { pid: number } | undefined, cluster: undefined as PostgresCluster | undefined };

export async function measureData(options: { quick: boolean; databases?: Database[] }): Promise<void> {
  const databases = options.databases ?? ["SQLite", "PostgreSQL"];
  const seconds = options.quick ? 2 : 8;
  const watchdog = setTimeout(() => void stopEverything(), (options.quick ? 20 : 45) * 60_000);
  const folders: string[] = [];
  const runs: Run[] = [];
  try {
    const loadBefore = loadavg();
    if (databases.includes("PostgreSQL")) running.cluster = await startPostgresCluster({ durable: true });
    for (const database of databases) {
      for (const sizes of SIZES) {
        const dataDir = mkdtempSync(join(tmpdir(), "arena-bench-scale-data-"));
        folders.push(dataDir);
        const target = database === "SQLite" ? join(dataDir, "arena.db") : await freshPostgresDatabase(running.cluster!, `arena_scale_${sizes.replays}`);
        runs.push(await measure(database, target, dataDir, sizes, seconds));
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    const body = report(runs, loadBefore, seconds);
    writeSection("Scale: data", body);
    console.log(body);
    console.log(`\nEvery query of every call, explained:\n${runs.map(plansOf).join("\n")}`);
  } finally {
    clearTimeout(watchdog);
    await running.cluster?.stop();
    running.cluster = undefined;
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}

async function stopEverything(): Promise<void> {
  console.error("bench/scale/data: the run outlasted its bound; stopping the server and the cluster");
  if (running.server) process.kill(running.server.pid, "SIGKILL");
  await running.cluster?.stop();
  process.exit(1);
}

async function measure(database: Database, target: string, dataDir: string, sizes: SeedSizes, seconds: number): Promise<Run> {
  const seedStart = performance.now();
  await seed(target, sizes);
  const token = await signIn(target, 1);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(`${database}, ${sizes.replays.toLocaleString("en")} replays: seeded in ${seedSeconds.toFixed(1)} s`);
  // Search answers are not shared between requests here (SEARCH_ANSWER_MS=0): the series measures what the data costs.
  const env = { PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, RTMP_PORT: "0", LOG_LEVEL: "error", SEARCH_ANSWER_MS: "0", ...(database === "PostgreSQL" ? { DATABASE_URL: target } : {}) };
  const server = await startMainProcess(env);
  running.server = server.child;
  const results: Measured[] = [];
  try {
    for (const call of calls(sizes)) {
      const init = call.signedIn ? { headers: { authorization: `Bearer ${token}` } } : undefined;
      const urls = call.paths.map((path) => `${server.url}/api${path}`);
      const result = { ...(await load(call.name, urls, CONNECTIONS, seconds, init)), alone: await medianAlone(urls, init) };
      console.log(`  ${call.name}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.errors} errors; alone ${result.alone.toFixed(2)} ms`);
      results.push(result);
    }
  } finally {
    server.child.kill("SIGTERM");
    await server.child.exited;
    running.server = undefined;
  }
  const queries = await explainCalls(target, dataDir, calls(sizes), token);
  return { database, sizes, seedSeconds, results, queries };
}

/** The median time of 100 requests sent one after another, cycling through `urls`, after one to warm up. */
async function medianAlone(urls: string[], init: RequestInit | undefined): Promise<number> {
  await (await fetch(urls[0]!, init)).arrayBuffer();
  const took: number[] = [];
  for (let i = 0; i < 100; i++) {
    const started = performance.now();
    await (await fetch(urls[i % urls.length]!, init)).arrayBuffer();
    took.push(performance.now() - started);
  }
  return took.sort((a, b) => a - b)[took.length / 2]!;
}

/** A session for user `userId`, as signing in makes one: the wallet's history is the signed-in user's own. */
async function signIn(target: string, userId: number): Promise<string> {
  const db = await openDatabase(target);
  try {
    return await createSession(db, userId, true, Date.now());
  } finally {
    await db.destroy();
  }
}

/**
 * Runs every address of every call once through the server's own app (its routes, services and
 * queries, without the HTTP listener), on a database copy that keeps each query sent, then explains them.
 */
async function explainCalls(target: string, dataDir: string, measured: Call[], token: string): Promise<Run["queries"]> {
  const opened = await openDatabase(target);
  const signals = await openSignals(opened);
  try {
    const recording = recordingQueries(opened);
    const config = loadConfig({ DATA_DIR: dataDir, RTMP_PORT: "0", LOG_LEVEL: "error" });
    const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir, log: () => undefined });
    const app = createApp({ db: recording.db, config, mailer, now: Date.now, bus: new EventBus(), signals, places: placeKinds() });
    const queries: Run["queries"] = [];
    for (const call of measured) {
      recording.take();
      for (const path of call.paths) {
        const headers = call.signedIn ? { authorization: `Bearer ${token}` } : undefined;
        const res = await app.fetch(new Request(`http://127.0.0.1/api${path}`, { headers }));
        if (!res.ok) throw new Error(`${call.name}: ${path} answered ${res.status}`);
      }
      queries.push({ call: call.name, explained: await explainAll(opened, recording.take()) });
    }
    return queries;
  } finally {
    await signals.close();
    await opened.destroy();
  }
}

function report(runs: Run[], loadBefore: number[], seconds: number): string {
  const [small, large] = SIZES as [SeedSizes, SeedSizes];
  const databases = [...new Set(runs.map((run) => run.database))];
  const of = (database: Database, sizes: SeedSizes) => runs.find((run) => run.database === database && run.sizes === sizes)!;
  const figures = (r: LoadResult) => `${r.rps.toFixed(0)} / ${r.p50.toFixed(1)} / ${r.p99.toFixed(1)}`;
  const rows = databases.flatMap((database) => {
    const [a, b] = [of(database, small), of(database, large)];
    return a.results.map((before, i) => {
      const after = b.results[i]!;
      const growth = after.p99 / before.p99;
      return `| ${database}: ${before.name} | ${figures(before)} | ${figures(after)} | ${growth.toFixed(2)}× ${growth <= MAX_P99_GROWTH ? "pass" : "**miss**"} | ${before.alone.toFixed(2)} → ${after.alone.toFixed(2)} (${(after.alone / before.alone).toFixed(2)}×) | ${before.errors + after.errors} |`;
    });
  });
  const charts = databases.map((database) => {
    const file = `scale-data-${database.toLowerCase()}.svg`;
    const [a, b] = [of(database, small), of(database, large)];
    const chart = growthChart({
      title: `${database}: p99 at 10× the data, against today's`,
      xLabel: "replays",
      yLabel: "p99 ÷ p99 at 50,000 replays",
      xs: [small.replays, large.replays],
      series: a.results.map((before, i) => ({ name: shortName(before.name), ys: [1, b.results[i]!.p99 / before.p99] })),
      targets: [{ x: large.replays, y: MAX_P99_GROWTH }],
    });
    writeFileSync(join(import.meta.dir, "../../docs", file), chart);
    return `![${database}: p99 growth per call](${file})`;
  });
  const scans = runs.flatMap((run) =>
    run.queries.flatMap(({ call, explained }) =>
      explained.flatMap((query) =>
        query.wholeTableScans.map(
          (scan) => `- ${run.database}, ${run.sizes.replays.toLocaleString("en")} replays, ${call}: \`${scan}\` in \`${query.sql.slice(0, 140)}${query.sql.length > 140 ? "…" : ""}\``,
        ),
      ),
    ),
  );
  const counted = runs.map((run) => `${run.database} at ${run.sizes.replays.toLocaleString("en")} replays: ${run.queries.reduce((n, q) => n + q.explained.length, 0)} distinct queries`).join("; ");
  const size = (s: SeedSizes) =>
    `${s.users.toLocaleString("en")} users, ${s.channels.toLocaleString("en")} channels, ${s.replays.toLocaleString("en")} replays, ${s.tournaments?.toLocaleString("en")} tournaments, ${s.events?.toLocaleString("en")} events, ${s.chatMessages?.toLocaleString("en")} chat messages and ${(s.users * (s.walletLinesPerUser ?? 0)).toLocaleString("en")} ledger lines`;
  return `Machine: ${machineLine()}; load average before the run ${loadBefore.map((l) => l.toFixed(2)).join(" ")}.
Method: \`bun bench/scale/data.ts\` (part of \`bun bench/scale/run.ts\`) seeds with bench/api's seeder ${size(small)}, then ${size(large)} (40 live channels, one follow per user, 8 players per tournament, 20 participants per event, half the chat in the live channels' chats), into ${databases.join(" then into ")}${databases.includes("PostgreSQL") ? " (PostgreSQL 15: a throw-away cluster of Debian's package on loopback, durable settings, a pool of 10 connections)" : ""}. For each it starts \`bun server/main.ts\` in its own process (\`SEARCH_ANSWER_MS=0\`: every search worked out, none shared), then ${CONNECTIONS} concurrent keep-alive loops on 127.0.0.1 call each address for ${seconds} s: bench/api's calls, a tournament page (50 tournaments in turn), an event page (50 events), the last 50 messages of a live channel's chat (the 40 in turn) and a signed-in member's wallet history (3 pages of 20). The client and PostgreSQL share the server's 2 cores.

Each cell: requests/s / p50 ms / p99 ms under the loops; then the median of 100 requests sent one at a time (the call's own work, without queueing) at both sizes.

| database: call | ${small.replays.toLocaleString("en")} replays | ${large.replays.toLocaleString("en")} replays | p99 growth (target ≤ ${MAX_P99_GROWTH}×) | one request alone, median ms | errors |
| --- | ---: | ---: | ---: | ---: | ---: |
${rows.join("\n")}

${charts.join("\n")}

Reading the growth: the loops keep ${CONNECTIONS} requests waiting, so a call's p50 and p99 are mostly queueing behind the others (${CONNECTIONS} ÷ requests/s in the mean) and move with the machine's other work; the growth column compares two runs minutes apart, and the time of one request alone tells whether the call's own work grew with the data. \`GET /api/tournament/all\` lists up to 200 tournaments: ${Math.min(200, small.tournaments ?? 0)} at today's data, ${Math.min(200, large.tournaments ?? 0)} at ten times, so its answer grows with the data by design (three queries whatever the number of cards, then one JSON card each) and stays flat from 200 tournaments on.

Query plans that read a whole table: each call's addresses run once more through the server's app in the bench's process, on a Kysely plugin that keeps every query sent (${counted}); SQLite \`EXPLAIN QUERY PLAN\` "SCAN t" without an index on a table of more than 5,000 rows, PostgreSQL \`EXPLAIN ANALYZE\` sequential scans that read more than 5,000 rows (the bench prints every plan):
${scans.length > 0 ? scans.join("\n") : "- none"}`;
}

const shortName = (name: string) => /\(([^)]+)\)/.exec(name)?.[1] ?? name.replace(/^GET \/api\//, "");

function plansOf(run: Run): string {
  const queries = run.queries.flatMap(({ call, explained }) => explained.map((q) => `-- ${call}: ${q.sql}\n${q.plan.map((line) => `   ${line}`).join("\n")}`));
  return `\n## ${run.database}, ${run.sizes.replays} replays\n${queries.join("\n")}`;
}

function scaled(sizes: SeedSizes, factor: number): SeedSizes {
  return Object.fromEntries(Object.entries(sizes).map(([key, value]) => [key, key === "walletLinesPerUser" ? value : value * factor])) as unknown as SeedSizes;
}

/** A new, empty database in the cluster (the previous size's dropped first), as a postgres:// address. */
async function freshPostgresDatabase(cluster: PostgresCluster, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    for (const size of SIZES) await client.query(`DROP DATABASE IF EXISTS arena_scale_${size.replays}`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return cluster.url.replace(/\/postgres$/, `/${name}`);
}

if (import.meta.main) {
  await measureData({ quick: process.argv.includes("--quick"), databases: process.argv.includes("--sqlite") ? ["SQLite"] : undefined });
}
