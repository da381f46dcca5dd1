// bench/scale, viewers of one stream (issue 17, "Measure the growth"): what each viewer of one live
// costs the server as viewers are added, for HLS and for the HTTP-FLV relay, beside references.
//
// One 720p30 2.5 Mbps clip (bench/live/clip.ts, encoded once) is pushed to Arena with `-re -c copy`.
// HLS: 10, 100, 500 and 1,000 light viewers (hls-viewer.ts: playlist and segments as a player asks
// for them, nothing decoded), in processes of their own (viewer-fleet.ts), read in turn from Arena,
// from a plain nginx serving Arena's own live folder (the same files), from nginx in front of Arena
// with deploy/nginx-config.ts's proxy_cache, and from Arena again with the blocking playlist reload
// its player uses. HTTP-FLV: 10, 50 and 200 viewers that read and drop, from Arena and from
// node-media-server standalone (its own push of the same clip).
// Per step: the server's CPU (its process and every descendant, from /proc) over a window in which
// every viewer process counts too, minus the same server's CPU with no viewer, per viewer.
// Run: node_modules/.bin/bun bench/scale/viewers.ts [--quick] [--no-write]; bench/scale/run.ts --part viewers.
// Writes the "Scale: viewers" section of docs/benchmarks.md and its charts, docs/scale-viewers-*.svg.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { growthChart } from "../chart.ts";
import { startArena } from "../live/arena.ts";
import { CLIP_SECONDS, clip, startPush, waitForUrl } from "../live/clip.ts";
import { foreignLoad, measureTree, stopTree, type Usage } from "../live/procfs.ts";
import { startNodeMediaServer } from "../live/references.ts";
import { machineLine, writeSection } from "../report.ts";
import { checkout, headCommit } from "./checkout.ts";
import { startNginxCache, startNginxStatic } from "./nginx-hls.ts";
import { type FleetResult, runFleet } from "./viewer-fleet.ts";

const DOCS = join(import.meta.dir, "../../docs");
/** The last commit before Arena's HLS serving was reworked for this series: its figures are "before". */
const BEFORE = process.env.BENCH_BEFORE ?? "44b0c76";

interface Plan {
  hlsViewers: number[];
  flvViewers: number[];
  /** Viewers join over the first second, then settle before the window. */
  warmupSeconds: number;
  windowSeconds: number;
  baselineSeconds: number;
  limitMs: number;
}

const FULL: Plan = { hlsViewers: [10, 100, 500, 1000], flvViewers: [10, 50, 200], warmupSeconds: 4, windowSeconds: 15, baselineSeconds: 15, limitMs: 20 * 60_000 };
const QUICK: Plan = { hlsViewers: [10, 100], flvViewers: [10, 50], warmupSeconds: 3, windowSeconds: 6, baselineSeconds: 6, limitMs: 8 * 60_000 };
const HLS_PER_PROCESS = 250;
const FLV_PER_PROCESS = 100;
/** The server's jobs started, the playlist full, before anything is measured. */
const LIVE_WARMUP_SECONDS = 6;

/** One server as the viewers see it: where they read, and which process trees serve them. */
interface Target {
  name: string;
  kind: "hls" | "flv";
  url: string;
  blocking: boolean;
  /** The processes whose CPU is the serving cost (nginx in front counts with the Arena behind it). */
  pids: number[];
}

interface Step {
  target: string;
  kind: "hls" | "flv";
  viewers: number;
  /** % of one core, the target's trees over the window, minus their CPU with no viewer. */
  added: number;
  perViewer: number;
  rssMiB: number;
  fleet: FleetResult;
}

export async function measureViewers(options: { quick: boolean; write?: boolean }): Promise<void> {
  const plan = options.quick ? QUICK : FULL;
  const tempDir = mkdtempSync(join(tmpdir(), "arena-bench-scale-viewers-"));
  const started = new Set<number>();
  const cleanup = async () => {
    for (const pid of [...started]) await stopTree(pid, 3000).catch(() => undefined);
    started.clear();
    rmSync(tempDir, { recursive: true, force: true });
  };
  const interrupted = async () => {
    await cleanup();
    process.exit(130);
  };
  const watchdog = setTimeout(async () => {
    console.error(`bench/scale viewers: over ${plan.limitMs / 1000} s, stopping everything`);
    await cleanup();
    process.exit(1);
  }, plan.limitMs);
  process.on("SIGINT", interrupted);
  process.on("SIGTERM", interrupted);

  const loadBefore = loadavg();
  const others = foreignLoad();
  try {
    const file = await clip(started);
    const streamRate = statSync(file).size / CLIP_SECONDS;
    const arena = await startArena(join(tempDir, "arena"));
    started.add(arena.pid);
    const push = startPush(file, arena.ingestUrl, started);
    await arena.waitLive();
    await waitForUrl(`${arena.url}${arena.hlsPath}`);
    const before = await startArena(join(tempDir, "arena-before"), checkout(BEFORE, join(tempDir, `arena-${BEFORE}`)));
    started.add(before.pid);
    const beforePush = startPush(file, before.ingestUrl, started);
    await before.waitLive();
    await waitForUrl(`${before.url}${before.hlsPath}`);
    // jobFiles lie in DATA_DIR/live/{username}: nginx serves DATA_DIR/live at /live/, as Arena does.
    const liveDir = dirname(dirname(arena.jobFiles.thumbnail!));
    const nginxStatic = await startNginxStatic(join(tempDir, "nginx-static"), liveDir, started);
    const nginxCache = await startNginxCache(join(tempDir, "nginx-cache"), arena.url, started);
    await Bun.sleep(LIVE_WARMUP_SECONDS * 1000);
    if (!push.alive() || !beforePush.alive()) throw new Error(`a push to Arena stopped: ${await push.stderr()} ${await beforePush.stderr()}`);

    const baseline = new Map<number, Usage>();
    const measureBaselines = async (pids: number[]) => {
      const usages = await Promise.all(pids.map((pid) => measureTree(pid, plan.baselineSeconds)));
      pids.forEach((pid, i) => baseline.set(pid, usages[i]!));
    };
    console.log(`no viewer, ${plan.baselineSeconds} s…`);
    await measureBaselines([arena.pid, before.pid, nginxStatic.pid, nginxCache.pid]);
    console.log(
      `  Arena ${baseline.get(arena.pid)!.cpu.toFixed(2)} % of a core, Arena before ${baseline.get(before.pid)!.cpu.toFixed(2)} %, nginx ${baseline.get(nginxStatic.pid)!.cpu.toFixed(2)} %, nginx in front ${baseline.get(nginxCache.pid)!.cpu.toFixed(2)} %`,
    );

    const hlsTargets: Target[] = [
      { name: "Arena", kind: "hls", url: `${arena.url}${arena.hlsPath}`, blocking: false, pids: [arena.pid] },
      { name: `Arena before (${BEFORE})`, kind: "hls", url: `${before.url}${before.hlsPath}`, blocking: false, pids: [before.pid] },
      { name: "nginx, same files", kind: "hls", url: `${nginxStatic.url}${arena.hlsPath}`, blocking: false, pids: [nginxStatic.pid] },
      { name: "nginx proxy_cache → Arena", kind: "hls", url: `${nginxCache.url}${arena.hlsPath}`, blocking: false, pids: [nginxCache.pid, arena.pid] },
      { name: "Arena, blocking reload", kind: "hls", url: `${arena.url}${arena.hlsPath}`, blocking: true, pids: [arena.pid] },
    ];
    const steps: Step[] = [];
    const step = async (target: Target, viewers: number) => {
      const countFrom = Date.now() + (1 + plan.warmupSeconds) * 1000;
      const endAt = countFrom + plan.windowSeconds * 1000;
      const perProcess = target.kind === "hls" ? HLS_PER_PROCESS : FLV_PER_PROCESS;
      const fleet = runFleet({ kind: target.kind, url: target.url, blocking: target.blocking, spreadMs: 1000, countFrom, endAt }, viewers, perProcess, streamRate, started);
      // Awaited below, once the window is measured; a failure before then must not count as unhandled.
      fleet.catch(() => undefined);
      await Bun.sleep(countFrom - Date.now());
      const usages = await Promise.all(target.pids.map((pid) => measureTree(pid, plan.windowSeconds)));
      const result = await fleet;
      const added = usages.reduce((sum, usage, i) => sum + usage.cpu - baseline.get(target.pids[i]!)!.cpu, 0);
      const measured: Step = { target: target.name, kind: target.kind, viewers, added, perViewer: added / viewers, rssMiB: usages[0]!.rssMeanMiB, fleet: result };
      steps.push(measured);
      console.log(`  ${target.name}, ${viewers} viewers: ${stepLine(measured)}`);
      if (!push.alive()) throw new Error(`the push to Arena stopped: ${await push.stderr()}`);
    };

    console.log("\nHLS viewers");
    // Servers in turn at each count, so a busy moment of a shared machine falls on all of them.
    for (const viewers of plan.hlsViewers) for (const target of hlsTargets) await step(target, viewers);

    // Its live ends here: the HTTP-FLV steps share the machine with one Arena live and node-media-server's.
    await beforePush.stop();
    await stopTree(before.pid, 10_000);
    started.delete(before.pid);

    console.log("\nHTTP-FLV viewers");
    const nms = await startNodeMediaServer(mkdirTemp(tempDir, "nms"));
    started.add(nms.pid);
    const nmsPush = startPush(file, nms.ingestUrl, started);
    await waitForUrl(nms.relayUrl);
    await Bun.sleep(LIVE_WARMUP_SECONDS * 1000);
    // Arena again: node-media-server's push now shares the machine.
    await measureBaselines([arena.pid, nms.pid]);
    console.log(`  no viewer: Arena ${baseline.get(arena.pid)!.cpu.toFixed(2)} %, node-media-server ${baseline.get(nms.pid)!.cpu.toFixed(2)} %`);
    const flvTargets: Target[] = [
      { name: "Arena", kind: "flv", url: `${arena.url}${arena.flvPath}`, blocking: false, pids: [arena.pid] },
      { name: "node-media-server", kind: "flv", url: nms.relayUrl, blocking: false, pids: [nms.pid] },
    ];
    for (const viewers of plan.flvViewers) {
      for (const target of flvTargets) {
        await step(target, viewers);
        if (!nmsPush.alive()) throw new Error(`the push to node-media-server stopped: ${await nmsPush.stderr()}`);
      }
    }

    const { othersCores } = others.stop();
    const body = report({
      plan,
      quick: options.quick,
      steps,
      streamRate,
      versions: [
        `Arena: bun server/main.ts at ${headCommit()} (Bun ${Bun.version})`,
        `Arena before: the same at ${BEFORE} (a git archive copy), the last commit before this series' rework of HLS serving`,
        nginxStatic.version,
        nginxCache.version,
        nms.version,
      ],
      loadBefore,
      loadAfter: loadavg(),
      othersCores,
    });
    console.log(`\n${body}`);
    if (options.write !== false) writeSection("Scale: viewers", body);
  } finally {
    clearTimeout(watchdog);
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    await cleanup();
  }
}

function mkdirTemp(parent: string, name: string): string {
  const dir = join(parent, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const ms = (value: number | undefined) => (value === undefined ? "—" : value.toFixed(1));
const mbps = (bytesPerSecond: number) => ((bytesPerSecond * 8) / 1e6).toFixed(0);

function stepLine(s: Step): string {
  const f = s.fleet;
  const seg = f.segmentP50 === undefined ? "" : `, segment p50 ${ms(f.segmentP50)} ms p99 ${ms(f.segmentP99)} ms, playlist p99 ${ms(f.playlistP99)} ms`;
  return `+${s.added.toFixed(2)} % (${s.perViewer.toFixed(3)} % per viewer)${seg}, ${mbps(f.bytesPerSecond)} Mbit/s served, kept up ${f.keptUp}/${f.viewers}, RSS ${s.rssMiB.toFixed(0)} MiB, viewer processes ${f.clientCpu.toFixed(0)} %`;
}

interface ReportInput {
  plan: Plan;
  quick: boolean;
  steps: Step[];
  streamRate: number;
  versions: string[];
  loadBefore: number[];
  loadAfter: number[];
  othersCores: number;
}

function report(input: ReportInput): string {
  const { plan, steps } = input;
  const of = (target: string, viewers: number, kind: "hls" | "flv") => steps.find((s) => s.target === target && s.viewers === viewers && s.kind === kind);
  const hlsNames = ["Arena", `Arena before (${BEFORE})`, "nginx, same files", "nginx proxy_cache → Arena", "Arena, blocking reload"];
  const flvNames = ["Arena", "node-media-server"];
  const keptUp = (f: FleetResult) =>
    `${f.keptUp}/${f.viewers}${f.maxBehind === undefined ? "" : ` (max ${f.maxBehind} behind${f.missed ? `, ${f.missed} missed` : ""})`}${f.slowestShare === undefined ? "" : ` (slowest ${(f.slowestShare * 100).toFixed(0)} %)`}`;
  const hlsRows = plan.hlsViewers.flatMap((viewers) =>
    hlsNames
      .map((name) => of(name, viewers, "hls"))
      .filter((s) => s !== undefined)
      .map(
        (s) =>
          `| ${s.viewers.toLocaleString("en")} | ${s.target} | ${s.added.toFixed(2)} | ${(s.perViewer * 1000).toFixed(1)} | ${ms(s.fleet.segmentP50)} / ${ms(s.fleet.segmentP99)} | ${ms(s.fleet.playlistP99)} | ${mbps(s.fleet.bytesPerSecond)} | ${keptUp(s.fleet)} | ${s.rssMiB.toFixed(0)} | ${s.fleet.clientCpu.toFixed(0)} |`,
      ),
  );
  const flvRows = plan.flvViewers.flatMap((viewers) =>
    flvNames
      .map((name) => of(name, viewers, "flv"))
      .filter((s) => s !== undefined)
      .map(
        (s) =>
          `| ${s.viewers.toLocaleString("en")} | ${s.target} | ${s.added.toFixed(2)} | ${(s.perViewer * 1000).toFixed(1)} | ${mbps(s.fleet.bytesPerSecond)} | ${keptUp(s.fleet)} | ${s.rssMiB.toFixed(0)} | ${s.fleet.clientCpu.toFixed(0)} |`,
      ),
  );
  const perThousand = (name: string, viewers: number[], kind: "hls" | "flv") => viewers.map((v) => Math.max(0, (of(name, v, kind)?.perViewer ?? 0) * 1000));
  // Four lines at most (the chart's colours): the blocking reload's figures are in the table.
  const charted = hlsNames.slice(0, 4);
  // The chart's legend is some 20 characters wide.
  const legend = (name: string) =>
    name
      .replace(/ \(\w+\)$/, "")
      .replace("nginx proxy_cache → Arena", "nginx cache → Arena")
      .replace("nginx, same files", "nginx");
  const hlsCpuChart = growthChart({
    title: "HLS: server CPU per viewer",
    xLabel: "HLS viewers of one live",
    yLabel: "% of one core per 1,000 viewers",
    xs: plan.hlsViewers,
    series: charted.map((name) => ({ name: legend(name), ys: perThousand(name, plan.hlsViewers, "hls") })),
    targets: plan.hlsViewers.map((x) => ({ x, y: 2000 * Math.max(0, of("nginx, same files", x, "hls")?.perViewer ?? 0) })),
  });
  const hlsP99Chart = growthChart({
    title: "HLS: segment request p99",
    xLabel: "HLS viewers of one live",
    yLabel: "p99 ms (request to last byte)",
    xs: plan.hlsViewers,
    series: charted.map((name) => ({ name: legend(name), ys: plan.hlsViewers.map((v) => of(name, v, "hls")?.fleet.segmentP99 ?? 0) })),
    targets: [],
  });
  const flvCpuChart = growthChart({
    title: "HTTP-FLV: server CPU per viewer",
    xLabel: "HTTP-FLV viewers of one live",
    yLabel: "% of one core per 1,000 viewers",
    xs: plan.flvViewers,
    series: flvNames.map((name) => ({ name, ys: perThousand(name, plan.flvViewers, "flv") })),
    targets: plan.flvViewers.map((x) => ({ x, y: 1000 * Math.max(0, of("node-media-server", x, "flv")?.perViewer ?? 0) })),
  });
  writeFileSync(join(DOCS, "scale-viewers-hls-cpu.svg"), hlsCpuChart);
  writeFileSync(join(DOCS, "scale-viewers-hls-p99.svg"), hlsP99Chart);
  writeFileSync(join(DOCS, "scale-viewers-flv-cpu.svg"), flvCpuChart);

  const [hlsMost, flvMost] = [plan.hlsViewers.at(-1)!, plan.flvViewers.at(-1)!];
  const arenaHls = of("Arena", hlsMost, "hls")?.perViewer;
  const nginxHls = of("nginx, same files", hlsMost, "hls")?.perViewer;
  const arenaFlv = of("Arena", flvMost, "flv")?.perViewer;
  const nmsFlv = of("node-media-server", flvMost, "flv")?.perViewer;
  const verdict = (ok: boolean | undefined) => (ok === undefined ? "not measured" : ok ? "**pass**" : "**miss**");
  const per = (value: number | undefined) => (value === undefined ? "—" : `${(value * 1000).toFixed(1)} %`);
  const targets = [
    `| HLS: Arena's serving at most 2× nginx's per viewer (at ${hlsMost.toLocaleString("en")}) | ${per(arenaHls)} vs 2 × ${per(nginxHls)} (before: ${per(of(`Arena before (${BEFORE})`, hlsMost, "hls")?.perViewer)}) | ${verdict(arenaHls !== undefined && nginxHls !== undefined ? arenaHls <= 2 * nginxHls : undefined)} |`,
    `| HTTP-FLV: Arena's relay at most node-media-server's per viewer (at ${flvMost}) | ${per(arenaFlv)} vs ${per(nmsFlv)} | ${verdict(arenaFlv !== undefined && nmsFlv !== undefined ? arenaFlv <= nmsFlv : undefined)} |`,
  ];
  return `Machine: ${machineLine()}; load average ${input.loadBefore.map((l) => l.toFixed(2)).join(" ")} before the run, ${input.loadAfter.map((l) => l.toFixed(2)).join(" ")} after it;
work that was not the bench's used ${input.othersCores.toFixed(2)} cores on average during the run${input.othersCores > 0.15 ? ": other people's jobs shared the machine, figures provisional, to be redone on a quiet one" : ""}.
${input.quick ? "**Quick run** (`--quick`: fewer steps, shorter windows), provisional.\n" : ""}
Method: \`node_modules/.bin/bun bench/scale/viewers.ts${input.quick ? " --quick" : ""}\` (or \`bench/scale/run.ts --part viewers\`). One live: the ${CLIP_SECONDS} s 720p30 clip of bench/live (x264, 1 s GOP, ${((input.streamRate * 8) / 1e6).toFixed(2)} Mbit/s with its audio) pushed in a loop with \`ffmpeg -re -c copy\` to Arena, which remuxes it into 1 s HLS segments and records it.
Servers: ${input.versions.join("; ")}. Everything on 127.0.0.1, started by the bench, stopped by its pid.
HLS viewers are light clients (\`bench/scale/hls-viewer.ts\`): each joins at the live edge, reloads the playlist every target duration (half of one when nothing was new, as hls.js does), fetches each new segment once, in order, to its last byte, and decodes nothing; "blocking reload" asks \`index.m3u8?_HLS_msn=N\` at once instead, as Arena's player (hls.js, low-latency mode) does against Arena.
HTTP-FLV viewers read the relay and drop the bytes. Viewers run in processes of their own (${HLS_PER_PROCESS} HLS or ${FLV_PER_PROCESS} HTTP-FLV viewers each), join over one second, settle ${plan.warmupSeconds} s, then are counted over a ${plan.windowSeconds} s window during which the server's CPU (its process and every descendant, from /proc: for Arena, its ffmpeg remuxer too) is measured; the same server's CPU with no viewer (${plan.baselineSeconds} s, measured first) is taken away and the rest divided by the viewers.
The reference for HLS is a plain nginx \`location\` serving **Arena's own live folder** (the very playlist and segments Arena serves), the fairer comparison than nginx-rtmp's HLS, which would be other files of another packager. "nginx proxy_cache → Arena" is deploy/nginx-config.ts in front of Arena: segments come from its cache (one request each to Arena), playlists from Arena; its CPU is nginx's plus Arena's added CPU. The HTTP-FLV reference is node-media-server standalone with its own push of the same clip.
"Kept up": HLS, the viewer was never more than one segment behind the newest one it had seen listed when a segment finished, and missed none; HTTP-FLV, it got at least 90 % of the stream's rate. "Viewer processes": the clients' own CPU, which shares the machine's 2 cores with the servers.

HLS, one live (CPU in % of one core: added by the viewers, then that per 1,000 viewers; "playlist p99" of the blocking reload is the time the server held the request, about a segment):

| viewers | server | added CPU | per 1,000 viewers | segment p50 / p99 ms | playlist p99 ms | served Mbit/s | kept up | RSS MiB | viewer processes % |
| ---: | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |
${hlsRows.join("\n")}

HTTP-FLV, one live (CPU as above):

| viewers | server | added CPU | per 1,000 viewers | served Mbit/s | kept up | RSS MiB | viewer processes % |
| ---: | --- | ---: | ---: | ---: | --- | ---: | ---: |
${flvRows.join("\n")}

| target (issue 17), CPU per 1,000 viewers | measured | |
| --- | --- | --- |
${targets.join("\n")}

Where an HLS viewer's time goes in Arena, what changed (before → now), what a cache in front changes and what the blocking reload costs at scale: docs/decisions.md, "Viewers of one stream".

![HLS: server CPU per viewer against viewers](scale-viewers-hls-cpu.svg)
![HLS: segment request p99 against viewers](scale-viewers-hls-p99.svg)
![HTTP-FLV: server CPU per viewer against viewers](scale-viewers-flv-cpu.svg)`;
}

if (import.meta.main) {
  await measureViewers({ quick: process.argv.includes("--quick"), write: !process.argv.includes("--no-write") });
  process.exit(0);
}
