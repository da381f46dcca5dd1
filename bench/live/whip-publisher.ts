// A WHIP streamer in chromium with the same marks as publisher.ts: a page draws 1280x720 frames on the
// wall clock (the same moving grey noise, a flash every MARK_EVERY frames carrying its number) and hands
// each one to chromium's WebRTC encoder (H.264 preferred, 2.5 Mbps at most) with a 440 Hz tone, sent to
// Arena's POST /api/whip as a browser streamer would. A mark's push time is when its first frame is
// handed to the video track (MediaStreamTrackGenerator.write, or canvas.captureStream's requestFrame).
// Only 127.0.0.1: chromium may use loopback, and the answer's other candidates are dropped before it is applied.
import type { Browser, Page } from "playwright-core";
import { FLASH_FRAMES, FPS, HEIGHT, MARK_EVERY, WIDTH } from "./marks.ts";
import type { Mark } from "./publisher.ts";

/** Chromium's switches for the streamer: WebRTC over loopback, host candidates as addresses (no mDNS names). */
export const WHIP_PUBLISHER_ARGS = ["--allow-loopback-in-peer-connection", "--disable-features=WebRtcHideLocalIpsWithMdns"];

/**
 * The noise comes in 16-pixel squares moving 4 pixels a frame: chromium's encoder (OpenH264, software) keeps 30 fps on it at
 * 2.5 Mbps, where the x264 streamer's pixel noise made it skip to about 7 fps (its rate control drops frames it cannot afford).
 */
export const NOISE_GRAIN = 16;
export const NOISE_STEP = 4;

/** What chromium's encoder made of the frames, from getStats at the end. */
export interface SenderStats {
  codec: string;
  encoder: string;
  width: number;
  height: number;
  fps: number;
  kbps: number;
  keyframes: number;
  qualityLimitation: string;
  /** How frames reached the track. */
  source: string;
}

interface WhipPublisher {
  marks: Mark[];
  frames: () => number;
  late: () => number;
  stats(): Promise<SenderStats | undefined>;
  stop(): Promise<void>;
}

interface PageState {
  marks: Mark[];
  frames: number;
  late: number;
}

type BenchWindow = typeof window & {
  __whip: PageState & { stop(): Promise<number>; stats(): Promise<SenderStats | undefined> };
  __whipPublish(o: PublishOptions): Promise<string>;
};

interface PublishOptions {
  endpoint: string;
  token: string;
  width: number;
  height: number;
  fps: number;
  markEvery: number;
  flashFrames: number;
  maxBitrate: number;
  /** Side of the noise's squares in pixels (1: the x264 streamer's pixel noise), and how far it moves per frame. */
  grain: number;
  step: number;
}

/** Opens the streamer's page on Arena's origin (so its fetches are same-origin) and publishes until stop(). */
export async function startWhipPublisher(browser: Browser, arenaUrl: string, streamKey: string): Promise<WhipPublisher> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const base = `${arenaUrl}/__arena_bench_whip`;
    await page.route(`${base}/**`, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><html><body style='margin:0'></body></html>" }));
    await page.goto(`${base}/publisher.html`);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.evaluate(installPublisher);
    const skew = await clockSkew(page);
    await page.evaluate((o) => (window as BenchWindow).__whipPublish(o), {
      endpoint: `${arenaUrl}/api/whip`,
      token: streamKey,
      width: WIDTH,
      height: HEIGHT,
      fps: FPS,
      markEvery: MARK_EVERY,
      flashFrames: FLASH_FRAMES,
      maxBitrate: 2_500_000,
      grain: NOISE_GRAIN,
      step: NOISE_STEP,
    });
    const marks: Mark[] = [];
    let frames = 0;
    let late = 0;
    const drain = async () => {
      const state = await page.evaluate(() => {
        const w = (window as BenchWindow).__whip;
        return { marks: w.marks.splice(0), frames: w.frames, late: w.late };
      });
      for (const m of state.marks) marks.push({ id: m.id, pushedAt: m.pushedAt + skew });
      frames = state.frames;
      late = state.late;
    };
    let stopped = false;
    // The run reads `marks` while it runs: drained every 250 ms (a mark is counted only once its viewer could have seen it).
    const polling = (async () => {
      while (!stopped) {
        await Bun.sleep(250);
        await drain().catch(() => undefined);
      }
    })();
    return {
      marks,
      frames: () => frames,
      late: () => late,
      stats: () => page.evaluate(() => (window as BenchWindow).__whip.stats()).catch(() => undefined),
      async stop() {
        stopped = true;
        await polling;
        await drain().catch(() => undefined);
        await page.evaluate(() => (window as BenchWindow).__whip.stop()).catch(() => undefined);
        await context.close().catch(() => undefined);
      },
    };
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}

/** Date.now() (this process's clock) minus the page's performance.timeOrigin + performance.now(). */
async function clockSkew(page: Page): Promise<number> {
  return page.evaluate(() => {
    let sum = 0;
    for (let i = 0; i < 20; i++) sum += Date.now() - (performance.timeOrigin + performance.now());
    return sum / 20;
  });
}

/** Runs in the page: defines __whipPublish, which starts the frames, the tone and the WHIP session. */
function installPublisher(): void {
  const w = window as BenchWindow;
  const clock = () => performance.timeOrigin + performance.now();
  w.__whipPublish = async (o: PublishOptions) => {
    const canvas = document.createElement("canvas");
    canvas.width = o.width;
    canvas.height = o.height;
    const ctx = canvas.getContext("2d", { alpha: false })!;
    // Grey noise 40..120, larger than a frame: each frame shows it at another offset, so the encoder cannot predict it.
    const MARGIN = 96 * o.grain;
    const small = document.createElement("canvas");
    small.width = Math.ceil((o.width + MARGIN) / o.grain);
    small.height = Math.ceil((o.height + MARGIN) / o.grain);
    const nctx = small.getContext("2d")!;
    const image = nctx.createImageData(small.width, small.height);
    const random = new Uint8Array(small.width * small.height);
    for (let off = 0; off < random.length; off += 65536) crypto.getRandomValues(random.subarray(off, Math.min(random.length, off + 65536)));
    for (let i = 0; i < random.length; i++) {
      const v = 40 + (random[i]! % 81);
      image.data[i * 4] = v;
      image.data[i * 4 + 1] = v;
      image.data[i * 4 + 2] = v;
      image.data[i * 4 + 3] = 255;
    }
    nctx.putImageData(image, 0, 0);
    const noise = document.createElement("canvas");
    noise.width = small.width * o.grain;
    noise.height = small.height * o.grain;
    const big = noise.getContext("2d")!;
    big.imageSmoothingEnabled = false;
    big.drawImage(small, 0, 0, noise.width, noise.height);

    // The exact hand-over: a track fed VideoFrames; else the canvas's own capture, one frame per requestFrame().
    const Generator = (window as unknown as { MediaStreamTrackGenerator?: new (o: { kind: string }) => MediaStreamTrack & { writable: WritableStream<VideoFrame> } }).MediaStreamTrackGenerator;
    let video: MediaStreamTrack;
    let push: (timestampUs: number) => Promise<void>;
    let source: string;
    if (Generator) {
      const generator = new Generator({ kind: "video" });
      const writer = generator.writable.getWriter();
      video = generator;
      push = (timestamp) => writer.write(new VideoFrame(canvas, { timestamp }));
      source = "MediaStreamTrackGenerator (each frame written as a VideoFrame)";
    } else {
      const stream = canvas.captureStream(0);
      const track = stream.getVideoTracks()[0] as MediaStreamTrack & { requestFrame(): void };
      video = track;
      push = async () => track.requestFrame();
      source = "canvas.captureStream(0), requestFrame() per frame";
    }
    const audioContext = new AudioContext();
    const oscillator = audioContext.createOscillator();
    oscillator.frequency.value = 440;
    const gain = audioContext.createGain();
    gain.gain.value = 0.25;
    const destination = audioContext.createMediaStreamDestination();
    oscillator.connect(gain).connect(destination);
    oscillator.start();
    const media = new MediaStream([video, destination.stream.getAudioTracks()[0]!]);

    const peer = new RTCPeerConnection();
    const videoTransceiver = peer.addTransceiver(video, { direction: "sendonly", streams: [media], sendEncodings: [{ maxBitrate: o.maxBitrate, maxFramerate: o.fps }] });
    const codecs = RTCRtpSender.getCapabilities("video")?.codecs ?? [];
    const rank = (c: RTCRtpCodec) => (c.mimeType !== "video/H264" ? 2 : /packetization-mode=1/.test(c.sdpFmtpLine ?? "") && /profile-level-id=42e01f/.test(c.sdpFmtpLine ?? "") ? 0 : 1);
    videoTransceiver.setCodecPreferences([...codecs].sort((a, b) => rank(a) - rank(b)));
    // Frames at the source's size and rate while the link allows (not resolution first when the CPU is busy).
    const parameters = videoTransceiver.sender.getParameters();
    parameters.degradationPreference = "maintain-resolution";
    await videoTransceiver.sender.setParameters(parameters).catch(() => undefined);
    peer.addTransceiver(destination.stream.getAudioTracks()[0]!, { direction: "sendonly", streams: [media] });
    await peer.setLocalDescription(await peer.createOffer());
    await new Promise<void>((done) => {
      if (peer.iceGatheringState === "complete") return done();
      peer.addEventListener("icegatheringstatechange", () => peer.iceGatheringState === "complete" && done());
    });
    const response = await fetch(o.endpoint, { method: "POST", headers: { "Content-Type": "application/sdp", Authorization: `Bearer ${o.token}` }, body: peer.localDescription!.sdp });
    if (response.status !== 201) throw new Error(`WHIP POST answered ${response.status}: ${await response.text()}`);
    const location = new URL(response.headers.get("Location")!, o.endpoint).href;
    const answer = (await response.text())
      .split("\r\n")
      .filter((line) => !line.startsWith("a=candidate:") || / 127\.0\.0\.1 /.test(line))
      .join("\r\n");
    await peer.setRemoteDescription({ type: "answer", sdp: answer });

    const state: PageState = { marks: [], frames: 0, late: 0 };
    let running = true;
    let markCount = 0;
    const started = performance.now();
    const WHITE = "rgb(255,255,255)";
    const BLACK = "rgb(0,0,0)";
    const flashRows = Math.round(o.height * 0.6);
    const loop = (async () => {
      for (let i = 0; running; i++) {
        const slot = started + (i * 1000) / o.fps;
        const wait = slot - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        else if (wait < -1000 / o.fps) state.late++;
        const inMark = i % o.markEvery;
        let mark: number | undefined;
        if (i >= o.markEvery && inMark < o.flashFrames) {
          if (inMark === 0) markCount++;
          const id = (markCount - 1) % 128;
          if (inMark === 0) mark = id;
          // The same picture as marks.ts drawMark: the top 60 % white, the number's 7 bits and parity in 8 columns below.
          ctx.fillStyle = WHITE;
          ctx.fillRect(0, 0, o.width, flashRows);
          const bits = Array.from({ length: 7 }, (_, b) => (id >> (6 - b)) & 1);
          bits.push(bits.reduce((a, b) => a ^ b, 0));
          const column = o.width / 8;
          bits.forEach((bit, b) => {
            ctx.fillStyle = bit ? WHITE : BLACK;
            ctx.fillRect(b * column, flashRows, column, o.height - flashRows);
          });
        } else {
          ctx.drawImage(noise, -((i * o.step) % MARGIN), -(((i * o.step * 1.6) % MARGIN) | 0));
        }
        const at = clock();
        await push(Math.round((i * 1_000_000) / o.fps));
        if (mark !== undefined) state.marks.push({ id: mark, pushedAt: at });
        state.frames++;
      }
    })();
    w.__whip = Object.assign(state, {
      async stop() {
        running = false;
        await loop.catch(() => undefined);
        const res = await fetch(location, { method: "DELETE", headers: { Authorization: `Bearer ${o.token}` } });
        peer.close();
        await audioContext.close();
        return res.status;
      },
      async stats(): Promise<SenderStats | undefined> {
        const report = await peer.getStats();
        let out: SenderStats | undefined;
        const seconds = (performance.now() - started) / 1000;
        report.forEach((s: Record<string, unknown>) => {
          if (s.type !== "outbound-rtp" || s.kind !== "video") return;
          const codec = report.get(s.codecId as string) as { mimeType?: string; sdpFmtpLine?: string } | undefined;
          out = {
            codec: `${codec?.mimeType ?? "?"} ${codec?.sdpFmtpLine?.match(/profile-level-id=\w+/)?.[0] ?? ""}`.trim(),
            encoder: String(s.encoderImplementation ?? "?"),
            width: Number(s.frameWidth ?? 0),
            height: Number(s.frameHeight ?? 0),
            fps: Number(s.framesEncoded ?? 0) / seconds,
            kbps: (Number(s.bytesSent ?? 0) * 8) / seconds / 1000,
            keyframes: Number(s.keyFramesEncoded ?? 0),
            qualityLimitation: String(s.qualityLimitationReason ?? "?"),
            source,
          };
        });
        return out;
      },
    });
    return location;
  };
}
