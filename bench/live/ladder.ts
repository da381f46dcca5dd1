// bench/live/ladder.ts: what the optional quality ladder (LIVE_LADDER, issue 17 item 5) costs. Arena
// runs with the ladder off, then with 1, 2 and 3 renditions under a 720p30 source, one server each.
//
// Per configuration: start Arena, wait for its own start-up measure of the ladder (GET /api/health,
// so that measure is not inside ours), push the cached clip (clip.ts: 720p30 2.5 Mbps, `-re -c copy`,
// no encoder beside the server), warm up, then CPU of the server's process and every descendant
// (procfs.ts) over a window. Then the latency: a publisher that knows when it handed each keyframe to
// its encoder (publisher.ts) pushes, and every playlist (index.m3u8 without a ladder; the source's and
// each rendition's with one) is read every 25 ms: the lateness of each segment's listing after the
// keyframe that closed it (segments.ts), per playlist.
// Run: ./scripts/bench-live --ladder [--quick], or node_modules/.bin/bun bench/live/ladder.ts [--quick] [--no-write].
// Writes the "Live quality ladder" section of docs/benchmarks.md (not with --no-write).
import { mkdirSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { lastSegment } from "../../server/live/playlist-wait.ts";
import { machineLine, writeSection } from "../report.ts";
import { startArena } from "./arena.ts";
import { guardBenchRun } from "./guard.ts";
import { CLIP_SECONDS, clip, startPush, waitForUrl } from "./clip.ts";
import { foreignLoad, measureTree, stopTree } from "./procfs.ts";
import { startPublisher } from "./publisher.ts";
import { trackSegments } from "./segments.ts";

const quick = process.argv.includes("--quick");
const write = !process.argv.includes("--no-write");
const CPU_SECONDS = Number(process.env.BENCH_CPU_SECONDS ?? (quick ? 8 : 20));
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? (quick ? 8 : 20));
const WARMUP_SECONDS = 6;
/** The live ends (its reconnect grace is 4 s), so the latency pass starts a fresh one. */
const BETWEEN_SECONDS = 6;
const RUN_LIMIT_MS = 15 * 60_000;

interface Setting {
  label: string;
  ladder: string;
  encoded: number;
}
const SETTINGS: Setting[] = [
  { label: "off (the default): source remuxed", ladder: "off", encoded: 0 },
  { label: "480p", ladder: "480p", encoded: 1 },
  { label: "480p, 360p", ladder: "480p,360p", encoded: 2 },
  { label: "480p, 360p, 240p", ladder: "480p,360p,240p", encoded: 3 },
];

interface Lateness {
  playlist: string;
  p50: number;
  p90: number;
  count: number;
  /** A rendition's segment listed this much later than the same segment in the source's playlist, same run (p50). */
  behindSource?: number;
}
interface Result {
  setting: Setting;
  cpu: number;
  /** Segments the source's playlist gained during the CPU window over the window's seconds (1 s segments): below 1, the job fell behind real time. */
  keptUp: number;
  rssMiB: number;
  /** What the server measured at its start (a synthetic 1080p30 source): GET /api/health's ladder. */
  own?: { encoder: string; cpuPerLive: number; capacity: number };
  lateness: Lateness[];
}

const { tempDir, started, finish } = guardBenchRun("ladder", RUN_LIMIT_MS);

async function ownMeasure(url: string): Promise<Result["own"]> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const health = (await (await fetch(`${url}/api/health`)).json()) as { ladder: { encoder: string; cpuPerLive: number | null; capacity: number | null } | null };
    if (!health.ladder) return undefined;
    if (health.ladder.cpuPerLive !== null && health.ladder.capacity !== null) return { encoder: health.ladder.encoder, cpuPerLive: health.ladder.cpuPerLive, capacity: health.ladder.capacity };
    await Bun.sleep(500);
  }
  throw new Error("the server never measured its ladder");
}

/** The playlists a player may read: the master playlist's variants, or index.m3u8 itself. */
async function playlistsOf(indexUrl: string): Promise<string[]> {
  const text = await (await fetch(indexUrl)).text();
  if (!text.includes("#EXT-X-STREAM-INF:")) return [indexUrl];
  return text
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((uri) => new URL(uri, indexUrl).href);
}

/** When each segment number first appeared in each playlist (all read together every 25 ms). */
function trackListings(urls: string[]) {
  const seen = urls.map(() => new Map<number, number>());
  let stopped = false;
  const polling = (async () => {
    while (!stopped) {
      const newest = await Promise.all(
        urls.map((url) =>
          fetch(url)
            .then((r) => (r.ok ? r.text() : ""))
            .catch(() => ""),
        ),
      );
      const at = performance.now();
      newest.forEach((text, i) => {
        const n = lastSegment(text);
        if (n !== undefined && !seen[i]!.has(n)) seen[i]!.set(n, at);
      });
      await Bun.sleep(25);
    }
  })();
  return {
    /** Per playlist after the first, the median of (its listing − the first playlist's listing) over the segments both listed while watched. */
    async stop(): Promise<number[]> {
      stopped = true;
      await polling;
      const [source, ...others] = seen;
      // The first listing seen in each playlist may predate the watch: left out.
      const watched = (map: Map<number, number>) => [...map.keys()].slice(1);
      return others.map((other) => {
        const gaps = watched(other)
          .filter((n) => watched(source!).includes(n))
          .map((n) => other.get(n)! - source!.get(n)!)
          .sort((a, b) => a - b);
        return percentile(gaps, 0.5);
      });
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN;

async function measure(file: string, setting: Setting): Promise<Result> {
  const dir = join(tempDir, setting.ladder.replace(/\W+/g, "-"));
  mkdirSync(dir, { recursive: true });
  const arena = await startArena(dir, undefined, { env: { LIVE_LADDER: setting.ladder } });
  started.add(arena.pid);
  try {
    const own = await ownMeasure(arena.url);
    const index = `${arena.url}${arena.hlsPath}`;
    const push = startPush(file, arena.ingestUrl, started);
    let cpu: Awaited<ReturnType<typeof measureTree>>;
    let keptUp: number;
    try {
      await arena.waitLive();
      await waitForUrl(index, 30_000);
      await Bun.sleep(WARMUP_SECONDS * 1000);
      if (!push.alive()) throw new Error(`the push stopped: ${await push.stderr()}`);
      const source = (await playlistsOf(index))[0]!;
      const newest = async () => lastSegment(await (await fetch(source)).text()) ?? 0;
      const first = await newest();
      cpu = await measureTree(arena.pid, CPU_SECONDS);
      keptUp = ((await newest()) - first) / cpu.seconds;
      console.log(`  ${setting.label}: ${cpu.cpu.toFixed(1)} % of one core, ${(keptUp * 100).toFixed(0)} % of real time`);
    } finally {
      await push.stop();
    }
    await Bun.sleep(BETWEEN_SECONDS * 1000);

    const publisher = await startPublisher(arena.ingestUrl, tempDir, `pub${setting.encoded}`, 1);
    started.add(publisher.pid);
    const lateness: Lateness[] = [];
    try {
      await arena.waitLive();
      await waitForUrl(index, 30_000);
      const playlists = await playlistsOf(index);
      const trackers = playlists.map((url) => ({ url, tracker: trackSegments(url, publisher.keyframes) }));
      const listings = trackListings(playlists);
      await Bun.sleep(LATENCY_SECONDS * 1000);
      const behind = await listings.stop();
      for (const [i, { url, tracker }] of trackers.entries()) {
        const delays = await tracker.stop();
        lateness.push({ playlist: url.split("/").at(-1)!, p50: percentile(delays, 0.5), p90: percentile(delays, 0.9), count: delays.length, ...(i > 0 ? { behindSource: behind[i - 1] } : {}) });
      }
    } finally {
      await publisher.stop();
      started.delete(publisher.pid);
    }
    for (const l of lateness) console.log(`    ${l.playlist}: listed ${l.p50.toFixed(0)} ms (p50), ${l.p90.toFixed(0)} ms (p90) after its closing keyframe, ${l.count} segments`);
    return { setting, cpu: cpu.cpu, keptUp, rssMiB: cpu.rssMeanMiB, own, lateness };
  } finally {
    await stopTree(arena.pid, 10_000);
    started.delete(arena.pid);
  }
}

const loadBefore = loadavg();
const others = foreignLoad();
const results: Result[] = [];
try {
  const file = await clip(started);
  for (const setting of SETTINGS) results.push(await measure(file, setting));
} finally {
  await finish();
}
const loadAfter = loadavg();
const { othersCores } = others.stop();

// ---- report ----
const cores = availableParallelism();
const off = results.find((r) => r.setting.encoded === 0)!;
const remuxP50 = off.lateness[0]?.p50 ?? Number.NaN;
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : "—");
const cpuRows = results.map((r) => {
  const added = r.cpu - off.cpu;
  const perRendition = r.setting.encoded ? `${(added / r.setting.encoded).toFixed(1)} %` : "—";
  const capacity = r.setting.encoded ? String(Math.floor((cores * 100) / r.cpu)) : "—";
  const own = r.own ? `${(r.own.cpuPerLive * 100).toFixed(0)} % → ${r.own.capacity} (${r.own.encoder})` : "—";
  return `| ${r.setting.label} | ${r.setting.encoded} | ${r.cpu.toFixed(1)} % | ${(r.keptUp * 100).toFixed(0)} %${r.keptUp < 0.9 ? " (fell behind)" : ""} | ${r.setting.encoded ? `+${added.toFixed(1)} %` : "—"} | ${perRendition} | ${capacity} | ${own} | ${r.rssMiB.toFixed(0)} MiB |`;
});
const latencyRows = results.flatMap((r) =>
  r.lateness.map(
    (l) =>
      `| ${r.setting.label} | ${l.playlist} | ${ms(l.p50)} | ${ms(l.p90)} | ${r.setting.encoded ? `${l.p50 - remuxP50 >= 0 ? "+" : ""}${ms(l.p50 - remuxP50)}` : "—"} | ${l.behindSource === undefined ? "—" : `+${ms(l.behindSource)}`} | ${l.count} |`,
  ),
);
const full = results.find((r) => r.setting.encoded === 3);
const body = `Machine: ${machineLine()}; load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")} before the run, ${loadAfter.map((l) => l.toFixed(2)).join(" ")} after it;
work that was not the bench's used ${othersCores.toFixed(2)} cores on average during the run${othersCores > 0.15 ? ": other people's jobs shared the machine, to be redone on a quiet one" : ""}.${quick ? " **Quick run (--quick): short windows, indicative only.**" : ""}

Method: \`./scripts/bench-live --ladder\` (\`bun bench/live/ladder.ts\`). One Arena per setting of \`LIVE_LADDER\`, started by the bench on free loopback ports, stopped by its pid.
The push is the cached ${CLIP_SECONDS} s clip (1280x720, 30 fps, moving noise, x264 veryfast, 1 s GOP, 2.5 Mbps, AAC 128k) sent by \`ffmpeg -re -stream_loop -1 -c copy\`: no encoder shares the cores.
With a 720p source a ladder never makes a 720p rendition (it never upscales nor re-encodes the source's own height), so the settings are 480p, 360p and 240p: source + 1, 2 and 3 renditions.
CPU: utime+stime of the server's process and every descendant (/proc) over ${CPU_SECONDS} s after ${WARMUP_SECONDS} s of warm-up, in % of one core; the server's own start-up measure (GET /api/health \`ladder\`) is over before.
"Kept up": segments the source's playlist gained in the window over its seconds (1 s segments); under 90 % the job ran slower than real time (a busy machine), and its CPU figure is low.
"Per rendition" = (CPU with the ladder − CPU without) / renditions encoded; the decode of the source is shared by all renditions and counted in it.
"Lives at once" = ${cores} cores × 100 / the whole server's CPU with that ladder, rounded down (720p30 sources, nothing else running).
"Server's own figure" is what Arena measured at its start and shows in \`GET /api/health\` (\`ladder.cpuPerLive\`, \`ladder.capacity\`): a synthetic 1080p30 source, so the settings' renditions below 1080p, all encoded.
Latency: a publisher that notes when it hands each keyframe to its encoder (x264 veryfast zerolatency, 1 s GOP) pushes for ${LATENCY_SECONDS} s; each playlist is read every 25 ms and each new segment's
listing is timed from the keyframe that closed it (encoder, RTMP, server and muxer included). "Added" compares with the same measure without a ladder (index.m3u8: ${ms(remuxP50)}),
another run and another moment, so a busy machine's noise is in it; "behind the source's playlist" compares each rendition's listing of a segment with the source's listing of the same
segment in the same run: the time its decode, scale and encode add.

| LIVE_LADDER | renditions encoded | CPU (server + ffmpeg) | kept up | added by the ladder | per rendition | lives at once, this machine (720p30) | server's own figure: per live → lives at once (1080p30) | RSS |
|---|---|---|---|---|---|---|---|---|
${cpuRows.join("\n")}

| LIVE_LADDER | playlist | segment listed after its keyframe, p50 | p90 | added vs no ladder (p50, across runs) | behind the source's playlist (p50, same run) | segments |
|---|---|---|---|---|---|---|
${latencyRows.join("\n")}

Beside Owncast's documented defaults: Owncast transcodes every live by default, one variant at 1,200 kb/s and 24 fps, x264 at CPU usage level 2, which its
transcoder maps to the "veryfast" preset with \`-tune zerolatency\` and no scene-cut keyframes, audio passed through (owncast/owncast \`config/defaults.go\`,
\`core/transcoder/codecs.go\` \`GetPresetForLevel\`); "video passthrough" (the source copied, no encode) is an option its documentation advises against
(owncast.github.io \`content/docs/video.md\`: it "may make your stream unplayable or unreliable"), which also warns that "each stream output variant adds significant CPU usage".
Arena does the opposite by default: the source copied, no encode, no CPU spent per live; the ladder adds renditions beside the source only when an operator
turns it on${full ? `, at ${(full.cpu - off.cpu).toFixed(0)} % of a core for three renditions of a 720p30 source here` : ""}, with the same encoder settings as Owncast's
default (x264 veryfast zerolatency, keyframes only where the source has them).
These figures are provisional until the integrator's run on a quiet machine.`;
console.log(`\n${body}`);
if (write) writeSection("Live quality ladder", body);
