// bench/scale, Streams: 1, 5, 10 and 20 lives at once, each a 720p30 2.5 Mbps clip pushed with
// `-re -c copy` (bench/live/clip.ts), into Arena (one streamer account and key per live) and into
// nginx-rtmp (one stream name per live, HLS on), one fresh server per step, the two in turn.
// Per step and server: CPU and RSS of the server's process tree (the main process and its ffmpeg
// jobs, /proc) with nobody watching; then one live watched: HLS segment lateness and HTTP-FLV lag
// (bench/scale/watch.ts). Writes the "Scale: streams" section and docs/scale-streams-cpu.svg.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { growthChart } from "../chart.ts";
import { CLIP_SECONDS, clip } from "../live/clip.ts";
import { foreignLoad, measureTree, treeMemoryKiB, type Usage } from "../live/procfs.ts";
import { machineLine, writeSection } from "../report.ts";
import { pushEveryLive, type ServerKind, startServer } from "./lives.ts";
import { started } from "./processes.ts";
import { type Lateness, watchFlv, watchSegments } from "./watch.ts";

const KINDS: ServerKind[] = ["Arena", "nginx-rtmp"];
/** The live's jobs running, segments listed, the first thumbnail made. */
const WARMUP_SECONDS = 6;
/** A step is past what the machine can do when a segment is listed this late, or a viewer falls this far behind. */
const LATE_MS = 1000;

interface Step {
  kind: ServerKind;
  version: string;
  streams: number;
  usage: Usage;
  /** The tree's memory at the end of the CPU window, MiB (procfs.ts treeMemoryKiB: shared libraries counted once). */
  memoryMiB: number;
  /** Cores busy on the whole machine during the CPU window: ours (server and publishers) and others'. */
  machineCores: number;
  othersCores: number;
  pushesAlive: number;
  segments: Lateness & { segments: number };
  flv?: Lateness & { kbps: number };
}

export async function measureStreams({ quick }: { quick: boolean }): Promise<void> {
  const tempDir = mkdtempSync(join(tmpdir(), "arena-bench-scale-streams-"));
  try {
    await run(quick, tempDir);
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
}

async function run(quick: boolean, tempDir: string): Promise<void> {
  const counts = quick ? [1, 5] : [1, 5, 10, 20];
  const cpuSeconds = quick ? 8 : 20;
  const watchSeconds = quick ? 8 : 15;
  const file = await clip(started);
  const loadBefore = loadavg();
  const steps: Step[] = [];
  for (const streams of counts) {
    for (const kind of KINDS) {
      console.log(`streams: ${kind} with ${streams} live${streams > 1 ? "s" : ""}…`);
      const step = await measureStep(kind, streams, file, tempDir, cpuSeconds, watchSeconds);
      console.log(`  ${describe(step)}`);
      steps.push(step);
    }
  }
  const body = report(steps, { cpuSeconds, watchSeconds, quick, loadBefore });
  console.log(`\n${body}`);
  writeFileSync(join(import.meta.dir, "../../docs/scale-streams-cpu.svg"), chart(steps, counts));
  writeSection("Scale: streams", body);
}

async function measureStep(kind: ServerKind, streams: number, file: string, tempDir: string, cpuSeconds: number, watchSeconds: number): Promise<Step> {
  const server = await startServer(kind, streams, tempDir);
  try {
    const pushes = await pushEveryLive(server, file);
    try {
      await Bun.sleep(WARMUP_SECONDS * 1000);
      const load = foreignLoad();
      const usage = await measureTree(server.pid, cpuSeconds);
      const { othersCores, oursCores } = load.stop();
      const memoryMiB = treeMemoryKiB(server.pid) / 1024;
      const watched = server.lives[0]!;
      const segments = watchSegments(watched.hlsUrl!);
      const flv = watched.flvUrl ? watchFlv(watched.flvUrl) : undefined;
      await Bun.sleep(watchSeconds * 1000);
      return {
        kind,
        version: server.version,
        streams,
        usage,
        memoryMiB,
        machineCores: othersCores + oursCores,
        othersCores,
        pushesAlive: pushes.alive(),
        segments: await segments.stop(),
        ...(flv ? { flv: await flv.stop() } : {}),
      };
    } finally {
      await pushes.stop();
    }
  } finally {
    await server.stop();
  }
}

/** Per stream: the main process, the children that ran through the window (ffmpeg remuxes, nginx's worker), and jobs that started or ended inside it. */
function split(step: Step): { main: number; jobs: number; shortLived: number } {
  const cpuOf = (name: string) => step.usage.parts.find((p) => p.name === name)?.cpu ?? 0;
  const [main, shortLived] = [cpuOf("main process"), cpuOf("short-lived jobs")];
  return { main: main / step.streams, jobs: (step.usage.cpu - main - shortLived) / step.streams, shortLived: shortLived / step.streams };
}

const splitText = (step: Step) => {
  const { main, jobs, shortLived } = split(step);
  const children = step.kind === "Arena" ? "ffmpeg" : "worker";
  return `main ${main.toFixed(2)}, ${children} ${jobs.toFixed(2)}${shortLived >= 0.005 ? `, short-lived jobs ${shortLived.toFixed(2)}` : ""}`;
};

const ms = (value: number) => (Number.isNaN(value) ? "—" : `${value.toFixed(0)} ms`);
const perStream = (step: Step) => step.usage.cpu / step.streams;

/** Why a step is past what the machine can do, or undefined when it kept up. */
function saturation(step: Step): string | undefined {
  const reasons = [
    step.pushesAlive < step.streams ? `${step.streams - step.pushesAlive} publisher(s) dropped` : "",
    step.segments.max > LATE_MS ? `a segment listed ${ms(step.segments.max)} late` : "",
    step.flv && step.flv.max > LATE_MS ? `the HTTP-FLV viewer ${ms(step.flv.max)} behind` : "",
  ].filter(Boolean);
  return reasons.length ? reasons.join(", ") : undefined;
}

function describe(step: Step): string {
  return [
    `${step.usage.cpu.toFixed(1)} % of a core in all, ${perStream(step).toFixed(2)} % per stream (${splitText(step)})`,
    `memory ${step.memoryMiB.toFixed(0)} MiB (RSS summed ${step.usage.rssMeanMiB.toFixed(0)} MiB), ${step.usage.maxProcesses} processes`,
    `segments late p50 ${ms(step.segments.p50)} max ${ms(step.segments.max)} (${step.segments.segments})`,
    step.flv ? `FLV lag p50 ${ms(step.flv.p50)} max ${ms(step.flv.max)} at ${step.flv.kbps.toFixed(0)} kbit/s` : "",
    `machine ${step.machineCores.toFixed(2)} cores busy (others ${step.othersCores.toFixed(2)})`,
    `${step.pushesAlive}/${step.streams} publishers pushing`,
  ]
    .filter(Boolean)
    .join("; ");
}

function report(steps: Step[], run: { cpuSeconds: number; watchSeconds: number; quick: boolean; loadBefore: number[] }): string {
  const at = (kind: ServerKind, streams: number) => steps.find((s) => s.kind === kind && s.streams === streams);
  const counts = [...new Set(steps.map((s) => s.streams))];
  const rows = counts.map((n) => {
    const arena = at("Arena", n);
    const nginx = at("nginx-rtmp", n);
    const late = (step: Step | undefined) => (step ? `${ms(step.segments.p50)} / ${ms(step.segments.max)}` : "—");
    return [
      n,
      arena ? `${perStream(arena).toFixed(2)} % (${splitText(arena)})` : "—",
      nginx ? `${perStream(nginx).toFixed(2)} %` : "—",
      `${arena?.memoryMiB.toFixed(0) ?? "—"} / ${nginx?.memoryMiB.toFixed(0) ?? "—"} MiB`,
      `${late(arena)} · ${late(nginx)}`,
      arena?.flv ? `${ms(arena.flv.p50)} / ${ms(arena.flv.max)}` : "—",
      [arena, nginx].map((s) => (s ? s.machineCores.toFixed(2) : "—")).join(" / "),
      [arena, nginx].map((s) => (s ? (saturation(s) ?? "kept up") : "—")).join(" · "),
    ];
  });
  const table = rows.map((cells) => `| ${cells.join(" | ")} |`).join("\n");
  const saturated = (kind: ServerKind) => {
    const first = steps.find((s) => s.kind === kind && saturation(s));
    return first ? `${kind} first fell behind at ${first.streams} streams (${saturation(first)})` : `${kind} kept up at every step, up to ${Math.max(...counts)} streams`;
  };
  const arenaSteps = steps.filter((s) => s.kind === "Arena");
  const flat = arenaSteps.length > 1 && arenaSteps.every((s, i) => i === 0 || perStream(s) <= perStream(arenaSteps[0]!) * 1.1);
  const versions = KINDS.map((kind) => `${kind}: ${steps.find((s) => s.kind === kind)?.version ?? "not run"}`).join("; ");
  return `Machine: ${machineLine()}; load average ${run.loadBefore.map((l) => l.toFixed(2)).join(" ")} before the part. Provisional figures: ${run.quick ? "a --quick run (fewer steps, shorter windows), " : ""}measured on a shared machine (the "machine" column says how busy it was).

Method: \`./scripts/bench-scale --part streams\` (\`bun bench/scale/run.ts --part streams\`). Servers: ${versions}; a fresh server per step, on free loopback ports, stopped by its pid; Arena and nginx-rtmp in turn at each step.
Each live is a ${CLIP_SECONDS} s clip (1280x720, 30 fps, moving noise, x264 1 s GOP, 2.5 Mbps, AAC 128k) encoded once and pushed in a loop by its own \`ffmpeg -re -stream_loop -1 -c copy\` over RTMP
(one streamer account and stream key per live in Arena, one stream name per live in nginx-rtmp, which writes 1 s HLS fragments). After every live is served (in Arena, with its first thumbnail and
animated preview made: a one-off decode per live) and ${WARMUP_SECONDS} s of warm-up:
CPU (utime+stime of the server's process and every descendant, from /proc, ffmpeg jobs that ended inside the window included) over ${run.cpuSeconds} s with nobody watching, per stream = total ÷ streams,
and the tree's memory at the end of that window (RSS of the server's process, plus its children's anonymous RSS, plus their shared libraries once, as in "Scale: memory");
then one live is watched for ${run.watchSeconds} s, without decoding:
**segment lateness**: the playlist is read every 25 ms, and each new segment should be listed one EXTINF after the one before it (the publisher sends in real time);
lateness is how much later than that cadence it is listed, against the best-placed segment of the window (0 when the server keeps pace; it grows when the server or the publishers fall behind);
**HTTP-FLV lag** (Arena only: nginx-rtmp has no HTTP-FLV): the FLV tags are parsed as they arrive, and each video tag's arrival minus its timestamp, against the best tag of the window,
is how far behind real time the viewer is (the first 3 s, the cached group of pictures sent at once, left out). Both show delay added under load, not the end-to-end latency (the "Live latency and CPU" section has that).
A step "falls behind" when a publisher drops, a segment is listed over ${LATE_MS} ms late or the viewer falls over ${LATE_MS} ms behind; the machine column is every core busy during the CPU window
(the bench's own processes, publishers included, and other people's work on a shared machine), out of ${cpus().length}.

| streams | Arena CPU per stream, % of a core | nginx-rtmp CPU per stream | memory, Arena / nginx | segment lateness p50 / max, Arena · nginx | HTTP-FLV lag p50 / max (Arena) | machine cores busy, Arena / nginx step | kept up? Arena · nginx |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${table}

![CPU per stream against the number of streams](scale-streams-cpu.svg)

Where the machine saturates: ${saturated("Arena")}; ${saturated("nginx-rtmp")}. ${capacity(steps, counts)}
Arena's cost per stream ${flat ? "stays flat or falls as streams are added (within 10 % of the one-stream figure)" : "does not stay flat as streams are added: see the split between the main process and the ffmpeg jobs"}.`;
}

/** From the largest step's cost per stream: how many lives would take every core (publishers and everything else aside). */
function capacity(steps: Step[], counts: number[]): string {
  const largest = Math.max(...counts);
  const fill = (kind: ServerKind) => {
    const step = steps.find((s) => s.kind === kind && s.streams === largest);
    return step ? `${kind} at about ${Math.floor((cpus().length * 100) / perStream(step))}` : `${kind} not measured`;
  };
  return `At the cost per stream of the ${largest}-stream step, the ${cpus().length} cores would be full with ${KINDS.map(fill).join(", ")} lives (the server alone, no viewer).`;
}

function chart(steps: Step[], counts: number[]): string {
  const series = KINDS.map((kind) => ({ name: kind, ys: counts.map((n) => perStream(steps.find((s) => s.kind === kind && s.streams === n)!)) }));
  const oneStream = series[0]!.ys[0]!;
  return growthChart({
    title: "CPU per stream",
    xLabel: "simultaneous 720p30 lives",
    yLabel: "% of one core per stream",
    xs: counts,
    series,
    // Flat: no step above Arena's one-stream figure.
    targets: counts.map((x) => ({ x, y: oneStream })),
  });
}
