// A viewer made of ffmpeg: reads a live URL (HTTP-FLV, RTMP or HLS), decodes it on one thread,
// scales each picture to a 32x18 grey thumbnail and writes it to a pipe as soon as it is decoded;
// this process timestamps each thumbnail as it arrives and looks for marks in it.
import { now } from "./clock.ts";
import { MarkDetector, THUMB_BYTES, THUMB_H, THUMB_W } from "./marks.ts";

export interface Reader {
  label: string;
  pid: number;
  detector: MarkDetector;
  stderr: () => string;
  stop(): Promise<void>;
}

export function startFfmpegReader(label: string, url: string, kind: "flv" | "rtmp" | "hls"): Reader {
  // A small RTMP buffer: with ffmpeg's default (3 s) nginx-rtmp holds messages back for this viewer.
  // prettier-ignore
  const input = [
    "-fflags",
    "nobuffer",
    "-flags",
    "low_delay",
    "-threads",
    "1",
    ...(kind === "hls" ? ["-live_start_index", "-1"] : [...(kind === "rtmp" ? ["-rtmp_buffer", "100"] : []), "-probesize", "1000000", "-analyzeduration", "2000000"]),
    "-i",
    url,
  ];
  // prettier-ignore
  const output = ["-map", "0:v:0", "-an", "-vf", `scale=${THUMB_W}:${THUMB_H}:flags=area,format=gray`, "-fps_mode", "passthrough", "-flush_packets", "1", "-f", "rawvideo", "pipe:1"];
  const proc = Bun.spawn(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", ...input, ...output], { stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const detector = new MarkDetector();
  let errText = "";
  void (async () => {
    for await (const chunk of proc.stderr) errText = (errText + new TextDecoder().decode(chunk)).slice(-4000);
  })().catch(() => undefined);
  const reading = (async () => {
    let pending = new Uint8Array(0);
    for await (const chunk of proc.stdout) {
      const at = now();
      const data = pending.length ? concat(pending, chunk) : chunk;
      let offset = 0;
      for (; offset + THUMB_BYTES <= data.length; offset += THUMB_BYTES) detector.push(data.subarray(offset, offset + THUMB_BYTES), at);
      pending = data.slice(offset);
    }
  })().catch(() => undefined);
  return {
    label,
    pid: proc.pid,
    detector,
    stderr: () => errText,
    async stop() {
      proc.kill("SIGTERM");
      const exited = await Promise.race([proc.exited.then(() => true), Bun.sleep(2000).then(() => false)]);
      if (!exited) proc.kill("SIGKILL");
      await proc.exited;
      await reading;
    },
  };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
