import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { runFfmpeg } from "./ffmpeg.ts";
import { probe } from "./probe.ts";
import { dropCutTag, flvRecordedSeconds } from "./clip.ts";
import { recordingParts } from "./live-outputs.ts";

export interface FinishedRecording {
  file: string;
  thumbnail: string;
  duration: number;
  size: number;
}

/**
 * Turns a session's FLV parts into one MP4 with its index at the front (fast start, so a browser
 * can seek before the whole file arrives), plus a thumbnail from its middle. Null when nothing was recorded.
 */
export async function finaliseRecording(recordingDir: string, output: string): Promise<FinishedRecording | null> {
  const parts = recordingParts(recordingDir);
  if (parts.length === 0) return null;
  mkdirSync(dirname(output), { recursive: true });
  // The live is over: no part is being written, and one whose remux was killed may end in half a tag.
  for (const part of parts) dropCutTag(part);
  const list = join(recordingDir, "parts.txt");
  writeFileSync(list, parts.map((part) => `file '${part.replaceAll("'", "'\\''")}'`).join("\n"));
  await runFfmpeg(["-y", "-f", "concat", "-safe", "0", "-i", list, "-c", "copy", "-movflags", "+faststart", output], { timeoutMs: 10 * 60_000 });
  const { duration } = await probe(output);
  const thumbnail = output.replace(/\.mp4$/, ".jpg");
  await runFfmpeg(["-y", "-ss", String(Math.max(0, duration / 2)), "-i", output, "-frames:v", "1", "-vf", "scale=640:-2", "-q:v", "4", thumbnail]).catch(() => undefined);
  return { file: output, thumbnail, duration, size: statSync(output).size };
}

/** What concatenation may lose per part: the last frame's own length and a rounded start. */
const PART_SLACK_SECONDS = 0.5;

/**
 * Whether an MP4 holds everything its recording parts did (issue 34, item 12): its length is at least the parts'
 * lengths added up (read from each part's ends, media/clip.ts), less a frame's slack per part. Only then may the
 * parts go, so a failed or cut-short concatenation never costs the streamer their live.
 */
export function mp4CoversParts(parts: string[], mp4Seconds: number): boolean {
  const recorded = parts.reduce((sum, part) => sum + (flvRecordedSeconds(part) ?? 0), 0);
  return parts.length > 0 && mp4Seconds > 0 && mp4Seconds >= recorded - PART_SLACK_SECONDS * parts.length;
}
