// bench/live: how far behind the streamer a viewer is, and what one 720p30 2.5 Mbps stream costs
// the server, for Arena and for two references started by this script: nginx with Debian's RTMP
// module (1 s HLS fragments) and node-media-server standalone.
//
// For each server in turn: start it on free loopback ports; publish a generated stream whose marks
// (white flashes carrying their number) have exact push times; measure the server's CPU and memory
// (its process and every process it starts, from /proc) for 30 s with no viewer; then read the
// stream for 20 s with ffmpeg (the low-latency relay and HLS together), then 20 s in chromium (Arena's
// player and minimal pages, the relay's then HLS's), and take each mark's arrival minus its push. A
// second, shorter pass plays HLS in chromium with OBS's 2 s GOP. Traffic stays on 127.0.0.1; the run is bounded in time
// (a watchdog), and every process started is stopped by its pid, also on SIGINT/SIGTERM.
// Then its WebRTC part (webrtc.ts): the same marks pushed over WHIP from chromium, viewed over HTTP-FLV and WHEP.
// Run: ./scripts/bench-live (installs nginx and its RTMP module), or node_modules/.bin/bun bench/live/run.ts;
// `--only webrtc` runs the WebRTC part alone (it rewrites only its own part of the section), `--skip webrtc` all but it.
// Writes the "Live latency and CPU" section of docs/benchmarks.md (not with --no-write).
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { machineLine, readSubsection, writeSection, writeSubsection } from "../report.ts";
import { type ArenaUnderTest, startArena } from "./arena.ts";
import { type CodecSupport, codecSupport, findPlayerScripts, hasPlayingVideo, launchBrowser, playerSettings, startChromiumReader } from "./chromium-reader.ts";
import { type Reader, startFfmpegReader } from "./ffmpeg-reader.ts";
import { fmt, type LatencyResult, pooledLatencies, quantile, SYNC_SECONDS } from "./latency.ts";
import { FLASH_FRAMES, FPS, MARK_EVERY, type MarkDetector } from "./marks.ts";
import { now } from "./clock.ts";
import { foreignLoad, measureTree, stopTree, type Usage } from "./procfs.ts";
import { type Mark, type Publisher, startPublisher } from "./publisher.ts";
import { type Reference, startNginx, startNodeMediaServer } from "./references.ts";
import { trackSegments } from "./segments.ts";
import { closeWebrtcBrowsers, type IngestRun, measureWebrtc, WEBRTC_HEADING, webrtcSection } from "./webrtc.ts";

/** One whole cycle of Arena's periodic jobs (a thumbnail every 5 s, a preview GIF every 30 s). */
const CPU_SECONDS = Number(process.env.BENCH_CPU_SECONDS ?? 30);
/** Each of the two viewing phases (ffmpeg readers, then chromium). */
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 20);
const IDLE_SECONDS = 3;
const IDLE_SETTLE_SECONDS = 2;
/** Time the stream runs before measuring: the server's jobs start, HLS has segments. */
const WARMUP_SECONDS = 4;
/** ffmpeg HLS viewers per server, started a third of a segment apart (see the viewer phase). */
const HLS_READERS = 3;
/** A chromium viewer watches at least this long once playing. */
const MIN_VIEW_SECONDS = 17;
/** The whole run is bounded: past this everything is stopped and the bench fails. */
const RUN_LIMIT_MS = (process.argv.includes("--only") ? 7 : 16) * 60_000;
/** The second pass: what a streamer with OBS's recommended keyframe interval gets on HLS (segments cannot be shorter than it without re-encoding). */
const OBS_GOP_SECONDS = 2;
/** Its chromium viewers watch longer: at 3 segments behind, a mark is on screen some 6 s after its push. */
const OBS_VIEW_SECONDS = 28;
/** Only the 2 s GOP pass (for trying remux settings); writes nothing. */
const obsOnly = process.argv.includes("--obs-gop-only");
const write = !process.argv.includes("--no-write") && !obsOnly;
/** `--only webrtc`: only the WHIP/WHEP part (webrtc.ts), which then rewrites only its own part of the section; `--skip webrtc`: all but it, its part kept. */
const partArg = (flag: string) => {
  const at = process.argv.indexOf(flag);
  return at === -1 ? undefined : process.argv[at + 1];
};
const webrtcOnly = partArg("--only") === "webrtc";
const runWebrtc = !obsOnly && partArg("--skip") !== "webrtc";

interface ServerResult {
  server: string;
  version: string;
  /** Before the publish. */
  idle: Usage;
  usage: Usage;
  /** Files rewritten by the server's periodic jobs during the CPU window (Arena: thumbnail, preview GIF). */
  jobs: Record<string, number> | undefined;
  publisherLate: number;
  framesWritten: number;
  /** HLS: ms from the push of the keyframe that closes a segment to the playlist listing it. */
  segmentDelays?: number[];
  /** Cores used by other people's work while this server was measured. */
  othersCores: number;
}

const started = new Set<number>();
let browser: Browser | undefined;
const tempDir = mkdtempSync(join(tmpdir(), "arena-bench-live-"));

async function cleanup() {
  await browser?.close().catch(() => undefined);
  await closeWebrtcBrowsers();
  browser = undefined;
  for (const pid of started) await stopTree(pid, 3000).catch(() => undefined);
  started.clear();
  rmSync(tempDir, { recursive: true, force: true });
}

const watchdog = setTimeout(async () => {
  console.error(`bench/live: over ${RUN_LIMIT_MS / 1000} s, stopping everything`);
  await cleanup();
  process.exit(1);
}, RUN_LIMIT_MS);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    console.error(`bench/live: ${signal}, stopping everything it started`);
    await cleanup();
    process.exit(130);
  });
}

/** Arrival minus push for each mark pushed while the reader was in sync and early enough to have arrived. */
function latencies(where: { server: string; path: string; reader: string }, marks: Mark[], detector: MarkDetector, stoppedAt: number, note?: string, gopSeconds = 1): LatencyResult {
  return pooledLatencies(where, marks, [detector], stoppedAt, note, gopSeconds);
}

interface ChromiumViewer {
  path: string;
  kind: "flv" | "hls";
  /** The table's viewer column: which page played it. */
  viewer: string;
  origin: string;
  mediaPath: string;
  arenaPage?: string;
  sound?: boolean;
}

interface Target {
  name: string;
  version: string;
  pid: number;
  ingestUrl: string;
  waitLive: () => Promise<void>;
  jobs?: Record<string, string>;
  hlsPlaylist?: string;
  ffmpeg: { path: string; url: string; kind: "flv" | "rtmp" | "hls" }[];
  chromium: ChromiumViewer[];
}

/** The pass: the full one (CPU, ffmpeg and chromium viewers, 1 s GOP), or HLS in chromium only with OBS's 2 s GOP. */
interface Pass {
  gopSeconds: number;
  hlsOnly: boolean;
}

const ARENA_PLAYER = "chromium, Arena's player";
const MINIMAL_PAGE = "chromium, minimal page";
const MINIMAL_PAGE_SOUND = "chromium, minimal page, sound on";

async function waitForUrl(url: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(url).catch(() => undefined);
    if (res?.ok) {
      await res.body?.cancel();
      return;
    }
    await Bun.sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function measureServer(target: Target, chromiumOk: boolean, scripts: ReturnType<typeof findPlayerScripts>, pass: Pass): Promise<{ server: ServerResult; latency: LatencyResult[] }> {
  console.log(`\n[${target.name}] ${pass.hlsOnly ? `HLS with a ${pass.gopSeconds} s GOP` : `idle for ${IDLE_SECONDS} s`}, then publishing…`);
  const others = foreignLoad();
  // Past its start-up (a fresh Bun process compiles for a second or two) before the idle figure.
  await Bun.sleep(IDLE_SETTLE_SECONDS * 1000);
  const idle = await measureTree(target.pid, pass.hlsOnly ? 0.5 : IDLE_SECONDS);
  const publisher: Publisher = await startPublisher(target.ingestUrl, tempDir, `${target.name.replace(/\W/g, "")}${pass.gopSeconds}`, pass.gopSeconds);
  started.add(publisher.pid);
  try {
    await target.waitLive();
    // Arena's own player is read when its stream page has one; the check runs during the warm-up, before the CPU window.
    const arenaPage = target.chromium.find((c) => c.arenaPage)?.arenaPage;
    // hls.js starts 3 segments behind: the playlist needs that many first.
    const warmup = WARMUP_SECONDS * pass.gopSeconds;
    const [arenaPlayer] = await Promise.all([chromiumOk && browser && arenaPage ? hasPlayingVideo(browser, arenaPage) : Promise.resolve(false), Bun.sleep(warmup * 1000)]);
    if (arenaPage && chromiumOk) console.log(`[${target.name}] stream page ${arenaPlayer ? "has a playing <video>: reading Arena's player" : "has no playing <video> yet: reading the fallback page"}`);
    const alive = () => publisher.marks.length > 0 && publisher.exitCode() === null;
    if (!alive()) throw new Error(`the publisher stopped: ${publisher.stderr()}`);

    if (!pass.hlsOnly) console.log(`[${target.name}] CPU and memory for ${CPU_SECONDS} s, no viewer…`);
    const jobs = target.jobs ? countJobs(target.jobs) : undefined;
    const usage = await measureTree(target.pid, pass.hlsOnly ? 0.5 : CPU_SECONDS);
    const jobCounts = jobs?.stop();
    console.log(`[${target.name}] ${usage.cpu.toFixed(2)} % of one core (idle ${idle.cpu.toFixed(2)} %), RSS ${usage.rssMeanMiB.toFixed(0)} MiB`);

    const latency: LatencyResult[] = [];
    // Phase 1: ffmpeg readers (the relay and HLS together).
    const ffmpegTargets = pass.hlsOnly ? [] : target.ffmpeg;
    if (ffmpegTargets.length) console.log(`[${target.name}] ffmpeg viewers for ${LATENCY_SECONDS} s…`);
    // An HLS reader's latency depends on where its playlist reloads fall in the segment cycle: three
    // readers started a third of a segment apart, their marks pooled, take that per-run offset out.
    const segments = target.hlsPlaylist ? trackSegments(target.hlsPlaylist, publisher.keyframes) : undefined;
    const segmentsUntil = Date.now() + (pass.hlsOnly ? OBS_VIEW_SECONDS : LATENCY_SECONDS) * 1000;
    const ffmpegReaders: { path: string; reader: Reader }[] = [];
    for (let copy = 0; copy < HLS_READERS; copy++) {
      for (const r of ffmpegTargets.filter((r) => copy === 0 || r.kind === "hls")) {
        const reader = startFfmpegReader(`${target.name} ${r.path}${copy ? ` #${copy + 1}` : ""}`, r.url, r.kind);
        started.add(reader.pid);
        ffmpegReaders.push({ path: r.path, reader });
      }
      if (copy < HLS_READERS - 1) await Bun.sleep(1000 / HLS_READERS);
    }
    if (ffmpegTargets.length) await Bun.sleep(LATENCY_SECONDS * 1000);
    else await Bun.sleep(Math.max(0, segmentsUntil - Date.now()));
    let stoppedAt = now();
    const segmentDelays = await segments?.stop();
    await Promise.all(ffmpegReaders.map((r) => r.reader.stop()));
    for (const r of ffmpegReaders) started.delete(r.reader.pid);
    for (const path of new Set(ffmpegReaders.map((r) => r.path))) {
      const readers = ffmpegReaders.filter((r) => r.path === path).map((r) => r.reader);
      const err = readers.every((r) => r.detector.firstFrameAt === undefined) ? readers[0]!.stderr().trim().split("\n").at(-1) : undefined;
      latency.push(
        pooledLatencies(
          { server: target.name, path, reader: "ffmpeg" },
          publisher.marks,
          readers.map((r) => r.detector),
          stoppedAt,
          err,
          pass.gopSeconds,
        ),
      );
    }

    // Phase 2: chromium pages, the relay's then HLS's (a handful of 720p decoders at once at most, beside the encoder).
    const viewSeconds = pass.hlsOnly ? OBS_VIEW_SECONDS : LATENCY_SECONDS;
    for (const kind of ["flv", "hls"] as const) {
      const pages = target.chromium.filter((c) => c.kind === kind && (kind === "hls" || !pass.hlsOnly));
      if (!chromiumOk || !browser || pages.length === 0) continue;
      console.log(`[${target.name}] ${pages.length} chromium viewer(s) of ${kind === "flv" ? "HTTP-FLV" : "HLS"} for ${viewSeconds} s…`);
      const phaseStart = Date.now();
      const readers = await Promise.all(
        pages.map((c) =>
          startChromiumReader(browser!, {
            label: `${target.name} ${c.path} ${c.viewer}`,
            kind: c.kind,
            origin: c.origin,
            mediaPath: c.mediaPath,
            arenaPage: arenaPlayer ? c.arenaPage : undefined,
            sound: c.sound ?? false,
            scripts,
            settings,
          })
            .then((reader) => ({ page: c, reader, error: undefined }))
            .catch((error: Error) => ({ page: c, reader: undefined, error: error.message.split("\n")[0] })),
        ),
      );
      // A page that was slow to start playing still gets enough time for ten marks or more.
      await Bun.sleep(Math.max(viewSeconds * 1000 - (Date.now() - phaseStart), (viewSeconds - LATENCY_SECONDS + MIN_VIEW_SECONDS) * 1000));
      stoppedAt = now();
      await Promise.all(readers.map((r) => r.reader?.stop()));
      for (const { page, reader, error } of readers) {
        const where = { server: target.name, path: page.path, reader: page.viewer };
        if (reader) latency.push(latencies(where, publisher.marks, reader.detector, stoppedAt, reader.player, pass.gopSeconds));
        else latency.push({ ...where, marks: 0, lost: 0, note: error });
      }
    }
    for (const l of latency)
      console.log(
        `  ${l.path} (${l.reader}): median ${fmt(l.median)} p90 ${fmt(l.p90)} over ${l.marks} marks, ${l.lost} lost, ${l.fps?.toFixed(0) ?? "—"} frames/s${l.note && l.reader === "ffmpeg" ? ` — ${l.note}` : ""}`,
      );
    if (!alive()) throw new Error(`the publisher stopped during the run: ${publisher.stderr()}`);
    return {
      server: {
        server: target.name,
        version: target.version,
        idle,
        usage,
        jobs: jobCounts,
        publisherLate: publisher.late(),
        framesWritten: publisher.frames(),
        ...(segmentDelays ? { segmentDelays } : {}),
        othersCores: others.stop().othersCores,
      },
      latency,
    };
  } finally {
    await publisher.stop();
    started.delete(publisher.pid);
  }
}

/** Counts how often each watched file is rewritten (polled every 250 ms): thumbnails and previews made in the window. */
function countJobs(files: Record<string, string>) {
  const last = new Map<string, number>();
  const counts: Record<string, number> = Object.fromEntries(Object.keys(files).map((k) => [k, 0]));
  const mtime = (path: string) => {
    try {
      return statSync(path).mtimeMs;
    } catch {
      return 0;
    }
  };
  for (const [name, path] of Object.entries(files)) last.set(name, mtime(path));
  const timer = setInterval(() => {
    for (const [name, path] of Object.entries(files)) {
      const m = mtime(path);
      if (m !== last.get(name)) {
        last.set(name, m);
        counts[name]!++;
      }
    }
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      return counts;
    },
  };
}

const loadBefore = loadavg();
const othersOverall = foreignLoad();
const results: { server: ServerResult; latency: LatencyResult[] }[] = [];
/** The HLS pass with OBS's keyframe interval. */
const obsGop: { server: ServerResult; latency: LatencyResult[] }[] = [];
let support: CodecSupport | undefined;
let webrtcRuns: IngestRun[] = [];
let webrtcLoadBefore = loadavg();
let webrtcOthers: ReturnType<typeof foreignLoad> | undefined;
let chromiumNote = "";
const scripts = findPlayerScripts();
const settings = await playerSettings();
try {
  try {
    browser = await launchBrowser();
    support = await codecSupport(browser);
    console.log(`chromium ${support.version}: MSE avc1.64001F ${support.avcHigh}, AAC ${support.aac}, requestVideoFrameCallback ${support.requestVideoFrameCallback}`);
    if (!support.avcHigh || !support.requestVideoFrameCallback) chromiumNote = "chromium cannot decode H.264 through MSE or has no requestVideoFrameCallback: no chromium figures";
  } catch (error) {
    chromiumNote = `chromium did not start: ${(error as Error).message.split("\n")[0]}`;
  }
  const chromiumOk = !chromiumNote;

  // Arena first, then the references; each alone on the machine while it is measured.
  const arenaTarget = async (): Promise<Target> => {
    const arena: ArenaUnderTest = await startArena(tempDir);
    started.add(arena.pid);
    return {
      name: "Arena",
      version: "bun server/main.ts",
      pid: arena.pid,
      ingestUrl: arena.ingestUrl,
      waitLive: async () => {
        await arena.waitLive();
        await waitForUrl(`${arena.url}${arena.hlsPath}`);
      },
      jobs: arena.jobFiles,
      hlsPlaylist: `${arena.url}${arena.hlsPath}`,
      ffmpeg: [
        { path: "HTTP-FLV", url: `${arena.url}${arena.flvPath}`, kind: "flv" },
        { path: "HLS", url: `${arena.url}${arena.hlsPath}`, kind: "hls" },
      ],
      // Arena's player, and minimal pages on Arena's own addresses: the difference between the two is the player's, the
      // difference between a minimal page here and on node-media-server is the relay's (through the main port).
      chromium: [
        { path: "HTTP-FLV", kind: "flv", viewer: ARENA_PLAYER, origin: arena.url, mediaPath: arena.flvPath, arenaPage: `${arena.url}/stream/${arena.username}` },
        { path: "HTTP-FLV", kind: "flv", viewer: `${MINIMAL_PAGE} on Arena's relay`, origin: arena.url, mediaPath: arena.flvPath },
        { path: "HTTP-FLV", kind: "flv", viewer: `${MINIMAL_PAGE_SOUND} on Arena's relay`, origin: arena.url, mediaPath: arena.flvPath, sound: true },
        { path: "HLS", kind: "hls", viewer: ARENA_PLAYER, origin: arena.url, mediaPath: arena.hlsPath, arenaPage: `${arena.url}/stream/${arena.username}` },
        { path: "HLS", kind: "hls", viewer: `${MINIMAL_PAGE} on Arena's HLS`, origin: arena.url, mediaPath: arena.hlsPath },
      ],
    };
  };
  const referenceTarget = async (start: (dir: string) => Promise<Reference>): Promise<Target> => {
    const ref = await start(tempDir);
    started.add(ref.pid);
    const relayPath = ref.relayKind === "rtmp" ? "RTMP" : "HTTP-FLV";
    return {
      name: ref.name,
      version: ref.version,
      pid: ref.pid,
      ingestUrl: ref.ingestUrl,
      waitLive: async () => {
        if (ref.hlsUrl) await waitForUrl(ref.hlsUrl);
      },
      ...(ref.hlsUrl ? { hlsPlaylist: ref.hlsUrl } : {}),
      ffmpeg: [{ path: relayPath, url: ref.relayUrl, kind: ref.relayKind }, ...(ref.hlsUrl ? [{ path: "HLS", url: ref.hlsUrl, kind: "hls" as const }] : [])],
      chromium: [
        ...(ref.relayKind === "flv"
          ? [
              { path: "HTTP-FLV", kind: "flv" as const, viewer: MINIMAL_PAGE, origin: ref.httpOrigin, mediaPath: new URL(ref.relayUrl).pathname },
              { path: "HTTP-FLV", kind: "flv" as const, viewer: MINIMAL_PAGE_SOUND, origin: ref.httpOrigin, mediaPath: new URL(ref.relayUrl).pathname, sound: true },
            ]
          : []),
        ...(ref.hlsUrl ? [{ path: "HLS", kind: "hls" as const, viewer: MINIMAL_PAGE, origin: ref.httpOrigin, mediaPath: new URL(ref.hlsUrl).pathname }] : []),
      ],
    };
  };

  const nginxTarget = () => referenceTarget(startNginx);
  const passes: [() => Promise<Target>, Pass][] = [
    [arenaTarget, { gopSeconds: 1, hlsOnly: false }],
    [() => referenceTarget(startNodeMediaServer), { gopSeconds: 1, hlsOnly: false }],
    [nginxTarget, { gopSeconds: 1, hlsOnly: false }],
    [arenaTarget, { gopSeconds: OBS_GOP_SECONDS, hlsOnly: true }],
    [nginxTarget, { gopSeconds: OBS_GOP_SECONDS, hlsOnly: true }],
  ];
  for (const [make, pass] of passes.filter(([, pass]) => !webrtcOnly && (!obsOnly || pass.hlsOnly))) {
    const target = await make();
    try {
      const measured = await measureServer(target, chromiumOk, scripts, pass);
      if (pass.hlsOnly) obsGop.push(measured);
      else results.push(measured);
    } finally {
      await stopTree(target.pid, 10_000);
      started.delete(target.pid);
    }
  }
  if (runWebrtc) {
    webrtcLoadBefore = loadavg();
    webrtcOthers = foreignLoad();
    webrtcRuns = await measureWebrtc({ tempDir, started });
  }
} finally {
  clearTimeout(watchdog);
  await cleanup();
}
const loadAfter = loadavg();
const webrtcBody = webrtcRuns.length
  ? webrtcSection(webrtcRuns, { machine: machineLine(), loadBefore: webrtcLoadBefore, loadAfter, othersCores: webrtcOthers?.stop().othersCores ?? 0, chromium: support?.version ?? "?" })
  : undefined;
if (webrtcBody) console.log(`\n### ${WEBRTC_HEADING}\n\n${webrtcBody}`);
if (webrtcOnly) {
  if (write && webrtcRuns.length === 2) writeSubsection("Live latency and CPU", WEBRTC_HEADING, webrtcBody!);
  process.exit(webrtcRuns.length === 2 ? 0 : 1);
}
const { othersCores } = othersOverall.stop();

// ---- report ----
/** The medians of the last run before issue 17 (docs/benchmarks.md, 2026-11-22, a shared machine), beside today's. */
const BEFORE: Record<string, string> = {
  "Arena|HTTP-FLV|ffmpeg": "46 ms",
  "Arena|HLS|ffmpeg": "1.20 s",
  [`Arena|HTTP-FLV|${ARENA_PLAYER}`]: "538 ms",
  [`Arena|HLS|${ARENA_PLAYER}`]: "4.18 s",
  "node-media-server|HTTP-FLV|ffmpeg": "49 ms",
  [`node-media-server|HTTP-FLV|${MINIMAL_PAGE}`]: "290 ms",
  "nginx-rtmp|RTMP|ffmpeg": "46 ms",
  "nginx-rtmp|HLS|ffmpeg": "1.28 s",
  [`nginx-rtmp|HLS|${MINIMAL_PAGE}`]: "3.55 s",
};
const all = results.flatMap((r) => r.latency);
const find = (server: string, path: string, reader: string) => all.find((l) => l.server === server && l.path === path && l.reader === reader);
const usageOf = (server: string) => results.find((r) => r.server.server === server)?.server;
const check = (ok: boolean | undefined) => (ok === undefined ? "not measured" : ok ? "**pass**" : "**FAIL**");
const arenaFlv = find("Arena", "HTTP-FLV", "ffmpeg");
const nmsFlv = find("node-media-server", "HTTP-FLV", "ffmpeg");
const arenaHls = find("Arena", "HLS", "ffmpeg");
const nginxHls = find("nginx-rtmp", "HLS", "ffmpeg");
const arenaChromium = find("Arena", "HTTP-FLV", ARENA_PLAYER);
const nmsChromium = find("node-media-server", "HTTP-FLV", MINIMAL_PAGE);
const arenaHlsChromium = find("Arena", "HLS", ARENA_PLAYER);
const nginxHlsChromium = find("nginx-rtmp", "HLS", MINIMAL_PAGE);
const arenaCpu = usageOf("Arena")?.usage.cpu;
const nginxCpu = usageOf("nginx-rtmp")?.usage.cpu;
const enough = (l?: LatencyResult) => l?.median !== undefined && l.marks >= 10;
const targets = [
  `| HTTP-FLV within 20 ms of node-media-server standalone (ffmpeg reader, median) | ${fmt(arenaFlv?.median)} vs ${fmt(nmsFlv?.median)} | ${check(enough(arenaFlv) && enough(nmsFlv) ? arenaFlv!.median! - nmsFlv!.median! <= 20 : undefined)} |`,
  `| HLS no slower than nginx-rtmp with 1 s fragments (ffmpeg reader, median) | ${fmt(arenaHls?.median)} vs ${fmt(nginxHls?.median)} | ${check(enough(arenaHls) && enough(nginxHls) ? arenaHls!.median! <= nginxHls!.median! : undefined)} |`,
  `| HTTP-FLV in chromium under 0.8 s (median) | ${fmt(arenaChromium?.median)} | ${check(enough(arenaChromium) ? arenaChromium!.median! < 800 : undefined)} |`,
  `| HTTP-FLV in chromium: Arena's player within 100 ms of a minimal mpegts.js page on node-media-server (median, issue 17) | ${fmt(arenaChromium?.median)} vs ${fmt(nmsChromium?.median)} | ${check(enough(arenaChromium) && enough(nmsChromium) ? arenaChromium!.median! - nmsChromium!.median! <= 100 : undefined)} |`,
  `| HLS in chromium: Arena's player under nginx-rtmp in a minimal hls.js page (median, issue 17) | ${fmt(arenaHlsChromium?.median)} vs ${fmt(nginxHlsChromium?.median)} | ${check(enough(arenaHlsChromium) && enough(nginxHlsChromium) ? arenaHlsChromium!.median! < nginxHlsChromium!.median! : undefined)} |`,
  `| ingest + HLS remux + recording + thumbnails under 4 % of one core per stream | ${arenaCpu?.toFixed(1) ?? "—"} % (nginx-rtmp ${nginxCpu?.toFixed(1) ?? "—"} %) | ${check(arenaCpu !== undefined ? arenaCpu < 4 : undefined)} |`,
];
const latencyRow = (l: LatencyResult, gopSeconds = 1) => {
  const before = gopSeconds === 1 ? BEFORE[`${l.server}|${l.path}|${l.reader}`] : undefined;
  return `| ${l.server} | ${l.path} | ${l.reader} | ${before ?? "—"} | ${fmt(l.median)} | ${fmt(l.p90)} | ${l.marks} | ${l.lost} | ${l.fps?.toFixed(0) ?? "—"} |`;
};
const latencyRows = all.map((l) => latencyRow(l));
const obsRows = obsGop.flatMap((r) => r.latency).map((l) => latencyRow(l, OBS_GOP_SECONDS));
const obsSegments = obsGop
  .filter((r) => r.server.segmentDelays?.length)
  .map((r) => {
    const d = [...r.server.segmentDelays!].sort((a, b) => a - b);
    return `${r.server.server} median ${fmt(quantile(d, 0.5))} over ${d.length} segments`;
  })
  .join("; ");
const cpuRows = results.map(({ server: s }) => {
  const split = s.usage.parts
    .filter((p) => p.cpu >= 0.05 || p.name === "main process")
    .map((p) => `${p.name.replace(/ \(pid \d+, whole window\)/, "")} ${p.cpu.toFixed(2)} %`)
    .join(", ");
  const jobs = s.jobs
    ? `; in the window: ${Object.entries(s.jobs)
        .map(([name, n]) => `${n} ${name}`)
        .join(", ")}`
    : "";
  return `| ${s.server} | ${s.usage.cpu.toFixed(2)} % | ${s.idle.cpu.toFixed(2)} % | ${split}${jobs} | ${s.usage.rssMeanMiB.toFixed(0)} MiB (${s.idle.rssMeanMiB.toFixed(0)} idle) | ${s.usage.maxProcesses} |`;
});
const players = [...new Set(all.filter((l) => l.reader.startsWith("chromium") && l.note).map((l) => l.note!))];
const versions = results.map((r) => `${r.server.server}: ${r.server.version}`).join("; ");
const late = results.map((r) => `${r.server.server} ${r.server.publisherLate} of ${r.server.framesWritten}`).join(", ");
const busy = othersCores > 0.15;
const segmentOf = (server: string) => {
  const d = usageOf(server)?.segmentDelays;
  return d?.length ? { median: quantile(d, 0.5)!, p90: quantile(d, 0.9)!, n: d.length } : undefined;
};
const arenaSeg = segmentOf("Arena");
const nginxSeg = segmentOf("nginx-rtmp");
targets.splice(
  2,
  0,
  `| (server side of the above: a segment listed after the push of the keyframe that closes it, median) | ${fmt(arenaSeg?.median)} vs ${fmt(nginxSeg?.median)} | context (Arena's remux is a second process, ffmpeg, fed through a pipe: it lists a segment ~15 ms after the keyframe reaches it, docs/decisions.md "CPU per stream"), not a target |`,
);
const segmentLine = results
  .filter((r) => r.server.segmentDelays?.length)
  .map((r) => {
    const d = segmentOf(r.server.server)!;
    return `${r.server.server} median ${fmt(d.median)}, p90 ${fmt(d.p90)} over ${d.n} segments`;
  })
  .join("; ");

const body = `Machine: ${machineLine()}; load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")} before the run, ${loadAfter.map((l) => l.toFixed(2)).join(" ")} after it;
work that was not the bench's used ${othersCores.toFixed(2)} cores on average during the run (${results.map((r) => `${r.server.server} ${r.server.othersCores.toFixed(2)}`).join(", ")})${busy ? ": other people's jobs shared the machine, so the latencies (p90 above all) are upper bounds, to be redone on a quiet machine" : ""}.

Method: \`./scripts/bench-live\` (installs nginx and libnginx-mod-rtmp when missing, then runs \`bun bench/live/run.ts\`). Servers: ${versions}; each started
by the bench on free loopback ports, measured alone, stopped by its pid. The streamer is a Bun process drawing 1280x720 frames at 30 fps on the wall clock
(moving noise, so the encoder spends its whole budget) into ffmpeg: libx264 veryfast zerolatency, 1 s GOP, 2.5 Mbps maxrate and buffer, AAC 128k (fed
through a FIFO ahead of the video, so the muxer never holds a frame back), FLV over RTMP. Every ${MARK_EVERY} frames (${(MARK_EVERY / FPS).toFixed(2)} s, prime to the GOP so
marks fall everywhere in a segment) ${FLASH_FRAMES} frames flash white, with the mark's number in black and white bars; its push time is when its first frame is
handed to the encoder. Per server: start, ${IDLE_SETTLE_SECONDS} s settle, ${IDLE_SECONDS} s idle, publish, ${WARMUP_SECONDS} s warm-up, then CPU (utime+stime of the server's process and every
descendant, from /proc, including jobs that ended inside the window) and RSS over ${CPU_SECONDS} s with no viewer; then ${LATENCY_SECONDS} s of ffmpeg viewers
(one decoding thread, \`-fflags nobuffer\`, 32x18 grey frames piped out as soon as decoded; HLS from the live edge), then chromium viewers, ${LATENCY_SECONDS} s for the relay's pages together, then ${LATENCY_SECONDS} s for the HLS pages together
(${support ? `${support.version}, \`MediaSource.isTypeSupported('video/mp4; codecs="avc1.64001F"')\` = ${support.avcHigh}` : "not run"}; every presented frame caught by
requestVideoFrameCallback, drawn to a 32x18 canvas, timed with performance.timeOrigin + performance.now()). Latency = a mark's first flash frame at the viewer
minus its push, matched by number; marks pushed in a viewer's first ${SYNC_SECONDS} s (joining burst) or too near its end are left out; "lost" marks were
pushed inside that window and never shown (a player's catch-up jump skipped them, or frames were dropped). nginx-rtmp has no
HTTP-FLV: its relay figure is ffmpeg reading RTMP (\`-rtmp_buffer 100\`; with ffmpeg's default 3 s buffer nginx-rtmp holds frames back). The streamer's
encoder, the viewers' decoders and the server share the cores, so every figure includes encoding and decoding (the measuring floor).
${chromiumNote ? `\n${chromiumNote}.\n` : ""}
| server | path | viewer | before: median, 2026-11-22 | median | p90 | marks | lost | frames/s seen |
| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |
${latencyRows.join("\n")}

How to read the chromium rows: "minimal page" is a page with nothing but mpegts.js or hls.js and Arena's player settings
(client/components/player/lib/player-config.ts), muted unless it says "sound on" (Arena's player plays with sound: the browser then
shows each frame when its sound is heard). Arena's player minus the minimal page on Arena's relay is the player's own share;
the minimal page on Arena's relay minus the same page on node-media-server is the relay's (through Arena's main port).

HLS with OBS's recommended keyframe interval (${OBS_GOP_SECONDS} s GOP, so ${OBS_GOP_SECONDS} s segments: a segment starts on a keyframe, and only a
re-encode could cut shorter), chromium viewers only, same publisher otherwise, ${OBS_VIEW_SECONDS} s of viewing:

| server | path | viewer | before: not measured | median | p90 | marks | lost | frames/s seen |
| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |
${obsRows.join("\n") || "| — | — | — | — | — | — | — | — | — |"}

Segments listed after the push of the keyframe that closes them, ${OBS_GOP_SECONDS} s GOP: ${obsSegments || "—"}.

| server, one 720p30 2.5 Mbps stream, no viewer | CPU, % of one core | idle | split | RSS | processes |
| --- | ---: | ---: | --- | ---: | ---: |
${cpuRows.join("\n")}

| target | measured | |
| --- | --- | --- |
${targets.join("\n")}

HLS segments listed after the push of the keyframe that closes them (playlist read every 25 ms, no player involved): ${segmentLine || "—"}.
An ffmpeg HLS viewer reloads the playlist once per target duration (1 s; half that when nothing changed), so one viewer's median carries an
offset of up to ~0.5 s that depends on when it started: ${HLS_READERS} HLS viewers per server start 1/${HLS_READERS} s apart and their marks are pooled; the segment line above is the server's own part.
Players in chromium: ${players.length ? players.join("; ") : "none"}.
Publisher frames written more than a frame late (pacing check): ${late}.`;

console.log(`\n${body}`);
// The WebRTC part follows the rest: measured now, or kept from the last run that measured it (--skip webrtc).
const webrtcPart = webrtcBody ? `### ${WEBRTC_HEADING}\n\n${webrtcBody}` : readSubsection("Live latency and CPU", WEBRTC_HEADING);
if (write && results.length === 3) writeSection("Live latency and CPU", webrtcPart ? `${body}\n\n${webrtcPart}` : body);
process.exit(results.length === 3 || (obsOnly && obsGop.length === 2) ? 0 : 1);
