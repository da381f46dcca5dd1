// The measuring side of the chat benches (bench/chat, bench/cluster): child processes (servers,
// reader processes) spawned and stopped by pid, and one phase: readers join, writers send at a fixed
// rate, deliveries and latencies are counted, the servers' CPU is read from /proc.
import { join } from "node:path";
import type { Subprocess } from "bun";
import { machineBusySeconds, type ReaderLine, sampleProcess } from "./shared.ts";
import { openWriters, type SendStats, sendMessages } from "./writer.ts";

const root = join(import.meta.dir, "../..");
/** After the last send, deliveries still on their way are waited for this long at most. */
export const STRAGGLER_MS = 5_000;
const SLICE_SECONDS = 4;
const READER_PROCESSES = 2;

const runStart = performance.now();
export const step = (what: string) => console.log(`[${((performance.now() - runStart) / 1000).toFixed(1)} s] ${what}`);
const children = new Set<Subprocess>();

/** Kills every process this bench started that is still running, each by its pid. */
export function killChildren(signal: NodeJS.Signals = "SIGKILL") {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(child.pid, signal);
      } catch {}
    }
  }
}

/**
 * Kills every child (by pid) and exits when the run overstays `limitMs` or is interrupted, so a stuck
 * bench never leaves servers or readers behind. Returns the watchdog, cleared at a normal end.
 */
export function stopChildrenOnOverrun(bench: string, limitMs: number): ReturnType<typeof setTimeout> {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      killChildren();
      process.exit(130);
    });
  }
  return setTimeout(() => {
    console.error(`${bench}: still running after ${limitMs / 1000} s, stopping everything`);
    killChildren();
    process.exit(1);
  }, limitMs);
}

export interface Child {
  proc: Subprocess<"pipe", "pipe", "pipe">;
  /** The last lines of stderr, for error messages. */
  errors(): string;
}

/** Spawns a bun script, hands each stdout line to `onLine`, keeps the tail of stderr. Output is always drained, so a chatty child never blocks on a full pipe. */
export function spawnBun(argv: string[], env: Record<string, string>, onLine: (line: string) => void): Child {
  const proc = Bun.spawn([process.execPath, ...argv], { cwd: root, env: { ...process.env, ...env }, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  children.add(proc);
  let stderr = "";
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of proc.stdout) {
      buffer += decoder.decode(chunk, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf("\n")) !== -1) {
        onLine(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
      }
    }
  })();
  void (async () => {
    for await (const chunk of proc.stderr) stderr = (stderr + new TextDecoder().decode(chunk)).slice(-4000);
  })();
  return { proc, errors: () => stderr.trim() };
}

export function until<T>(what: string, ms: number, check: () => T | undefined, child?: Child): Promise<T> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const poll = () => {
      const value = check();
      if (value !== undefined) return resolve(value);
      if (child && child.proc.exitCode !== null) return reject(new Error(`${what}: the process exited (${child.proc.exitCode}): ${child.errors()}`));
      if (Date.now() > deadline) return reject(new Error(`${what}: nothing after ${ms} ms${child ? `: ${child.errors()}` : ""}`));
      setTimeout(poll, 20);
    };
    poll();
  });
}

export interface ServerUnderTest {
  child: Child;
  url: string;
}

/** Starts a server script and waits for its "listening on <host>:<port>" line. */
export async function startServer(argv: string[], env: Record<string, string>): Promise<ServerUnderTest> {
  let port: number | undefined;
  const child = spawnBun(argv, env, (line) => {
    const match = line.match(/listening on [^:\s]+:(\d+)/);
    if (match) port = Number(match[1]);
  });
  await until("server start", 30_000, () => port, child);
  return { child, url: `http://127.0.0.1:${port}` };
}

export async function stopServer(server: ServerUnderTest | undefined) {
  if (!server || server.child.proc.exitCode !== null) return;
  server.child.proc.kill("SIGTERM");
  const exited = await Promise.race([server.child.proc.exited.then(() => true), Bun.sleep(5_000).then(() => false)]);
  if (!exited) server.child.proc.kill("SIGKILL");
  await server.child.proc.exited;
}

export interface PhaseResult {
  name: string;
  joined: number;
  connectSeconds: number;
  expected: number;
  delivered: number;
  duplicates: number;
  disconnects: number;
  median: number;
  p99: number;
  max: number;
  /** Per message, latency of the last of the 1,000 readers: median. */
  lastReaderMedian: number;
  /** Median latency of the first reader to get each message, by SLICE_SECONDS of the window: a growing series is a queue building up. */
  firstReaderBySlice: number[];
  cpuSeconds: number;
  windowSeconds: number;
  cpuPerDeliveryUs: number;
  rssIdleMiB: number;
  rssEndMiB: number;
  readersCpuPercent: number;
  othersCores: number;
  send: SendStats;
}

export interface Load {
  readers: number;
  /** Messages a second, for `seconds`. */
  rate: number;
  seconds: number;
  /** Accounts taking turns (one socket each). */
  writers: number;
}

/**
 * Connects the readers, warms up, sends, waits for stragglers, and measures. With several servers
 * (nodes of one site), reader process i and writer i go to server i modulo their number, and CPU
 * and memory are the servers' sums.
 */
export async function runPhase(name: string, servers: ServerUnderTest[], streamID: string, cookies: (string | undefined)[], load: Load): Promise<PhaseResult> {
  const messages = load.rate * load.seconds;
  const serverPids = servers.map((server) => server.child.proc.pid);
  const serversSample = () => serverPids.map(sampleProcess).reduce((sum, s) => ({ cpuSeconds: sum.cpuSeconds + s.cpuSeconds, rssMiB: sum.rssMiB + s.rssMiB }), { cpuSeconds: 0, rssMiB: 0 });
  const rssIdleMiB = serversSample().rssMiB;
  const perProcess = load.readers / READER_PROCESSES;
  const readers = Array.from({ length: READER_PROCESSES }, (_, index) => {
    const state: { ready?: Extract<ReaderLine, { type: "ready" }>; delivered: number; result?: Extract<ReaderLine, { type: "result" }> } = { delivered: 0 };
    const url = servers[index % servers.length]!.url;
    const child = spawnBun(["bench/chat/reader-process.ts", url, streamID, String(perProcess), String(messages)], {}, (line) => {
      if (!line.startsWith("{")) return;
      const message = JSON.parse(line) as ReaderLine;
      if (message.type === "ready") state.ready = message;
      else if (message.type === "progress") state.delivered = message.delivered;
      else state.result = message;
    });
    return { child, state };
  });
  let writers: Awaited<ReturnType<typeof openWriters>> | undefined;
  try {
    const connectStart = performance.now();
    for (const reader of readers) await until(`${name}: readers joining`, 60_000, () => reader.state.ready, reader.child);
    const connectSeconds = (performance.now() - connectStart) / 1000;
    const joined = readers.reduce((sum, r) => sum + r.state.ready!.joined, 0);
    step(`${name}: ${joined}/${load.readers} readers joined in ${connectSeconds.toFixed(1)} s`);

    writers = await openWriters(
      servers.map((server) => server.url),
      streamID,
      cookies,
    );
    // Warm-up: one message per writer (JIT, buffers), not measured; then a pause for the room to settle.
    const warm = await sendMessages(writers, streamID, { count: load.writers, rate: load.rate, warm: true });
    if (warm.accepted !== load.writers) throw new Error(`${name}: warm-up refused: ${JSON.stringify(warm.refused)}`);
    await Bun.sleep(1_500);

    const cpuStart = serversSample().cpuSeconds;
    const readersStart = readers.reduce((sum, r) => sum + sampleProcess(r.child.proc.pid).cpuSeconds, 0);
    const machineStart = machineBusySeconds();
    const oursStart = sampleProcess(process.pid).cpuSeconds;
    const windowStart = performance.now();
    step(`${name}: sending ${messages} messages at ${load.rate}/s from ${load.writers} writers…`);
    const send = await sendMessages(writers, streamID, { count: messages, rate: load.rate });
    step(`${name}: ${send.accepted}/${send.sent} accepted, writer timer late by ${send.maxTimerLagMs.toFixed(0)} ms at worst; waiting for the last deliveries`);
    // Refused messages (by code) were never broadcast; unacknowledged ones probably were, late.
    const expected = joined * (send.sent - Object.values(send.refused).reduce((a, b) => a + b, 0));
    const delivered = () => readers.reduce((sum, r) => sum + r.state.delivered, 0);
    await until(`${name}: deliveries`, STRAGGLER_MS, () => (delivered() >= expected ? true : undefined)).catch(() => undefined);
    const windowSeconds = (performance.now() - windowStart) / 1000;
    const cpuSeconds = serversSample().cpuSeconds - cpuStart;
    const rssEndMiB = serversSample().rssMiB;
    const readersCpu = readers.reduce((sum, r) => sum + sampleProcess(r.child.proc.pid).cpuSeconds, 0) - readersStart;
    // Everything this bench runs (server, readers, this process with the writers) is a descendant of this process.
    const ours = sampleProcess(process.pid).cpuSeconds - oursStart;
    const othersCores = Math.max(0, (machineBusySeconds() - machineStart - ours) / windowSeconds);

    for (const reader of readers) {
      reader.child.proc.stdin.write("stop\n");
      await reader.child.proc.stdin.flush();
    }
    const results = await Promise.all(readers.map((r) => until(`${name}: reader results`, 20_000, () => r.state.result, r.child)));

    const histogram = new Map<number, number>();
    for (const result of results) for (const [ms, n] of result.histogram) histogram.set(ms, (histogram.get(ms) ?? 0) + n);
    const sorted = [...histogram.entries()].sort((a, b) => a[0] - b[0]);
    const total = results.reduce((sum, r) => sum + r.delivered, 0);
    const quantile = (q: number) => {
      const rank = Math.max(1, Math.ceil(q * total));
      let seen = 0;
      for (const [ms, n] of sorted) if ((seen += n) >= rank) return ms;
      return Number.NaN;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const firstReader = Array.from({ length: messages }, (_, seq) => Math.min(...results.map((r) => (r.firstMs[seq]! < 0 ? Infinity : r.firstMs[seq]!))));
    const perSlice = load.rate * SLICE_SECONDS;
    const firstReaderBySlice = Array.from({ length: Math.ceil(messages / perSlice) }, (_, i) => median(firstReader.slice(i * perSlice, (i + 1) * perSlice).filter(Number.isFinite)));
    const lastReader = Array.from({ length: messages }, (_, seq) => Math.max(...results.map((r) => r.lastMs[seq]!)))
      .filter((ms) => ms >= 0)
      .sort((a, b) => a - b);
    return {
      name,
      joined,
      connectSeconds,
      expected,
      delivered: total,
      duplicates: results.reduce((sum, r) => sum + r.duplicates, 0),
      disconnects: results.reduce((sum, r) => sum + r.disconnects, 0),
      median: quantile(0.5),
      p99: quantile(0.99),
      max: sorted.at(-1)?.[0] ?? Number.NaN,
      lastReaderMedian: lastReader[Math.floor(lastReader.length / 2)] ?? Number.NaN,
      firstReaderBySlice,
      cpuSeconds,
      windowSeconds,
      cpuPerDeliveryUs: (cpuSeconds * 1e6) / Math.max(1, total),
      rssIdleMiB,
      rssEndMiB,
      readersCpuPercent: (readersCpu / windowSeconds) * 100,
      othersCores,
      send,
    };
  } finally {
    writers?.close();
    for (const reader of readers) {
      if (reader.child.proc.exitCode === null) reader.child.proc.kill("SIGKILL");
      await reader.child.proc.exited;
    }
  }
}
