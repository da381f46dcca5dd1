// A viewer in chromium: a page plays the stream in a <video>, and every presented frame
// (requestVideoFrameCallback) is drawn onto a 32x18 canvas whose grey levels, with the frame's
// wall-clock time (performance.timeOrigin + performance.now()), come back to this process, which
// looks for marks with the same detector as the ffmpeg readers.
//
// Arena's own player (/stream/{username}) is used when that page has a playing <video>. Until it
// does, a minimal page plays the stream with the packaged mpegts.js (HTTP-FLV) or hls.js (HLS);
// the page is served at the media server's own origin through Playwright's routing (removed once
// the page is loaded), so the media requests go straight to the server with no CORS question.
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { MarkDetector, THUMB_H, THUMB_W } from "./marks.ts";

const ROOT = join(import.meta.dir, "../..");
/** Debian's chromium, or its headless shell (the same engine and version) on a machine that has only that. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : "/usr/bin/chromium-headless-shell");

interface PlayerScripts {
  mpegts: { path: string; version: string };
  hls: { path: string; version: string };
  /** Where they were found: the project's node_modules or the bench's cache. */
  from: string;
}

/** The project's own mpegts.js and hls.js, or the copies scripts/bench-live installs in a cache when the project has none yet. */
export function findPlayerScripts(): PlayerScripts | undefined {
  const cache = process.env.ARENA_BENCH_PLAYERS ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "arena-bench-live");
  for (const [base, from] of [
    [join(ROOT, "node_modules"), "the project's node_modules"],
    [join(cache, "node_modules"), `the bench's cache (${cache}), as the project does not depend on them yet`],
  ] as const) {
    const mpegts = join(base, "mpegts.js/dist/mpegts.js");
    const hls = join(base, "hls.js/dist/hls.min.js");
    if (!existsSync(mpegts) || !existsSync(hls)) continue;
    const version = (pkg: string) => (JSON.parse(readFileSync(join(base, pkg, "package.json"), "utf8")) as { version: string }).version;
    return { mpegts: { path: mpegts, version: version("mpegts.js") }, hls: { path: hls, version: version("hls.js") }, from };
  }
  return undefined;
}

/**
 * The fallback page's player settings: those of Arena's own player (client/components/player/lib/player-config.ts)
 * when it has them, so the references are played exactly as Arena is; else low-latency settings of our own.
 */
export async function playerSettings(): Promise<{ flv: object; hls: object; from: string }> {
  const path = join(ROOT, "client/components/player/lib/player-config.ts");
  const arena = (await import(path).catch(() => undefined)) as { FLV_LIVE_CONFIG?: object; HLS_CONFIG?: object } | undefined;
  if (arena?.FLV_LIVE_CONFIG && arena.HLS_CONFIG) return { flv: arena.FLV_LIVE_CONFIG, hls: arena.HLS_CONFIG, from: "Arena's player settings" };
  return {
    flv: { enableStashBuffer: false, lazyLoad: false, liveBufferLatencyChasing: true, liveBufferLatencyMaxLatency: 0.6, liveBufferLatencyMinRemain: 0.2 },
    hls: { liveSyncDurationCount: 2 },
    from: "the bench's own settings (Arena's player has none yet)",
  };
}

/** `extraArgs`: switches on top (the WHIP streamer's WebRTC over loopback). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // The test fixture's flags, plus autoplay without a gesture (a viewer who clicked play).
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--autoplay-policy=no-user-gesture-required",
      ...extraArgs,
    ],
  });
}

export interface CodecSupport {
  avcHigh: boolean;
  aac: boolean;
  requestVideoFrameCallback: boolean;
  version: string;
}

export async function codecSupport(browser: Browser): Promise<CodecSupport> {
  const page = await browser.newPage();
  try {
    const support = await page.evaluate(() => ({
      avcHigh: MediaSource.isTypeSupported('video/mp4; codecs="avc1.64001F"'),
      aac: MediaSource.isTypeSupported('audio/mp4; codecs="mp4a.40.2"'),
      requestVideoFrameCallback: "requestVideoFrameCallback" in HTMLVideoElement.prototype,
    }));
    return { ...support, version: browser.version() };
  } finally {
    await page.close();
  }
}

interface ChromiumReader {
  label: string;
  /** "Arena's player" or a description of the fallback page. */
  player: string;
  detector: MarkDetector;
  stop(): Promise<void>;
}

interface Options {
  label: string;
  /** "whep": WebRTC viewing (POST /api/whep/{username}), Arena's latency mode "realtime". */
  kind: "flv" | "hls" | "whep";
  /** The media server's HTTP origin and the media's path on it. */
  origin: string;
  mediaPath: string;
  /** Arena's stream page: when given, its own player is read instead of the fallback page. */
  arenaPage?: string | undefined;
  /** The minimal page plays with sound, as Arena's player does (it starts muted otherwise, as minimal pages usually do). */
  sound?: boolean;
  scripts: PlayerScripts | undefined;
  settings: { flv: object; hls: object; from: string };
}

/** Whether a page shows a playing <video> within `timeoutMs` (Arena's stream page, once its player exists). */
export async function hasPlayingVideo(browser: Browser, url: string, timeoutMs = 8000): Promise<boolean> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "domcontentloaded" });
    return await page
      .waitForFunction(() => [...document.querySelectorAll("video")].some((v) => v.readyState >= 2 && !v.paused), undefined, { timeout: timeoutMs })
      .then(() => true)
      .catch(() => false);
  } catch {
    return false;
  } finally {
    await context.close().catch(() => undefined);
  }
}

export async function startChromiumReader(browser: Browser, options: Options): Promise<ChromiumReader> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  let player: string;
  try {
    if (options.arenaPage) {
      // The player's latency menu remembers the viewer's choice in localStorage ("low": HTTP-FLV, "hls");
      // which address it then loads is checked, not assumed.
      const mode = options.kind === "flv" ? "low" : options.kind === "whep" ? "realtime" : "hls";
      await context.addInitScript((m) => localStorage.setItem("playerLatency", m), mode);
      const loaded = new Set<string>();
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (path.endsWith(".flv")) loaded.add("HTTP-FLV");
        if (path.endsWith(".m3u8")) loaded.add("HLS");
        if (path.startsWith("/api/whep/") && request.method() === "POST") loaded.add("WHEP");
      });
      // WHEP: the answer keeps its 127.0.0.1 candidates only, as the minimal page does (the bench's media stays on loopback).
      if (options.kind === "whep")
        await page.route("**/api/whep/*", async (route) => {
          if (route.request().method() !== "POST") return route.continue();
          const response = await route.fetch();
          await route.fulfill({ response, body: loopbackOnly(await response.text()) });
        });
      await page.goto(options.arenaPage, { waitUntil: "domcontentloaded" });
      await page.waitForFunction(() => [...document.querySelectorAll("video")].some((v) => v.readyState >= 2 && !v.paused), undefined, { timeout: 20_000 });
      const wanted = options.kind === "flv" ? "HTTP-FLV" : options.kind === "whep" ? "WHEP" : "HLS";
      player = `Arena's player on /stream/{username}, latency mode "${mode}" (it loaded ${[...loaded].join(" and ") || "no .flv, .m3u8 or WHEP address"}${loaded.has(wanted) ? "" : `, not ${wanted}`})`;
    } else if (options.kind === "whep") {
      player = await openWhepPage(page, options);
    } else {
      if (!options.scripts) throw new Error("no player: mpegts.js and hls.js are not installed (scripts/bench-live installs them)");
      player = await openFallback(page, options);
    }
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
  const skew = await page.evaluate(() => {
    // Date.now() is the same clock as this process's; timeOrigin + now() is what the sampler reads.
    let sum = 0;
    for (let i = 0; i < 20; i++) sum += Date.now() - (performance.timeOrigin + performance.now());
    return sum / 20;
  });
  await page.evaluate(installSampler, { width: THUMB_W, height: THUMB_H });
  const detector = new MarkDetector();
  let stopped = false;
  const drain = async () => {
    const frames = await page.evaluate(() => (window as unknown as { __benchFrames: { at: number; y: number[] }[] }).__benchFrames.splice(0));
    for (const frame of frames) detector.push(frame.y, frame.at + skew);
  };
  const polling = (async () => {
    while (!stopped) {
      await Bun.sleep(500);
      await drain().catch(() => undefined);
    }
  })();
  return {
    label: options.label,
    player,
    detector,
    async stop() {
      stopped = true;
      await polling;
      await drain().catch(() => undefined);
      // A WHEP session is ended as a viewer's page would on leaving (the server would otherwise wait for its silence).
      await page.evaluate(() => (window as unknown as { __whepStop?: () => Promise<unknown> }).__whepStop?.()).catch(() => undefined);
      await context.close().catch(() => undefined);
    },
  };
}

/** An SDP without its candidates other than 127.0.0.1. */
function loopbackOnly(sdp: string): string {
  return sdp
    .split("\r\n")
    .filter((line) => !line.startsWith("a=candidate:") || / 127\.0\.0\.1 /.test(line))
    .join("\r\n");
}

/**
 * The minimal WHEP page: an RTCPeerConnection receiving video and audio, its offer POSTed once ICE gathering is complete,
 * the answer applied with its 127.0.0.1 candidates only (the browser needs --allow-loopback-in-peer-connection).
 */
async function openWhepPage(page: Page, { origin, mediaPath, sound }: Options): Promise<string> {
  const base = `${origin}/__arena_bench_live`;
  const html = `<!doctype html><html><body style="margin:0;background:#000">
<video id="v"${sound ? "" : " muted"} autoplay playsinline style="width:640px;height:360px"></video></body></html>`;
  await page.route(`${base}/**`, (route) => route.fulfill({ contentType: "text/html", body: html }));
  await page.goto(`${base}/whep.html`);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.evaluate(async (endpoint) => {
    const video = document.querySelector("video")!;
    const peer = new RTCPeerConnection();
    peer.addTransceiver("video", { direction: "recvonly" });
    peer.addTransceiver("audio", { direction: "recvonly" });
    const stream = new MediaStream();
    peer.addEventListener("track", (event) => {
      stream.addTrack(event.track);
      video.srcObject = stream;
      void video.play().catch(() => undefined);
    });
    await peer.setLocalDescription(await peer.createOffer());
    await new Promise<void>((done) => {
      if (peer.iceGatheringState === "complete") return done();
      peer.addEventListener("icegatheringstatechange", () => peer.iceGatheringState === "complete" && done());
    });
    const response = await fetch(endpoint, { method: "POST", headers: { "Content-Type": "application/sdp" }, body: peer.localDescription!.sdp });
    if (response.status !== 201) throw new Error(`WHEP POST answered ${response.status}: ${await response.text()}`);
    const location = new URL(response.headers.get("Location")!, endpoint).href;
    const answer = (await response.text())
      .split("\r\n")
      .filter((line) => !line.startsWith("a=candidate:") || / 127\.0\.0\.1 /.test(line))
      .join("\r\n");
    await peer.setRemoteDescription({ type: "answer", sdp: answer });
    (window as unknown as { __whepStop: () => Promise<number> }).__whepStop = async () => {
      const res = await fetch(location, { method: "DELETE" });
      peer.close();
      return res.status;
    };
  }, origin + mediaPath);
  await videoPlaying(page);
  return `minimal WHEP page${sound ? ", sound on" : ", muted"}: RTCPeerConnection, recvonly video and audio, the stream in a <video>`;
}

async function openFallback(page: Page, { kind, origin, mediaPath, scripts, settings, sound }: Options): Promise<string> {
  const s = scripts!;
  const base = `${origin}/__arena_bench_live`;
  const script = kind === "flv" ? s.mpegts.path : s.hls.path;
  const start =
    kind === "flv"
      ? `const p = mpegts.createPlayer({ type: "flv", isLive: true, url: ${JSON.stringify(origin + mediaPath)} }, ${JSON.stringify(settings.flv)});
         p.attachMediaElement(video); p.load(); p.play();`
      : `const h = new Hls(${JSON.stringify(settings.hls)}); h.loadSource(${JSON.stringify(origin + mediaPath)}); h.attachMedia(video);
         h.on(Hls.Events.MANIFEST_PARSED, () => video.play());`;
  const html = `<!doctype html><html><body style="margin:0;background:#000">
<video id="v"${sound ? "" : " muted"} autoplay playsinline style="width:640px;height:360px"></video>
<script src="${base}/player.js"></script>
<script>const video = document.getElementById("v"); ${start}</script></body></html>`;
  await page.route(`${base}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith("/player.js")) return route.fulfill({ contentType: "text/javascript", body: readFileSync(script, "utf8") });
    return route.fulfill({ contentType: "text/html", body: html });
  });
  await page.goto(`${base}/player.html`);
  // Routing pauses every request while it is on; the media must flow as it would for a viewer.
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await videoPlaying(page);
  const audible = sound ? ", sound on" : ", muted";
  return kind === "flv"
    ? `minimal page${audible}: mpegts.js ${s.mpegts.version} from ${s.from}, ${settings.from} ${JSON.stringify(settings.flv)}`
    : `minimal page${audible}: hls.js ${s.hls.version} from ${s.from}, ${settings.from} ${JSON.stringify(settings.hls)}`;
}

/** Runs in the page: samples every presented frame of the first playing <video>. */
function installSampler({ width, height }: { width: number; height: number }): void {
  const video = [...document.querySelectorAll("video")].find((v) => v.readyState >= 2) ?? document.querySelector("video")!;
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  const frames: { at: number; y: number[] }[] = [];
  (window as unknown as { __benchFrames: typeof frames }).__benchFrames = frames;
  const onFrame = () => {
    const at = performance.timeOrigin + performance.now();
    ctx.drawImage(video, 0, 0, width, height);
    const rgba = ctx.getImageData(0, 0, width, height).data;
    const y = new Array<number>(width * height);
    for (let i = 0; i < y.length; i++) y[i] = Math.round(0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!);
    frames.push({ at, y });
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
}

/** Until the page's <video> has a picture and its clock moves. */
function videoPlaying(page: Page): Promise<unknown> {
  return page.waitForFunction(
    () => {
      const v = document.querySelector("video");
      return !!v && v.readyState >= 2 && v.currentTime > 0;
    },
    undefined,
    { timeout: 20_000 },
  );
}
