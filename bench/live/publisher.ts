// The streamer: this Bun process draws 720p30 frames itself and writes them into an ffmpeg encoder
// (x264 veryfast, zerolatency, 1 s GOP by default, 2 s as OBS recommends on request, 2.5 Mbps CBR-like, AAC) that pushes FLV over RTMP, so the
// wall-clock time each mark's first frame was handed to the encoder is known exactly.
// The audio (a tone) comes through a FIFO, written ahead of the video, so the FLV muxer never holds
// a video frame back while it waits for audio to interleave with.
import { type FileHandle, open } from "node:fs/promises";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { drawMark, FLASH_FRAMES, FPS, HEIGHT, MARK_EVERY, WIDTH } from "./marks.ts";
import { now } from "./clock.ts";

const Y_BYTES = WIDTH * HEIGHT;
const FRAME_BYTES = (Y_BYTES * 3) / 2;
const SAMPLE_RATE = 44_100;
const AUDIO_LEAD_S = 0.3;

export interface Mark {
  id: number;
  /** When its first frame was handed to the encoder (ms, wall clock). */
  pushedAt: number;
}

export interface Publisher {
  pid: number;
  marks: Mark[];
  /** When each keyframe (every GOP: no scene-cut keyframes) was handed to the encoder. */
  keyframes: number[];
  /** Frames that were written later than their slot by more than one frame. */
  late: () => number;
  frames: () => number;
  exitCode: () => number | null;
  /** Resolves when the encoder exits (it exits when the server refuses or drops it). */
  exited: Promise<number>;
  stderr: () => string;
  stop(): Promise<void>;
}

/** Starts publishing to `url`; `tempDir` holds the audio FIFO; a keyframe every `gopSeconds`. Runs until stop(). */
export async function startPublisher(url: string, tempDir: string, name = "pub", gopSeconds = 1): Promise<Publisher> {
  const gopFrames = Math.round(gopSeconds * FPS);
  const fifo = join(tempDir, `${name}-audio.pcm`);
  if (Bun.spawnSync(["mkfifo", fifo]).exitCode !== 0) throw new Error(`mkfifo ${fifo} failed`);
  // prettier-ignore
  const args = [
    "-hide_banner",
    "-loglevel",
    "error",
    "-nostdin",
    "-f",
    "s16le",
    "-ar",
    String(SAMPLE_RATE),
    "-ac",
    "1",
    "-probesize",
    "32",
    "-analyzeduration",
    "0",
    "-i",
    fifo,
    "-f",
    "rawvideo",
    "-pix_fmt",
    "yuv420p",
    "-s",
    `${WIDTH}x${HEIGHT}`,
    "-r",
    String(FPS),
    "-probesize",
    "32",
    "-analyzeduration",
    "0",
    "-i",
    "pipe:0",
    "-map",
    "1:v",
    "-map",
    "0:a",
    ...streamerEncoding(gopFrames),
    "-flush_packets",
    "1",
    "-f",
    "flv",
    url,
  ];
  const proc: Subprocess<"pipe", "ignore", "pipe"> = Bun.spawn(["ffmpeg", ...args], { stdin: "pipe", stdout: "ignore", stderr: "pipe" });
  let errText = "";
  void (async () => {
    for await (const chunk of proc.stderr) errText = (errText + new TextDecoder().decode(chunk)).slice(-4000);
  })().catch(() => undefined);

  // ffmpeg opens its inputs in order: the FIFO first (this open waits for it), then the video pipe.
  const opening = open(fifo, "w");
  const audio = (await Promise.race([opening, proc.exited.then(() => undefined)])) as FileHandle | undefined;
  if (!audio) throw new Error(`encoder exited before reading audio: ${errText}`);

  const noise = makeNoise();
  const frames = [new Uint8Array(FRAME_BYTES), new Uint8Array(FRAME_BYTES)];
  for (const f of frames) f.fill(128, Y_BYTES);
  const tone = makeTone();
  let samplesWritten = 0;
  const writeAudio = async (untilSample: number) => {
    while (samplesWritten < untilSample) {
      const n = Math.min(untilSample - samplesWritten, SAMPLE_RATE);
      const start = (samplesWritten % SAMPLE_RATE) * 2;
      const chunk = start + n * 2 <= tone.length ? tone.subarray(start, start + n * 2) : Buffer.concat([tone.subarray(start), tone.subarray(0, start + n * 2 - tone.length)]);
      await audio.write(chunk);
      samplesWritten += n;
    }
  };
  await writeAudio(Math.round(AUDIO_LEAD_S * SAMPLE_RATE));

  const marks: Mark[] = [];
  const keyframes: number[] = [];
  let stopped = false;
  let late = 0;
  let written = 0;
  const loop = (async () => {
    const start = now();
    for (let i = 0; !stopped; i++) {
      const slot = start + (i * 1000) / FPS;
      const wait = slot - now();
      if (wait > 1) await Bun.sleep(wait);
      else if (wait < -1000 / FPS) late++;
      const frame = frames[i % 2]!;
      const inMark = i % MARK_EVERY;
      const y = frame.subarray(0, Y_BYTES);
      if (i >= MARK_EVERY && inMark < FLASH_FRAMES) {
        if (inMark === 0) marks.push({ id: marks.length % 128, pushedAt: now() });
        drawMark(y, marks.at(-1)!.id);
      } else {
        // The noise moves by an odd offset every frame: the encoder cannot predict it.
        const offset = ((i * 9973) % (noise.length - Y_BYTES)) | 0;
        y.set(noise.subarray(offset, offset + Y_BYTES));
      }
      if (i % gopFrames === 0) keyframes.push(now());
      await writeAudio(Math.round((AUDIO_LEAD_S + (i + 1) / FPS) * SAMPLE_RATE));
      proc.stdin.write(frame);
      await proc.stdin.flush();
      written++;
    }
  })();
  loop.catch(() => undefined);

  return {
    pid: proc.pid,
    marks,
    keyframes,
    late: () => late,
    frames: () => written,
    exitCode: () => proc.exitCode,
    exited: proc.exited,
    stderr: () => errText,
    async stop() {
      stopped = true;
      await Promise.race([loop.catch(() => undefined), Bun.sleep(2000)]);
      try {
        proc.stdin.end();
      } catch {}
      await audio.close().catch(() => undefined);
      const exited = await Promise.race([proc.exited.then(() => true), Bun.sleep(3000).then(() => false)]);
      if (!exited) proc.kill("SIGKILL");
      await proc.exited;
    },
  };
}

/** Luma noise 40..120 with room to slide a 1280x720 window through it. */
function makeNoise(): Uint8Array {
  const bytes = new Uint8Array(Y_BYTES + WIDTH * 181);
  for (let off = 0; off < bytes.length; off += 65536) crypto.getRandomValues(bytes.subarray(off, Math.min(bytes.length, off + 65536)));
  for (let i = 0; i < bytes.length; i++) bytes[i] = 40 + (bytes[i]! % 81);
  return bytes;
}

/** One second of a 440 Hz tone, signed 16-bit little-endian mono. */
function makeTone(): Buffer {
  const tone = Buffer.alloc(SAMPLE_RATE * 2);
  for (let i = 0; i < SAMPLE_RATE; i++) tone.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE)), i * 2);
  return tone;
}

/** How the bench's streamer encodes (OBS-like: x264 veryfast zerolatency, fixed GOP, 2.5 Mbps capped, AAC 128k); the cached clip uses it too. */
export function streamerEncoding(gopFrames: number): string[] {
  // prettier-ignore
  return [
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-tune",
    "zerolatency",
    "-pix_fmt",
    "yuv420p",
    "-g",
    String(gopFrames),
    "-keyint_min",
    String(gopFrames),
    "-sc_threshold",
    "0",
    "-b:v",
    "2500k",
    "-maxrate",
    "2500k",
    "-bufsize",
    "2500k",
    "-c:a",
    "aac",
    "-b:a",
    "128k",
  ];
}
