// bench/chat: chat fan-out. 1,000 socket.io readers in one room (two reader processes of 500), writers
// posting 20 messages a second for 20 s; each message carries its send time, each reader stamps its
// arrival (Date.now(), same machine clock): latency = arrival − send, per reader and message.
// Server CPU (its process tree, /proc utime+stime) over the send window ÷ deliveries, and its RSS.
//
// Two servers in the same run, one after the other, with the same readers and writers:
//  1. the reference, bench/chat/bare-server.ts: socket.io on Bun (@socket.io/bun-engine) that only broadcasts;
//  2. Arena, `bun server/main.ts` on a fresh DATA_DIR, 25 writer accounts seeded in its database
//     before it starts and logged in over HTTP (a user may post 1 message a second: 25 writers
//     taking turns, 0.8 a second each, make the 20 a second).
// Traffic goes to 127.0.0.1 on free ports; every process started is stopped by its pid; the whole
// run is bounded (RUN_LIMIT_MS).
// Run: ./scripts/bench-chat (raises the open-file limit), or node_modules/.bin/bun bench/chat/run.ts
// Writes the "Chat fan-out" section of docs/benchmarks.md (not with --no-write, nor with a smaller
// --readers/--seconds trial run).
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { freePortOutsideEphemeralRange } from "../../media/ports.ts";
import { machineLine, writeSection } from "../report.ts";
import { type Account, channelArn, login, seedAccounts } from "./arena-setup.ts";
import { killChildren, stopChildrenOnOverrun, type Load, type PhaseResult, runPhase, STRAGGLER_MS, type ServerUnderTest, startServer, step, stopServer } from "./phase.ts";

const { values: args } = parseArgs({
  args: Bun.argv.slice(2),
  options: { "no-write": { type: "boolean" }, readers: { type: "string" }, seconds: { type: "string" } },
});
const READERS = Number(args.readers ?? 1000);
const SECONDS = Number(args.seconds ?? 20);
const RATE = 20;
/** Accounts taking turns: 0.8 message a second each, under Arena's 1 a second per user (burst 3). */
const WRITERS = 25;
const MESSAGES = RATE * SECONDS;
const LOAD: Load = { readers: READERS, rate: RATE, seconds: SECONDS, writers: WRITERS };
const RUN_LIMIT_MS = 3 * 60_000;
const SLICE_SECONDS = 4;
const WRITE = !args["no-write"] && READERS === 1000 && SECONDS === 20;

const watchdog = stopChildrenOnOverrun("bench/chat", RUN_LIMIT_MS);

const loadBefore = loadavg();
const results: PhaseResult[] = [];
const dataDir = mkdtempSync(join(tmpdir(), "arena-bench-chat-"));
let server: ServerUnderTest | undefined;
try {
  // 1. The reference.
  server = await startServer(["bench/chat/bare-server.ts"], { PORT: String(await freePortOutsideEphemeralRange()), HOST: "127.0.0.1" });
  results.push(
    await runPhase(
      "bare socket.io",
      [server],
      "0123456789abcdef0123",
      Array.from({ length: WRITERS }, () => undefined),
      LOAD,
    ),
  );
  await stopServer(server);
  server = undefined;

  // 2. Arena, with its accounts written before it starts.
  step("reference done; seeding Arena's accounts");
  const accounts = await seedAccounts(dataDir, WRITERS);
  step("starting Arena");
  server = await startServer(["server/main.ts"], { PORT: String(await freePortOutsideEphemeralRange()), HOST: "127.0.0.1", DATA_DIR: dataDir, RTMP_PORT: "0", LOG_LEVEL: "error" });
  step("Arena listening; logging in");
  const streamID = await channelArn(server.url, await login(server.url, accounts.streamer));
  // Concurrent: the password checks (argon2) run on Bun's thread pool.
  const cookies = await Promise.all(accounts.writers.map((account: Account) => login(server!.url, account)));
  step(`Arena listening, ${cookies.length} writers logged in`);
  results.push(await runPhase("Arena", [server], streamID, cookies, LOAD));
  await stopServer(server);
  server = undefined;
  step("Arena done");
} finally {
  await stopServer(server).catch(() => undefined);
  killChildren();
  rmSync(dataDir, { recursive: true, force: true });
  clearTimeout(watchdog);
}

const loadAfter = loadavg();
const f1 = (n: number) => n.toFixed(1);
const [bare, arena] = results as [PhaseResult, PhaseResult];
const row = (r: PhaseResult) =>
  `| ${r.name} | ${r.joined} | ${r.delivered.toLocaleString("en")} / ${r.expected.toLocaleString("en")} | ${r.median} | ${r.p99} | ${r.max} | ${r.lastReaderMedian} | ${f1(r.cpuPerDeliveryUs)} | ${f1((r.cpuSeconds / r.windowSeconds) * 100)} % | ${Math.round(r.rssIdleMiB)} → ${Math.round(r.rssEndMiB)} | ${r.send.ackMs[Math.floor(r.send.ackMs.length / 2)] ?? "–"} | ${f1(r.readersCpuPercent)} % | ${f1(r.othersCores)} |`;
const verdict = (ok: boolean) => (ok ? "**pass**" : "**FAIL**");
const times = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : "–");
const signed = (n: number, unit: string) => `${n >= 0 ? "+" : "−"}${Math.abs(n).toFixed(1)} ${unit}`;
const refusals = results
  .filter((r) => Object.keys(r.send.refused).length || r.send.unacknowledged)
  .map(
    (r) =>
      `${r.name}: ${Object.entries(r.send.refused)
        .map(([code, n]) => `${n} × ${code}`)
        .concat(r.send.unacknowledged ? [`${r.send.unacknowledged} without an acknowledgement within 10 s`] : [])
        .join(", ")}`,
  );

const cores = navigator.hardwareConcurrency;
const busiest = Math.max(...results.map((r) => r.othersCores));
const warnings = [
  busiest > 0.25 * cores
    ? `**Busy machine**: other processes used up to ${f1(busiest)} of the ${cores} cores during a send window, so the bench's processes waited for CPU and queues built up (compare the writer ack with the fan-out latency: a late ack means the server itself fell behind). These latencies say more about the machine than about the servers and the two rows are not comparable; CPU per delivery is the steadier figure. Re-run on a quiet machine.`
    : "",
  arena.send.refused.chat_rate_limited
    ? `Arena refused ${arena.send.refused.chat_rate_limited} messages as rate-limited: the server fell behind, so a writer's messages reached it in bursts beyond the limiter's 3. Arena then broadcast fewer messages than the reference.`
    : "",
].filter(Boolean);

const body = `Machine: ${machineLine()}; load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")} before the run, ${loadAfter.map((l) => l.toFixed(2)).join(" ")} after.
Method: \`./scripts/bench-chat\` (\`bun bench/chat/run.ts\`) runs, one after the other in the same run, a bare socket.io 4 server on Bun (@socket.io/bun-engine) that only broadcasts (\`bench/chat/bare-server.ts\`: same namespaces, events and payload fields as Arena, no database, no session) and Arena (\`bun server/main.ts\`, fresh DATA_DIR, ${WRITERS} writer accounts written into its database before it starts and logged in over HTTP). For each: ${READERS.toLocaleString("en")} readers (websocket transport, socket.io-client) in two reader processes join one stream's room on /readchat; ${WRITERS} writers on /writechat, each its own account taking turns (${RATE / WRITERS} message a second each: Arena lets a user post 1 a second), send ${RATE} messages a second for ${SECONDS} s (${MESSAGES} messages, ${(READERS * MESSAGES).toLocaleString("en")} deliveries expected) after a warm-up of one message per writer; each text is \`t=<Date.now() at send> seq=<n>\` and each reader stamps its arrival with Date.now() (same machine clock, 1 ms resolution): latency = arrival − send, over every (reader, message). Server CPU is its process's utime+stime from /proc over the send window plus the wait for the last deliveries (≤ ${STRAGGLER_MS / 1000} s), divided by the deliveries; RSS before the readers connect and at the end. Everything (server, readers, writers) shares the machine's ${navigator.hardwareConcurrency} cores on 127.0.0.1, so latencies include the readers' own processing.

| server | readers | delivered / expected | median ms | p99 ms | max ms | last reader, median ms | server CPU µs / delivery | server CPU | server RSS MiB (idle → end) | writer ack median ms | readers' CPU | other load (cores) |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${results.map(row).join("\n")}

Arena over the bare reference: median ${signed(arena.median - bare.median, "ms")} (${times(arena.median, bare.median)}), p99 ${signed(arena.p99 - bare.p99, "ms")} (${times(arena.p99, bare.p99)}), CPU per delivery ${signed(arena.cpuPerDeliveryUs - bare.cpuPerDeliveryUs, "µs")} (${times(arena.cpuPerDeliveryUs, bare.cpuPerDeliveryUs)}), RSS at the end ${signed(arena.rssEndMiB - bare.rssEndMiB, "MiB")}.
Targets (issue 5): nothing lost — ${verdict(arena.delivered === arena.expected && arena.expected === READERS * MESSAGES)} (${arena.delivered.toLocaleString("en")} of ${(READERS * MESSAGES).toLocaleString("en")}); p99 within 1.5× of the reference — ${verdict(arena.p99 <= 1.5 * bare.p99)} (${times(arena.p99, bare.p99)}); CPU per delivery within 1.5× — ${verdict(arena.cpuPerDeliveryUs <= 1.5 * bare.cpuPerDeliveryUs)} (${times(arena.cpuPerDeliveryUs, bare.cpuPerDeliveryUs)}).
Latency of the first reader to get each message, median by ${SLICE_SECONDS} s of the send window (a rising series means the server falls behind): ${results.map((r) => `${r.name} ${r.firstReaderBySlice.join(" / ")} ms`).join("; ")}.
${warnings.map((w) => `\n${w}\n`).join("")}
"Last reader" is, per message, the latency of the last of the ${READERS.toLocaleString("en")} readers to get it; "writer ack" is send → acknowledgement (Arena stores the message before it broadcasts). "Other load" is CPU used on the machine by processes that are not this bench's during the window: with a busy machine the numbers are upper bounds. Arena's idle RSS is taken after the writers' logins, whose password checks (argon2, 64 MiB each) leave memory the runtime returns later.${refusals.length ? `\nSends not accepted: ${refusals.join("; ")} (refused messages are not broadcast and not expected).` : ""}${results.some((r) => r.duplicates || r.disconnects) ? `\nDuplicates / disconnects: ${results.map((r) => `${r.name} ${r.duplicates} / ${r.disconnects}`).join(", ")}.` : ""}`;

console.log(`\n${body}`);
if (WRITE) writeSection("Chat fan-out", body);
else console.log("\n(not written to docs/benchmarks.md: --no-write or a trial size)");
