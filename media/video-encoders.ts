import { existsSync } from "node:fs";
import { runFfmpeg } from "./ffmpeg.ts";

/** The H.264 encoders a quality ladder can use: the GPU's when one works, else x264 on the CPU. */
export type VideoEncoder = "h264_vaapi" | "h264_nvenc" | "libx264";

export const RENDER_DEVICE = "/dev/dri/renderD128";

const TRIAL_INPUT = ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=30", "-frames:v", "1", "-an"];

/**
 * The first hardware encoder that really encodes a frame here (VAAPI, then NVENC), else libx264.
 * ffmpeg lists encoders it was built with, not ones this machine can run (Debian's ffmpeg lists
 * h264_nvenc with no NVIDIA card in sight): only a one-frame trial tells.
 */
export async function detectVideoEncoder(renderDevice = RENDER_DEVICE): Promise<VideoEncoder> {
  const listed = new TextDecoder().decode(await runFfmpeg(["-encoders"]).catch(() => new Uint8Array()));
  const trial = (args: string[]) =>
    runFfmpeg([...args, "-f", "null", "-"], { timeoutMs: 10_000 }).then(
      () => true,
      () => false,
    );
  if (listed.includes("h264_vaapi") && existsSync(renderDevice) && (await trial(["-vaapi_device", renderDevice, ...TRIAL_INPUT, "-vf", "format=nv12,hwupload", "-c:v", "h264_vaapi"]))) {
    return "h264_vaapi";
  }
  if (listed.includes("h264_nvenc") && (await trial([...TRIAL_INPUT, "-c:v", "h264_nvenc"]))) return "h264_nvenc";
  return "libx264";
}

/** What goes before the input: VAAPI needs its device opened for the filters that upload frames to it. */
export function encoderInputArgs(encoder: VideoEncoder, renderDevice = RENDER_DEVICE): string[] {
  return encoder === "h264_vaapi" ? ["-vaapi_device", renderDevice] : [];
}

/** The end of a rendition's filter chain: VAAPI encodes frames that live on the GPU. */
export function encoderFilterSuffix(encoder: VideoEncoder): string {
  return encoder === "h264_vaapi" ? ",format=nv12,hwupload" : "";
}

/**
 * One rendition's encoder options. A keyframe wherever the source has one (`-force_key_frames source`)
 * and nowhere else (a long `-g`, no scene-cut keyframes): the HLS muxer cuts every rendition at the
 * same instants, so a player switches between them at any segment boundary.
 */
export function encoderArgs(encoder: VideoEncoder, videoKbps: number, fps: number): string[] {
  const rate = ["-b:v", `${videoKbps}k`, "-maxrate", `${videoKbps}k`, "-bufsize", `${videoKbps}k`];
  const keyframes = ["-force_key_frames", "source", "-g", String(Math.round(fps * 10))];
  switch (encoder) {
    case "libx264":
      return ["-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-profile:v", "main", "-level:v", "4.0", "-pix_fmt", "yuv420p", ...rate, ...keyframes, "-sc_threshold", "0"];
    case "h264_nvenc":
      return ["-c:v", "h264_nvenc", "-preset", "p3", "-tune", "ll", "-profile:v", "main", "-level:v", "4.0", "-rc", "cbr", "-forced-idr", "1", ...rate, ...keyframes];
    case "h264_vaapi":
      return ["-c:v", "h264_vaapi", "-profile:v", "main", "-level", "4", "-rc_mode", "CBR", ...rate, ...keyframes];
  }
}

/** The codec name a master playlist announces for a rendition: H.264 Main, level 4.0. */
export const RENDITION_VIDEO_CODEC = "avc1.4d4028";
