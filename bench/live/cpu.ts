// bench/live/cpu.ts: what one 720p30 2.5 Mbps live costs a server, split per process, and what each
// HTTP-FLV viewer adds, for Arena as it is, Arena before the "CPU per stream" work (issue 17,
// item 6; an earlier commit, run from a copy of its files), node-media-server standalone and nginx
// with Debian's RTMP module, all in one run. No browser and no encoder: a clip encoded once (cached)
// is pushed with `-re -c copy` in a loop, so the machine is as quiet as it gets while servers are measured.
//
// Per server and round: start, settle, publish, warm up, CPU and RSS of the server's process and
// every descendant (procfs.ts) with no viewer; then with light HTTP-FLV viewers (this process reads
// and drops the bytes, nothing is decoded) and again. Rounds alternate the servers, so a busy moment
// of a shared machine falls on all of them; figures are the mean over rounds.
// Run: ./scripts/bench-live --cpu, or node_modules/.bin/bun bench/live/cpu.ts [--no-write].
// Env: BENCH_BEFORE (the earlier commit), BENCH_ROUNDS, BENCH_CPU_SECONDS, BENCH_FLV_VIEWERS.
// Writes the "Live CPU per stream" section of docs/benchmarks.md (not with --no-write).
import { mkdirSync, realpathSync, symlinkSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { machineLine, writeSection } from "../report.ts";
import { startArena } from "./arena.ts";
import { guardBenchRun } from "./guard.ts";
import { CLIP_SECONDS, clip, startFlvViewer, startPush, waitForUrl } from "./clip.ts";
import { foreignLoad, measureTree, stopTree, type Usage } from "./procfs.ts";
import { type Reference, startNginx, startNodeMediaServer } from "./references.ts";

/** The last commit before this work: Arena's figures "before". */
const BEFORE = process.env.BENCH_BEFORE ?? "d65da63";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CPU_SECONDS = Number(process.env.BENCH_CPU_SECONDS ?? 20);
const FLV_VIEWERS = Number(process.env.BENCH_FLV_VIEWERS ?? 5);
const SETTLE_SECONDS = 2;
/** The server's jobs start, HLS has segments, the first thumbnail is made. */
const WARMUP_SECONDS = 6;
/** Viewers joined (each first gets a burst: the cached group of pictures). */
const VIEWER_WARMUP_SECONDS = 3;
const RUN_LIMIT_MS = 20 * 60_000;
const ROOT = join(import.meta.dir, "../..");
const write = !process.argv.includes("--no-write");

interface Server {
  label: string;
  version: string;
  pid: number;
  ingestUrl: string;
  /** An HTTP-FLV address, when the server has one. */
  flvUrl?: string;
  /** Resolves once the live is served (HLS listed). */
  ready(): Promise<void>;
}

interface Measure {
  label: string;
  version: string;
  alone: Usage;
  withViewers?: Usage;
  /** Bytes per second each viewer got (about the stream's rate when it kept up). */
  viewerRate?: number;
}

const { tempDir, started, finish } = guardBenchRun("cpu", RUN_LIMIT_MS);

/** A copy of Arena's files at `commit` (its own folder, the project's node_modules). */
function checkout(commit: string): string {
  const dir = join(tempDir, `arena-${commit}`);
  mkdirSync(dir, { recursive: true });
  const archive = Bun.spawnSync(["sh", "-c", `git -C "$1" archive "$2" | tar -x -C "$3"`, "sh", ROOT, commit, dir]);
  if (archive.exitCode !== 0) throw new Error(`git archive ${commit}: ${archive.stderr.toString()}`);
  symlinkSync(realpathSync(join(ROOT, "node_modules")), join(dir, "node_modules"));
  return dir;
}

const beforeTree = checkout(BEFORE);
const headCommit = Bun.spawnSync(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]).stdout.toString().trim();
const dirty = Bun.spawnSync(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"]).stdout.toString().trim() !== "";

async function arena(label: string, version: string, from?: string): Promise<Server> {
  const dir = join(tempDir, `run-${label.replace(/\W+/g, "-")}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const a = await startArena(dir, from);
  started.add(a.pid);
  return {
    label,
    version,
    pid: a.pid,
    ingestUrl: a.ingestUrl,
    flvUrl: `${a.url}${a.flvPath}`,
    async ready() {
      await a.waitLive();
      await waitForUrl(`${a.url}${a.hlsPath}`);
    },
  };
}

async function reference(start: (dir: string) => Promise<Reference>): Promise<Server> {
  const dir = join(tempDir, `ref-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const ref = await start(dir);
  started.add(ref.pid);
  return {
    label: ref.name,
    version: ref.version,
    pid: ref.pid,
    ingestUrl: ref.ingestUrl,
    ...(ref.relayKind === "flv" ? { flvUrl: ref.relayUrl } : {}),
    ready: async () => {
      if (ref.hlsUrl) await waitForUrl(ref.hlsUrl);
    },
  };
}

const servers: { label: string; start: () => Promise<Server> }[] = [
  { label: `Arena before (${BEFORE})`, start: () => arena(`Arena before (${BEFORE})`, `bun server/main.ts at ${BEFORE}`, beforeTree) },
  { label: "Arena now", start: () => arena("Arena now", `bun server/main.ts at ${headCommit}${dirty ? " with uncommitted changes" : ""}`) },
  { label: "node-media-server", start: () => reference(startNodeMediaServer) },
  { label: "nginx-rtmp", start: () => reference(startNginx) },
];

async function measure(file: string, server: Server): Promise<Measure> {
  await Bun.sleep(SETTLE_SECONDS * 1000);
  const push = startPush(file, server.ingestUrl, started);
  try {
    await server.ready();
    await Bun.sleep(WARMUP_SECONDS * 1000);
    if (!push.alive()) throw new Error(`the push stopped: ${await push.stderr()}`);
    const alone = await measureTree(server.pid, CPU_SECONDS);
    console.log(`  ${server.label}: ${alone.cpu.toFixed(2)} % with no viewer (${splitOf(alone)})`);
    if (!server.flvUrl || FLV_VIEWERS === 0) return { label: server.label, version: server.version, alone };
    const viewers = Array.from({ length: FLV_VIEWERS }, () => startFlvViewer(server.flvUrl!));
    try {
      await Bun.sleep(VIEWER_WARMUP_SECONDS * 1000);
      const before = viewers.map((v) => v.bytes());
      const withViewers = await measureTree(server.pid, CPU_SECONDS);
      const viewerRate = viewers.reduce((sum, v, i) => sum + v.bytes() - before[i]!, 0) / FLV_VIEWERS / withViewers.seconds;
      console.log(`  ${server.label}: ${withViewers.cpu.toFixed(2)} % with ${FLV_VIEWERS} HTTP-FLV viewers, each getting ${((viewerRate * 8) / 1000).toFixed(0)} kbit/s`);
      return { label: server.label, version: server.version, alone, withViewers, viewerRate };
    } finally {
      await Promise.all(viewers.map((v) => v.stop()));
    }
  } finally {
    await push.stop();
  }
}

/** The split per process, with the same kind of process (an ffmpeg per job, nginx's worker) added up. */
function partsOf(usage: Usage): Map<string, number> {
  const parts = new Map<string, number>();
  for (const part of usage.parts) {
    const name = part.name.replace(/ \(pid \d+, whole window\)/, "");
    parts.set(name, (parts.get(name) ?? 0) + part.cpu);
  }
  return parts;
}

const splitOf = (usage: Usage) =>
  [...partsOf(usage)]
    .filter(([name, cpu]) => cpu >= 0.05 || name === "main process")
    .map(([name, cpu]) => `${name} ${cpu.toFixed(2)} %`)
    .join(", ");

const loadBefore = loadavg();
const others = foreignLoad();
const measures: Measure[] = [];
try {
  const file = await clip(started);
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`\nround ${round} of ${ROUNDS}`);
    for (const entry of servers) {
      const server = await entry.start();
      try {
        measures.push(await measure(file, server));
      } finally {
        await stopTree(server.pid, 10_000);
        started.delete(server.pid);
      }
    }
  }
} finally {
  await finish();
}
const loadAfter = loadavg();
const { othersCores } = others.stop();

// ---- report: the mean over rounds ----
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const range = (values: number[]) => (values.length > 1 ? ` (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})` : "");
interface Row {
  label: string;
  version: string;
  cpu: number[];
  parts: Map<string, number>;
  rss: number;
  processes: number;
  perViewer?: number[];
  viewerKbps?: number;
}
const rows: Row[] = servers.map(({ label }) => {
  const mine = measures.filter((m) => m.label === label);
  const parts = new Map<string, number>();
  for (const m of mine) for (const [name, cpu] of partsOf(m.alone)) parts.set(name, (parts.get(name) ?? 0) + cpu / mine.length);
  const viewed = mine.filter((m) => m.withViewers);
  return {
    label,
    version: mine[0]?.version ?? "",
    cpu: mine.map((m) => m.alone.cpu),
    parts,
    rss: mean(mine.map((m) => m.alone.rssMeanMiB)),
    processes: Math.max(0, ...mine.map((m) => m.alone.maxProcesses)),
    ...(viewed.length ? { perViewer: viewed.map((m) => (m.withViewers!.cpu - m.alone.cpu) / FLV_VIEWERS), viewerKbps: (mean(viewed.map((m) => m.viewerRate!)) * 8) / 1000 } : {}),
  };
});
const rowOf = (label: string) => rows.find((r) => r.label === label);
const table = rows.map((r) => {
  const split = [...r.parts]
    .filter(([name, cpu]) => cpu >= 0.05 || name === "main process")
    .map(([name, cpu]) => `${name} ${cpu.toFixed(2)} %`)
    .join(", ");
  const viewer = r.perViewer ? `${mean(r.perViewer).toFixed(2)} %${range(r.perViewer)}` : "— (no HTTP-FLV)";
  return `| ${r.label} | ${mean(r.cpu).toFixed(2)} %${range(r.cpu)} | ${split} | ${viewer} | ${r.rss.toFixed(0)} MiB | ${r.processes} |`;
});
const now = rowOf("Arena now");
const before = rowOf(`Arena before (${BEFORE})`);
const nginx = rowOf("nginx-rtmp");
const nms = rowOf("node-media-server");
const verdict = (ok: boolean | undefined) => (ok === undefined ? "not measured" : ok ? "**pass**" : "**FAIL**");
const nowCpu = now?.cpu.length ? mean(now.cpu) : undefined;
const nginxCpu = nginx?.cpu.length ? mean(nginx.cpu) : undefined;
const nowViewer = now?.perViewer ? mean(now.perViewer) : undefined;
const nmsViewer = nms?.perViewer ? mean(nms.perViewer) : undefined;
const nmsCpu = nms?.cpu.length ? mean(nms.cpu) : undefined;
const targets = [
  `| ingest + HLS + recording at most 2× nginx-rtmp's (no viewer) | ${nowCpu?.toFixed(2) ?? "—"} % vs 2 × ${nginxCpu?.toFixed(2) ?? "—"} % (before: ${before?.cpu.length ? mean(before.cpu).toFixed(2) : "—"} %) | ${verdict(nowCpu !== undefined && nginxCpu !== undefined ? nowCpu <= 2 * nginxCpu : undefined)} |`,
  // node-media-server is the ingest Arena embeds (DESIGN.md): alone, with no HLS and no recording, it is this design's floor for one push.
  `| (the floor on this design: node-media-server's ingest alone, no HLS, no recording) | ${nmsCpu?.toFixed(2) ?? "—"} %, ${nmsCpu !== undefined && nginxCpu ? (nmsCpu / nginxCpu).toFixed(1) : "—"}× nginx-rtmp's whole job | context: per stream with several lives, "Scale: streams" |`,
  `| each HTTP-FLV viewer at most node-media-server's | ${nowViewer?.toFixed(2) ?? "—"} % vs ${nmsViewer?.toFixed(2) ?? "—"} % (before: ${before?.perViewer ? mean(before.perViewer).toFixed(2) : "—"} %) | ${verdict(nowViewer !== undefined && nmsViewer !== undefined ? nowViewer <= nmsViewer : undefined)} |`,
];
const body = `Machine: ${machineLine()}; load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")} before the run, ${loadAfter.map((l) => l.toFixed(2)).join(" ")} after it;
work that was not the bench's used ${othersCores.toFixed(2)} cores on average during the run${othersCores > 0.15 ? ": other people's jobs shared the machine, to be redone on a quiet one" : ""}.

Method: \`./scripts/bench-live --cpu\` (\`bun bench/live/cpu.ts\`). Servers: ${rows.map((r) => `${r.label}: ${r.version}`).join("; ")}; each started by the bench on free loopback ports, measured alone, stopped by its pid.
"Arena before" runs a copy of the files of commit ${BEFORE} (\`git archive\`), the last one before this work (issue 17, item 6).
The push is a ${CLIP_SECONDS} s clip (1280x720, 30 fps, moving noise, x264 veryfast zerolatency, 1 s GOP, 2.5 Mbps maxrate and buffer, AAC 128k), encoded once and cached, sent in a loop by
\`ffmpeg -re -stream_loop -1 -c copy\` over RTMP, so no encoder shares the cores with the servers. Per server and round: start, ${SETTLE_SECONDS} s settle, publish, ${WARMUP_SECONDS} s warm-up,
then CPU (utime+stime of the server's process and every descendant, from /proc, jobs that ended inside the window included) and RSS over ${CPU_SECONDS} s with no viewer;
then ${FLV_VIEWERS} HTTP-FLV viewers (this bench reads and drops their bytes: no decoding, which would not be the server's cost), ${VIEWER_WARMUP_SECONDS} s to join, and CPU again over ${CPU_SECONDS} s:
per viewer = (with viewers − without) / ${FLV_VIEWERS}. ${ROUNDS} round${ROUNDS > 1 ? "s, the servers in turn in each; figures are means over rounds, (min–max) beside them" : ""}.
nginx-rtmp writes HLS (1 s fragments) and records nothing; Arena writes HLS and records the live; node-media-server standalone writes neither.

| server, one 720p30 2.5 Mbps live | CPU, % of one core, no viewer | split | each HTTP-FLV viewer adds | RSS | processes |
| --- | ---: | --- | ---: | ---: | ---: |
${table.join("\n")}

| target | measured | |
| --- | --- | --- |
${targets.join("\n")}

Each viewer got ${rows
  .filter((r) => r.viewerKbps !== undefined)
  .map((r) => `${r.viewerKbps!.toFixed(0)} kbit/s from ${r.label}`)
  .join(", ")} (the stream's rate when it keeps up).`;

console.log(`\n${body}`);
const complete = rows.every((r) => r.cpu.length === ROUNDS);
if (write && complete) writeSection("Live CPU per stream", body);
process.exit(complete ? 0 : 1);
