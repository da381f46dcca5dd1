// bench/scale, the "Data" series (issue 17): bench/api's calls, plus a tournament page, an event page,
// a chat's history and a wallet's history, at today's data (10,000 users, 50,000 replays, 100
// tournaments, 100 events, 100,000 chat messages) and at ten times that, on SQLite and then on
// PostgreSQL (a throw-away cluster). For each size it seeds with bench/api's seeder, starts
// `bun server/main.ts` in its own process, loads each call with 32 concurrent loops, stops the server
// by its pid, then runs each call once more through the server's own app in this process, keeping
// every query it sends, and asks the database how it reads each one. Traffic goes to 127.0.0.1 only;
// a watchdog stops the server and the cluster if the run outlasts its bound.
// The events list has a series of its own (issue 35): 50,000 then 500,000 events over today's community,
// written to its own section ("Scale: data, the events list").
// Run: node_modules/.bin/bun bench/scale/data.ts [--quick] [--sqlite] [--events]
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
/** The events list's series: today's users, channels and replays, with 50,000 then 500,000 events of two participants. */
const EVENT_SIZES: SeedSizes[] = [50_000, 500_000].map((events) => ({ ...API_SIZES, events, participantsPerEvent: 2 }));
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

/**
 * The events list (issue 35): pages of the whole list and of a category, a common term (one event in 15, found
 * along the list's order), a rare one (found through the trigram index) and one that matches nothing, for a
 * visitor and for a signed-in member (their registrations and tickets read with the cards); and an organiser's own.
 */
function eventCalls(): Call[] {
  return [
    { name: "GET /api/events (events list)", paths: ["/events", "/events?page=2", "/events?category=3", "/events?category=5&page=3"] },
    { name: "GET /api/events?search= (events search)", paths: ["finale", "élite night", "night 4242", "xyz"].map((term) => `/events?search=${encodeURIComponent(term)}`) },
    { name: "GET /api/events, signed in (events list, member)", paths: ["/events", "/events?category=2", `/events?search=${encodeURIComponent("ranked")}`], signedIn: true },
    { name: "GET /api/events/my-events (organiser)", paths: ["/events/my-events"], signedIn: true },
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

export function measureData(options: { quick: boolean; databases?: Database[] }): Promise<void> {
  return measureSeries(options, {
    sizes: SIZES,
    calls,
    folder: "arena-bench-scale-data-",
    section: "Scale: data",
    report: (runs, loadBefore, _loadAfter, seconds) => report(runs, loadBefore, seconds),
  });
}

/** The events list's series (issue 35): the same steps as measureData, at 50,000 then 500,000 events, into its own section. */
export function measureEventsData(options: { quick: boolean; databases?: Database[] }): Promise<void> {
  return measureSeries(options, {
    sizes: EVENT_SIZES,
    calls: eventCalls,
    folder: "arena-bench-scale-events-",
    section: "Scale: data, the events list",
    report: (runs, loadBefore, loadAfter, seconds) => eventsReport(runs, loadBefore, loadAfter, seconds, options.quick),
  });
}

interface Series {
  sizes: SeedSizes[];
  calls: (sizes: SeedSizes) => Call[];
  /** The prefix of each size's data folder under the system's temporary folder. */
  folder: string;
  /** The heading of docs/benchmarks.md the report replaces. */
  section: string;
  report: (runs: Run[], loadBefore: number[], loadAfter: number[], seconds: number) => string;
}

/** Each database, each size: seed, start the server, load it, keep its figures; then the report, written and printed. */
async function measureSeries(options: { quick: boolean; databases?: Database[] }, series: Series): Promise<void> {
  const databases = options.databases ?? ["SQLite", "PostgreSQL"];
  const seconds = options.quick ? 2 : 8;
  const watchdog = setTimeout(() => void stopEverything(), (options.quick ? 20 : 45) * 60_000);
  const folders: string[] = [];
  const runs: Run[] = [];
  try {
    const loadBefore = loadavg();
    if (databases.includes("PostgreSQL")) running.cluster = await startPostgresCluster({ durable: true });
    for (const database of databases) {
      for (const sizes of series.sizes) {
        const dataDir = mkdtempSync(join(tmpdir(), series.folder));
        folders.push(dataDir);
        const target = database === "SQLite" ? join(dataDir, "arena.db") : await freshPostgresDatabase(running.cluster!, databaseName(sizes));
        runs.push(await measure(database, target, dataDir, sizes, seconds, series.calls(sizes)));
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    const body = series.report(runs, loadBefore, loadavg(), seconds);
    writeSection(series.section, body);
    console.log(body);
    console.log(`\nEvery query of every call, explained:\n${runs.map(plansOf).join("\n")}`);
  } finally {
    clearTimeout(watchdog);
    await running.cluster?.stop();
    running.cluster = undefined;
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}

function eventsReport(runs: Run[], loadBefore: number[], loadAfter: number[], seconds: number, quick: boolean): string {
  const [small, large] = EVENT_SIZES as [SeedSizes, SeedSizes];
  const count = (n: number | undefined) => (n ?? 0).toLocaleString("en");
  const figures = (r: LoadResult) => `${r.rps.toFixed(0)} / ${r.p50.toFixed(1)} / ${r.p99.toFixed(1)}`;
  const databases = [...new Set(runs.map((run) => run.database))];
  const of = (database: Database, sizes: SeedSizes) => runs.find((run) => run.database === database && run.sizes === sizes)!;
  const rows = databases.flatMap((database) => {
    const [a, b] = [of(database, small), of(database, large)];
    return a.results.map((before, i) => {
      const after = b.results[i]!;
      const growth = after.p99 / before.p99;
      return `| ${database}: ${before.name} | ${figures(before)} | ${figures(after)} | ${growth.toFixed(2)}× ${growth <= MAX_P99_GROWTH ? "pass" : "**miss**"} | ${before.alone.toFixed(2)} → ${after.alone.toFixed(2)} (${(after.alone / before.alone).toFixed(2)}×) | ${before.errors + after.errors} |`;
    });
  });
  const scans = runs.flatMap((run) =>
    run.queries.flatMap(({ call, explained }) =>
      explained.flatMap((query) =>
        query.wholeTableScans.map((scan) => `- ${run.database}, ${count(run.sizes.events)} events, ${call}: \`${scan}\` in \`${query.sql.slice(0, 140)}${query.sql.length > 140 ? "…" : ""}\``),
      ),
    ),
  );
  const seeded = runs.map((run) => `${run.database} ${count(run.sizes.events)} events ${run.seedSeconds.toFixed(0)} s`).join(", ");
  return `Machine: ${machineLine()}; load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")} before the run, ${loadAfter.map((l) => l.toFixed(2)).join(" ")} after it${quick ? "; **--quick** (2 s windows: a try, not a measure)" : ""}.
Method: \`bun bench/scale/data.ts --events\` (or \`bench/scale/run.ts --part events\`) seeds with bench/api's seeder ${count(small.users)} users, ${count(small.channels)} channels and ${count(small.replays)} replays, then ${count(small.events)} and ${count(large.events)} published public events (${small.participantsPerEvent} participants each, one an hour, named "<word> night <n>": a word of 15 in turn, so a word matches one event in 15), into ${databases.join(" then into ")}${databases.includes("PostgreSQL") ? " (PostgreSQL 15: a throw-away cluster of Debian's package on loopback, durable settings, a pool of 10 connections)" : ""} (seeding took ${seeded}). For each it starts \`bun server/main.ts\` in its own process, then ${CONNECTIONS} concurrent keep-alive loops on 127.0.0.1 call each address for ${seconds} s, in turn: the list's first and second pages and two categories' pages (3rd page of one); the search with a common word ("finale", 1 event in 15), two words ("élite night"), a rare term ("night 4242": 11, then 111 events) and one that matches nothing ("xyz"); the list signed in (member 1, whose registrations and tickets are read with the cards) with a category and a search; and member 1's own events. Pages of 24. The client and PostgreSQL share the server's 2 cores with the other engineers' work.

Each cell: requests/s / p50 ms / p99 ms under the loops; then the median of 100 requests sent one at a time (the call's own work, without queueing) at both sizes.

| database: call | ${count(small.events)} events | ${count(large.events)} events | p99 growth (target ≤ ${MAX_P99_GROWTH}×) | one request alone, median ms | errors |
| --- | ---: | ---: | ---: | ---: | ---: |
${rows.join("\n")}

Reading it: before issue 35 the list loaded every event and 8 to 12 queries per card, so it could not have run at these sizes; now a page is read in SQL and its 24 cards in 5 queries (a visitor) or 10 (a member), plus one with a search (server/events/queries.test.ts counts them). A common term walks the list's order until the page is full (about 360 rows for a word in 15, at either size); a rare one (at most 1,000 matches) reads its events by id from the trigram index; so neither grows with the events. The p99 under the loops is mostly queueing (${CONNECTIONS} requests waiting) and follows the machine's other work, which the load averages above show; the time of one request alone tells whether a call's own work grew. My events reads one organiser's events by the (created_by, start) index: 5 events at the smaller size, a full page of 24 at the larger.

Query plans that read a whole table (each call's addresses run once more through the server's app, every query kept and explained as in "Scale: data"):
${scans.length > 0 ? scans.join("\n") : "- none"}`;
}

async function stopEverything(): Promise<void> {
  console.error("bench/scale/data: the run outlasted its bound; stopping the server and the cluster");
  if (running.server) process.kill(running.server.pid, "SIGKILL");
  await running.cluster?.stop();
  process.exit(1);
}

async function measure(database: Database, target: string, dataDir: string, sizes: SeedSizes, seconds: number, measured: Call[]): Promise<Run> {
  const seedStart = performance.now();
  await seed(target, sizes);
  const token = await signIn(target, 1);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(`${database}, ${sizes.replays.toLocaleString("en")} replays, ${(sizes.events ?? 0).toLocaleString("en")} events: seeded in ${seedSeconds.toFixed(1)} s`);
  // Search answers are not shared between requests here (SEARCH_ANSWER_MS=0): the series measures what the data costs.
  const env = { PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, RTMP_PORT: "0", LOG_LEVEL: "error", SEARCH_ANSWER_MS: "0", ...(database === "PostgreSQL" ? { DATABASE_URL: target } : {}) };
  const server = await startMainProcess(env);
  running.server = server.child;
  const results: Measured[] = [];
  try {
    for (const call of measured) {
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
  const queries = await explainCalls(target, dataDir, measured, token);
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

const databaseName = (sizes: SeedSizes) => `arena_scale_${sizes.replays}_${sizes.events ?? 0}`;

/** A new, empty database in the cluster (the previous size's dropped first), as a postgres:// address. */
async function freshPostgresDatabase(cluster: PostgresCluster, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    for (const size of [...SIZES, ...EVENT_SIZES]) await client.query(`DROP DATABASE IF EXISTS ${databaseName(size)}`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return cluster.url.replace(/\/postgres$/, `/${name}`);
}

if (import.meta.main) {
  const options = { quick: process.argv.includes("--quick"), databases: process.argv.includes("--sqlite") ? (["SQLite"] as Database[]) : undefined };
  await (process.argv.includes("--events") ? measureEventsData(options) : measureData(options));
}
