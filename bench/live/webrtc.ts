// bench/live's WebRTC part (issue 37): the same marks pushed over WHIP from chromium instead of RTMP from x264,
// read with Arena's player (HTTP-FLV, and WHEP once the server has it), and what a WHIP ingest, an HTTP-FLV
// viewer and a WHEP viewer cost the server. One fresh Arena per ingest (RTMP, then WHIP), alone on the machine
// while it is measured, on free loopback ports (WebRTC's UDP port too), stopped by its pid.
// Run alone: node_modules/.bin/bun bench/live/run.ts --only webrtc (writes only its part of the section).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { type ArenaUnderTest, startArena } from "./arena.ts";
import { launchBrowser, startChromiumReader } from "./chromium-reader.ts";
import { startFlvViewer } from "./clip.ts";
import { startFfmpegReader } from "./ffmpeg-reader.ts";
import { fmt, type LatencyResult, pooledLatencies, SYNC_SECONDS } from "./latency.ts";
import { now } from "./clock.ts";
import { foreignLoad, measureTree, stopTree, type Usage } from "./procfs.ts";
import { type Mark, startPublisher } from "./publisher.ts";
import { NOISE_GRAIN, NOISE_STEP, type SenderStats, startWhipPublisher, WHIP_PUBLISHER_ARGS } from "./whip-publisher.ts";

const ROOT = join(import.meta.dir, "../..");
export const WEBRTC_HEADING = "WHIP ingest and WebRTC viewing (issue 37)";

const CPU_SECONDS = Number(process.env.BENCH_CPU_SECONDS ?? 30);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 20);
const VIEWER_CPU_SECONDS = 20;
/** Each adds some 0.04 % (bench/live/cpu.ts): enough of them to stand out of a shared machine's noise. */
const FLV_VIEWERS = 20;
const WHEP_VIEWERS = 3;
const VIEWER_JOIN_SECONDS = 3;
/** Before the CPU window: RTMP as the main run; WHIP until chromium's bandwidth estimate has reached 2.5 Mbps (Arena's answer asks no transport-cc, so it grows from ~300 kbps on loss reports, ~25 s). */
const WARMUP_SECONDS = { RTMP: 4, WHIP: 30 };
const ARENA_PLAYER = "chromium, Arena's player";

export interface IngestRun {
  ingest: "RTMP" | "WHIP";
  idle: Usage;
  usage: Usage;
  flv?: { perViewer: number; withViewers: Usage; kbps: number };
  whep?: { perViewer: number; withViewers: Usage; playing: number };
  latency: LatencyResult[];
  sender?: SenderStats;
  frames: number;
  late: number;
  othersCores: number;
  players: string[];
}

/** Names each ffmpeg of a measure by its role, read from its command line while it still runs. */
function byRole(usage: Usage): Usage {
  const role = (pid: string) => {
    let args = "";
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
    } catch {
      return undefined;
    }
    if (/ -f sdp /.test(args)) return "WHIP bridge ffmpeg";
    if (/ -f rtp /.test(args)) return "WHEP RTP ffmpeg";
    if (/ -f hls /.test(args) || /\.m3u8/.test(args)) return "HLS and recording ffmpeg";
    return undefined;
  };
  return {
    ...usage,
    parts: usage.parts.map((p) => {
      const pid = /\(pid (\d+), whole window\)/.exec(p.name)?.[1];
      const name = pid ? role(pid) : undefined;
      return name ? { ...p, name } : p;
    }),
  };
}

/** Whether this checkout serves WHEP (the lead's server/whep/). */
const hasWhep = () => existsSync(join(ROOT, "server/whep"));

const browsers = new Set<Browser>();
export async function closeWebrtcBrowsers() {
  for (const b of browsers) await b.close().catch(() => undefined);
  browsers.clear();
}

interface Context {
  tempDir: string;
  started: Set<number>;
}

/** Both ingests in turn. */
export async function measureWebrtc(ctx: Context): Promise<IngestRun[]> {
  // Loopback in WebRTC, addresses instead of mDNS names: the streamer's browser and the viewers' (WHEP).
  const publisherBrowser = await launchBrowser(WHIP_PUBLISHER_ARGS);
  browsers.add(publisherBrowser);
  const readerBrowser = await launchBrowser(WHIP_PUBLISHER_ARGS);
  browsers.add(readerBrowser);
  const runs: IngestRun[] = [];
  try {
    for (const ingest of ["RTMP", "WHIP"] as const) runs.push(await measureIngest(ingest, ctx, publisherBrowser, readerBrowser));
  } finally {
    await closeWebrtcBrowsers();
  }
  return runs;
}

async function measureIngest(ingest: "RTMP" | "WHIP", ctx: Context, publisherBrowser: Browser, readerBrowser: Browser): Promise<IngestRun> {
  // WebRTC's one UDP port: any free one (0), as tests take it; announced on 127.0.0.1.
  const arena: ArenaUnderTest = await startArena(join(ctx.tempDir, `webrtc-${ingest}`), undefined, { env: { WEBRTC_UDP_PORT: "0", WEBRTC_ADDRESSES: "127.0.0.1" } });
  ctx.started.add(arena.pid);
  const others = foreignLoad();
  const whep = hasWhep();
  console.log(`\n[Arena, ${ingest} ingest] idle, then publishing…`);
  let stopPublisher: (() => Promise<void>) | undefined;
  try {
    await Bun.sleep(2000);
    const idle = byRole(await measureTree(arena.pid, 3));
    let sender: (() => Promise<SenderStats | undefined>) | undefined;
    let publisher: { marks: Mark[]; frames: () => number; late: () => number };
    if (ingest === "RTMP") {
      const rtmp = await startPublisher(arena.ingestUrl, ctx.tempDir, "webrtcpart", 1);
      ctx.started.add(rtmp.pid);
      publisher = rtmp;
      stopPublisher = async () => {
        await rtmp.stop();
        ctx.started.delete(rtmp.pid);
      };
    } else {
      const whip = await startWhipPublisher(publisherBrowser, arena.url, arena.ingestUrl.split("/").at(-1)!);
      publisher = whip;
      stopPublisher = whip.stop;
      sender = whip.stats;
    }
    await arena.waitLive(30_000);
    await Bun.sleep(WARMUP_SECONDS[ingest] * 1000);

    console.log(`[Arena, ${ingest} ingest] CPU for ${CPU_SECONDS} s, no viewer…`);
    const usage = byRole(await measureTree(arena.pid, CPU_SECONDS));
    console.log(`[Arena, ${ingest} ingest] ${usage.cpu.toFixed(2)} % of one core`);

    // Light HTTP-FLV viewers: bytes read and dropped, nothing decoded (the server's cost only, as bench/live/cpu.ts).
    const flvUrl = `${arena.url}${arena.flvPath}`;
    const viewers = Array.from({ length: FLV_VIEWERS }, () => startFlvViewer(flvUrl));
    await Bun.sleep(VIEWER_JOIN_SECONDS * 1000);
    const bytesFrom = viewers.reduce((sum, v) => sum + v.bytes(), 0);
    const withFlv = byRole(await measureTree(arena.pid, VIEWER_CPU_SECONDS));
    const kbps = ((viewers.reduce((sum, v) => sum + v.bytes(), 0) - bytesFrom) * 8) / withFlv.seconds / FLV_VIEWERS / 1000;
    await Promise.all(viewers.map((v) => v.stop()));
    const flv = { perViewer: (withFlv.cpu - usage.cpu) / FLV_VIEWERS, withViewers: withFlv, kbps };
    console.log(`[Arena, ${ingest} ingest] each HTTP-FLV viewer adds ${flv.perViewer.toFixed(3)} %`);

    const latency: LatencyResult[] = [];
    const players: string[] = [];
    const path = (viewing: string) => `${ingest} → ${viewing}`;

    // ffmpeg reading HTTP-FLV: the server and the ingest without a player.
    const reader = startFfmpegReader(`${ingest} HTTP-FLV`, flvUrl, "flv");
    ctx.started.add(reader.pid);
    await Bun.sleep(LATENCY_SECONDS * 1000);
    let stoppedAt = now();
    await reader.stop();
    ctx.started.delete(reader.pid);
    latency.push(pooledLatencies({ server: "Arena", path: path("HTTP-FLV"), reader: "ffmpeg" }, publisher.marks, [reader.detector], stoppedAt));

    // Chromium: Arena's player in each mode, one at a time.
    const page = `${arena.url}/stream/${arena.username}`;
    for (const kind of whep ? (["flv", "whep"] as const) : (["flv"] as const)) {
      const viewing = kind === "flv" ? "HTTP-FLV" : "WHEP";
      console.log(`[Arena, ${ingest} ingest] Arena's player, ${viewing}, ${LATENCY_SECONDS} s…`);
      const started = Date.now();
      const player = await startChromiumReader(readerBrowser, {
        label: viewing,
        kind,
        origin: arena.url,
        mediaPath: kind === "flv" ? arena.flvPath : `/api/whep/${arena.username}`,
        arenaPage: page,
        scripts: undefined,
        settings: { flv: {}, hls: {}, from: "" },
      }).catch((error: Error) => error);
      if (player instanceof Error) {
        latency.push({ server: "Arena", path: path(viewing), reader: ARENA_PLAYER, marks: 0, lost: 0, note: player.message.split("\n")[0] });
        continue;
      }
      await Bun.sleep(Math.max(LATENCY_SECONDS * 1000 - (Date.now() - started), 17_000));
      stoppedAt = now();
      await player.stop();
      players.push(player.player);
      // Real time falls back to HTTP-FLV when WebRTC fails: such a row would not be WHEP's.
      const fellBack = kind === "whep" && (player.player.includes("HTTP-FLV") || !player.player.includes("WHEP"));
      latency.push(
        pooledLatencies(
          { server: "Arena", path: path(viewing), reader: ARENA_PLAYER },
          publisher.marks,
          [player.detector],
          stoppedAt,
          fellBack ? "the player did not play WHEP (see Players)" : undefined,
        ),
      );
    }

    // WHEP viewers: minimal pages, each its own peer connection; the server's CPU with them, and their latency pooled.
    let whepCost: IngestRun["whep"];
    if (whep) {
      console.log(`[Arena, ${ingest} ingest] ${WHEP_VIEWERS} WHEP viewers, CPU for ${VIEWER_CPU_SECONDS} s…`);
      const pages = await Promise.all(
        Array.from({ length: WHEP_VIEWERS }, (_, i) =>
          startChromiumReader(readerBrowser, {
            label: `WHEP ${i + 1}`,
            kind: "whep",
            origin: arena.url,
            mediaPath: `/api/whep/${arena.username}`,
            scripts: undefined,
            settings: { flv: {}, hls: {}, from: "" },
          }).catch((error: Error) => error),
        ),
      );
      const playing = pages.filter((p): p is Exclude<typeof p, Error> => !(p instanceof Error));
      for (const p of pages) if (p instanceof Error) console.log(`[Arena, ${ingest} ingest] a WHEP page did not play: ${p.message.split("\n")[0]}`);
      await Bun.sleep(VIEWER_JOIN_SECONDS * 1000);
      const withWhep = byRole(await measureTree(arena.pid, VIEWER_CPU_SECONDS));
      stoppedAt = now();
      await Promise.all(playing.map((p) => p.stop()));
      if (playing[0]) players.push(playing[0].player);
      if (playing.length) {
        whepCost = { perViewer: (withWhep.cpu - usage.cpu) / playing.length, withViewers: withWhep, playing: playing.length };
        latency.push(
          pooledLatencies(
            { server: "Arena", path: path("WHEP"), reader: `chromium, minimal WHEP page (${playing.length} at once)` },
            publisher.marks,
            playing.map((p) => p.detector),
            stoppedAt,
          ),
        );
      }
    }

    const stats = await sender?.();
    return {
      ingest,
      idle,
      usage,
      flv,
      ...(whepCost ? { whep: whepCost } : {}),
      latency,
      ...(stats ? { sender: stats } : {}),
      frames: publisher.frames(),
      late: publisher.late(),
      othersCores: others.stop().othersCores,
      players,
    };
  } finally {
    await stopPublisher?.();
    await stopTree(arena.pid, 10_000);
    ctx.started.delete(arena.pid);
  }
}

interface Meta {
  machine: string;
  loadBefore: number[];
  loadAfter: number[];
  othersCores: number;
  chromium: string;
}

/** The part's text in docs/benchmarks.md: machine, date and load; method; then the tables. */
export function webrtcSection(runs: IngestRun[], meta: Meta): string {
  const busy = meta.othersCores > 0.15;
  const rows = runs
    .flatMap((r) => r.latency)
    .map((l) => `| ${l.server} | ${l.path} | ${l.reader} | ${fmt(l.median)} | ${fmt(l.p90)} | ${l.marks} | ${l.lost} | ${l.fps?.toFixed(0) ?? "—"} |${l.note ? ` ${l.note}` : ""}`);
  const split = (u: Usage) =>
    u.parts
      .filter((p) => p.cpu >= 0.05 || p.name === "main process")
      .map((p) => `${p.name.replace(/ \(pid \d+, whole window\)/, "")} ${p.cpu.toFixed(2)} %`)
      .join(", ");
  const cpuRows = runs.map(
    (r) =>
      `| Arena, ${r.ingest} ingest | ${r.usage.cpu.toFixed(2)} % | ${r.idle.cpu.toFixed(2)} % | ${split(r.usage)} | ${r.flv ? `${r.flv.perViewer.toFixed(3)} % (${FLV_VIEWERS} viewers: ${r.flv.withViewers.cpu.toFixed(2)} %)` : "—"} | ${r.whep ? `${r.whep.perViewer.toFixed(2)} % (${r.whep.playing} viewers: ${r.whep.withViewers.cpu.toFixed(2)} %)` : "not served yet"} | ${r.usage.rssMeanMiB.toFixed(0)} MiB | ${r.usage.maxProcesses} |`,
  );
  const sender = runs.find((r) => r.sender)?.sender;
  const whip = runs.find((r) => r.ingest === "WHIP");
  const senderLine = sender
    ? `chromium's sender at the end (getStats, averaged from the first frame, the ramp-up included): ${sender.codec}, ${sender.width}x${sender.height}, ${sender.fps.toFixed(1)} frames/s encoded, ${sender.kbps.toFixed(0)} kbit/s, ${sender.keyframes} keyframes, quality limitation "${sender.qualityLimitation}"; frames reached the track through ${sender.source}`
    : "chromium's sender: no statistics";
  const whep = hasWhep();
  const whepSplit = runs
    .filter((r) => r.whep)
    .map((r) => `${r.ingest} ingest ${r.whep!.withViewers.cpu.toFixed(2)} % (${split(r.whep!.withViewers)})`)
    .join("; ");
  return `Machine: ${meta.machine}; load average ${meta.loadBefore.map((l) => l.toFixed(2)).join(" ")} before the part, ${meta.loadAfter.map((l) => l.toFixed(2)).join(" ")} after it;
work that was not the bench's used ${meta.othersCores.toFixed(2)} cores on average during it (${runs.map((r) => `${r.ingest} ${r.othersCores.toFixed(2)}`).join(", ")})${busy ? ": the machine was shared (other people's tests ran beside it), so these figures are upper bounds, to be redone on a quiet machine" : ""}.

Method: \`node_modules/.bin/bun bench/live/run.ts --only webrtc\` runs this part alone and rewrites only it (\`--skip webrtc\` runs the rest and keeps it; a plain run does both).
One fresh Arena per ingest, started on free loopback ports (WEBRTC_UDP_PORT=0: any free one; WEBRTC_ADDRESSES=127.0.0.1), measured alone, stopped by its pid.
RTMP: the x264 streamer above (same marks, 1 s GOP). WHIP: a page in chromium (${meta.chromium}, \`--allow-loopback-in-peer-connection\`) draws the same 1280x720 frames at 30 fps on the
wall clock (the marks as above; between them grey noise in ${NOISE_GRAIN}-pixel squares moving ${NOISE_STEP} pixels a frame instead of pixel noise: chromium's software H.264 encoder
skipped to ~7 frames/s on pixel noise, its rate control dropping what 2.5 Mbps cannot pay for) and hands each to a WebRTC video track; a mark's push time is when its first
frame is written to the track. An OscillatorNode gives a 440 Hz tone. The peer connection sends H.264 first (setCodecPreferences, constrained baseline) and Opus, 2.5 Mbps at most,
to POST /api/whip with the stream key; the answer's candidates other than 127.0.0.1 are dropped. What differs from the RTMP rows: the encoder is chromium's WebRTC encoder
(no B-frames; a keyframe when Arena asks, every 2 s, and apparently at each flash, a scene cut to it: see the count below) instead of x264, and the WHIP bridge (an ffmpeg reading the RTP, Opus made AAC) stands between WebRTC and Arena's RTMP ingest.
Arena's answer offers no transport-cc, so chromium's bandwidth estimate grows from ~300 kbps on loss reports alone: ${WARMUP_SECONDS.WHIP} s of warm-up (RTMP ${WARMUP_SECONDS.RTMP} s) before measuring.
${senderLine}. Frames handed over more than a frame late: ${runs.map((r) => `${r.ingest} ${r.late} of ${r.frames}`).join(", ")}.
Per ingest: 2 s settle, 3 s idle, publish, warm-up, CPU of the server's process and every descendant (/proc; for WHIP the bridge's ffmpeg is one) over ${CPU_SECONDS} s with no viewer;
then ${FLV_VIEWERS} light HTTP-FLV viewers (bytes read and dropped), ${VIEWER_JOIN_SECONDS} s to join, CPU over ${VIEWER_CPU_SECONDS} s: per viewer = (with − without) / ${FLV_VIEWERS}${
    whep
      ? `; then ${WHEP_VIEWERS} WHEP viewers at once, minimal pages in chromium (each its own peer connection, the answer kept to 127.0.0.1), ${VIEWER_JOIN_SECONDS} s to join, CPU over ${VIEWER_CPU_SECONDS} s, per viewer the same way: it includes a share of the live's one ffmpeg that makes RTP for WHEP, started by the first viewer (the split is below). Their marks make the "${WHEP_VIEWERS} at once" rows: ${WHEP_VIEWERS} 720p decoders and samplers beside the streamer on 2 shared cores, so those rows show the viewers' machine overloaded (frames/s seen) more than the server`
      : ""
  }.
The streamer's encoder (for WHIP, chromium's: outside the server's figure) is not counted. Latency as above (marks pooled per row, first ${SYNC_SECONDS} s of a viewer left out):
${LATENCY_SECONDS} s of an ffmpeg viewer, then ${LATENCY_SECONDS} s of Arena's player (/stream/{username}, latency mode "low": HTTP-FLV through mpegts.js${whep ? `; then "realtime": WHEP` : ""}), alone.

| server | path | viewer | median | p90 | marks | lost | frames/s seen |
| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |
${rows.join("\n")}

| one 720p30 live, no viewer | CPU, % of one core | idle | split | each HTTP-FLV viewer adds | each WHEP viewer adds | RSS | processes |
| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |
${cpuRows.join("\n")}

${whepSplit ? `With the WHEP viewers, the server's split: ${whepSplit}.\n` : ""}Players: ${[...new Set(runs.flatMap((r) => r.players))].join("; ") || "none"}.${whip?.flv ? ` Each HTTP-FLV viewer got ${runs.map((r) => `${r.flv?.kbps.toFixed(0)} kbit/s (${r.ingest})`).join(", ")}.` : ""}`;
}
