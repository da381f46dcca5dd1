// bench/cluster: chat fan-out over several Arena nodes (issue 16). The load of bench/chat (1,000
// socket.io readers in one room, two reader processes of 500; 25 writers taking turns, 20 messages a
// second for 20 s), measured four times in one run, one after the other, on one throw-away PostgreSQL:
//  1. bare socket.io, one process (bench/chat/bare-server.ts, in-memory adapter): the reference;
//  2. bare socket.io, two processes on socket.io's PostgreSQL adapter: readers and writers split
//     over both, so every message crosses LISTEN/NOTIFY to half the readers — 2 − 1 is the adapter;
//  3. Arena, one node on PostgreSQL (`bun server/main.ts`, DATABASE_URL);
//  4. Arena, two nodes on the same database, readers and writers split as in 2.
// Latency = reader's arrival − writer's send (Date.now(), same machine); server CPU = the servers'
// utime+stime (all nodes) over the send window ÷ deliveries. 127.0.0.1 and free ports only; every
// process is stopped by its pid; the run is bounded (RUN_LIMIT_MS).
// Run: ./scripts/bench-cluster (raises the open-file limit), or node_modules/.bin/bun bench/cluster/run.ts
// Writes the "Chat fan-out over two nodes (issue 16)" section of docs/benchmarks.md (not with --no-write, nor a trial size).
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { freePortOutsideEphemeralRange } from "../../media/ports.ts";
import { type PostgresCluster, startPostgresCluster } from "../../scripts/lib/postgres-cluster.ts";
import { type Account, channelArn, login, seedAccounts } from "../chat/arena-setup.ts";
import { killChildren, stopChildrenOnOverrun, type Load, type PhaseResult, runPhase, type ServerUnderTest, startServer, step, stopServer } from "../chat/phase.ts";
import { machineLine, writeSection } from "../report.ts";

const { values: args } = parseArgs({
  args: Bun.argv.slice(2),
  options: { "no-write": { type: "boolean" }, readers: { type: "string" }, seconds: { type: "string" } },
});
const LOAD: Load = { readers: Number(args.readers ?? 1000), rate: 20, seconds: Number(args.seconds ?? 20), writers: 25 };
const RUN_LIMIT_MS = 8 * 60_000;
const WRITE = !args["no-write"] && LOAD.readers === 1000 && LOAD.seconds === 20;
const BARE_ROOM = "0123456789abcdef0123";

const watchdog = stopChildrenOnOverrun("bench/cluster", RUN_LIMIT_MS);

const running: ServerUnderTest[] = [];
async function start(count: number, argv: string[], env: (index: number) => Record<string, string>): Promise<ServerUnderTest[]> {
  for (let index = 0; index < count; index++) running.push(await startServer(argv, { HOST: "127.0.0.1", PORT: String(await freePortOutsideEphemeralRange()), ...env(index) }));
  return [...running];
}
async function stopAll(): Promise<void> {
  for (const server of running.splice(0)) await stopServer(server);
}

const loadBefore = loadavg();
const results: PhaseResult[] = [];
const folder = mkdtempSync(join(tmpdir(), "arena-bench-cluster-"));
let postgres: PostgresCluster | undefined;
try {
  step("starting PostgreSQL");
  postgres = await startPostgresCluster({ maxConnections: 200 });
  const databaseUrl = postgres.url;
  const anonymous = Array.from({ length: LOAD.writers }, () => undefined);

  results.push(await runPhase("bare socket.io, 1 process", await start(1, ["bench/chat/bare-server.ts"], () => ({})), BARE_ROOM, anonymous, LOAD));
  await stopAll();
  results.push(await runPhase("bare socket.io, 2 processes, PostgreSQL adapter", await start(2, ["bench/chat/bare-server.ts"], () => ({ DATABASE_URL: databaseUrl })), BARE_ROOM, anonymous, LOAD));
  await stopAll();

  step("seeding Arena's accounts in PostgreSQL");
  const accounts = await seedAccounts(folder, LOAD.writers, databaseUrl);
  const arenaEnv = (index: number) => ({ DATABASE_URL: databaseUrl, DATA_DIR: join(folder, `node-${index}`), MEDIA_DIR: join(folder, "media"), RTMP_PORT: "0", LOG_LEVEL: "error" });
  for (const count of [1, 2]) {
    const nodes = await start(count, ["server/main.ts"], arenaEnv);
    const streamID = await channelArn(nodes[0]!.url, await login(nodes[0]!.url, accounts.streamer));
    // Concurrent: the password checks (argon2) run on Bun's thread pool. A session works on every node.
    const cookies = await Promise.all(accounts.writers.map((account: Account) => login(nodes[0]!.url, account)));
    results.push(await runPhase(`Arena, ${count} node${count > 1 ? "s" : ""} on PostgreSQL`, nodes, streamID, cookies, LOAD));
    await stopAll();
  }
} finally {
  await stopAll().catch(() => undefined);
  killChildren();
  await postgres?.stop();
  rmSync(folder, { recursive: true, force: true });
  clearTimeout(watchdog);
}

const loadAfter = loadavg();
const f1 = (n: number) => n.toFixed(1);
const [bareOne, bareTwo, arenaOne, arenaTwo] = results as [PhaseResult, PhaseResult, PhaseResult, PhaseResult];
const expectedAll = LOAD.readers * LOAD.rate * LOAD.seconds;
const lost = (r: PhaseResult) => r.expected - r.delivered;
const row = (r: PhaseResult) =>
  `| ${r.name} | ${r.joined} | ${r.delivered.toLocaleString("en")} / ${r.expected.toLocaleString("en")} | ${lost(r).toLocaleString("en")} | ${r.median} | ${r.p99} | ${r.max} | ${f1(r.cpuPerDeliveryUs)} | ${f1((r.cpuSeconds / r.windowSeconds) * 100)} % | ${r.send.ackMs[Math.floor(r.send.ackMs.length / 2)] ?? "–"} | ${f1(r.othersCores)} |`;
const verdict = (ok: boolean) => (ok ? "**pass**" : "**FAIL**");
const times = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : "–");
const signed = (n: number) => `${n >= 0 ? "+" : "−"}${Math.abs(n).toFixed(0)} ms`;
const cores = navigator.hardwareConcurrency;
const busiest = Math.max(...results.map((r) => r.othersCores));
const refusals = results
  .filter((r) => Object.keys(r.send.refused).length || r.send.unacknowledged)
  .map(
    (r) =>
      `${r.name}: ${Object.entries(r.send.refused)
        .map(([code, n]) => `${n} × ${code}`)
        .concat(r.send.unacknowledged ? [`${r.send.unacknowledged} unacknowledged`] : [])
        .join(", ")}`,
  );

const body = `Machine: ${machineLine()}; load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")} before the run, ${loadAfter.map((l) => l.toFixed(2)).join(" ")} after.
Method: \`./scripts/bench-cluster\` (\`bun bench/cluster/run.ts\`) starts a throw-away PostgreSQL 15 (scripts/lib/postgres-cluster.ts) and runs bench/chat's load four times, one after the other: ${LOAD.readers.toLocaleString("en")} readers (socket.io-client, websocket) in two reader processes joining one room on /readchat, ${LOAD.writers} writers on /writechat taking turns at ${LOAD.rate} messages a second for ${LOAD.seconds} s (${(LOAD.rate * LOAD.seconds).toLocaleString("en")} messages, ${expectedAll.toLocaleString("en")} deliveries), after one warm-up message per writer. With two servers, reader process i and writer i go to server i mod 2, so half the readers and half the writers are on each, and a message reaches half its readers through the adapter. The bare servers are bench/chat/bare-server.ts (socket.io on @socket.io/bun-engine, broadcast only), with \`@socket.io/postgres-adapter\` on the same PostgreSQL when two run; Arena is \`bun server/main.ts\` with DATABASE_URL on that PostgreSQL (each node its own DATA_DIR, one MEDIA_DIR), the same 25 accounts, logged in on the first node (the session works on both). Latency = arrival (reader's Date.now()) − send (writer's), over every (reader, message); server CPU = utime+stime of all the servers' processes over the send window and the wait for stragglers (≤ 5 s), ÷ deliveries. PostgreSQL's own CPU is not counted. Everything shares the machine's ${cores} cores on 127.0.0.1.

| servers | readers | delivered / expected | lost | median ms | p99 ms | max ms | server CPU µs / delivery | server CPU | writer ack median ms | other load (cores) |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${results.map(row).join("\n")}

The adapter's added latency (bare, 2 processes on the PostgreSQL adapter − 1 process): median ${signed(bareTwo.median - bareOne.median)}, p99 ${signed(bareTwo.p99 - bareOne.p99)}; CPU per delivery ${times(bareTwo.cpuPerDeliveryUs, bareOne.cpuPerDeliveryUs)}. Arena, 2 nodes − 1 node: median ${signed(arenaTwo.median - arenaOne.median)}, p99 ${signed(arenaTwo.p99 - arenaOne.p99)}; CPU per delivery ${times(arenaTwo.cpuPerDeliveryUs, arenaOne.cpuPerDeliveryUs)}.
Targets (issue 16): nothing lost on two nodes — ${verdict(lost(arenaTwo) === 0 && arenaTwo.expected === expectedAll)} (${arenaTwo.delivered.toLocaleString("en")} of ${expectedAll.toLocaleString("en")}); two nodes' p99 within 1.5× of one node's — ${verdict(arenaTwo.p99 <= 1.5 * arenaOne.p99)} (${times(arenaTwo.p99, arenaOne.p99)}).
Latency of the first reader to get each message, median by 4 s of the send window (a rising series means a server falls behind): ${results.map((r) => `${r.name} ${r.firstReaderBySlice.join(" / ")} ms`).join("; ")}.
${busiest > 0.25 * cores ? `\n**Busy machine**: other processes used up to ${f1(busiest)} of the ${cores} cores during a send window; latencies are upper bounds and the rows are not strictly comparable (CPU per delivery is the steadier figure). Re-run on a quiet machine.\n` : ""}${refusals.length ? `\nSends not accepted: ${refusals.join("; ")} (refused messages are not broadcast and not expected).` : ""}`;

console.log(`\n${body}`);
if (WRITE) writeSection("Chat fan-out over two nodes (issue 16)", body);
else console.log("\n(not written to docs/benchmarks.md: --no-write or a trial size)");
