import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { runFfmpeg } from "./ffmpeg.ts";
import type { FinishedRecording } from "./recording.ts";
import { probe } from "./probe.ts";

/**
 * Cuts a span out of a live's recording parts (issue 18, match replays) without re-encoding: `-c copy`
 * starts the clip on the keyframe at or before `fromSeconds`, so the clip may begin up to one keyframe
 * interval early, never late. `seconds` undefined takes everything to the end of what was recorded.
 * The parts may still be growing (the live goes on): FLV needs no trailer, ffmpeg reads what is there.
 */
export async function cutRecording(parts: string[], fromSeconds: number, seconds: number | undefined, output: string): Promise<FinishedRecording> {
  mkdirSync(dirname(output), { recursive: true });
  const input = parts.length === 1 ? ["-i", parts[0]!] : ["-f", "concat", "-safe", "0", "-i", partList(parts, output)];
  const span = seconds === undefined ? [] : ["-t", seconds.toFixed(3)];
  await runFfmpeg(["-y", "-ss", fromSeconds.toFixed(3), ...input, ...span, "-map", "0", "-c", "copy", "-avoid_negative_ts", "make_zero", "-movflags", "+faststart", output], {
    timeoutMs: 10 * 60_000,
  });
  const { duration } = await probe(output);
  const thumbnail = output.replace(/\.mp4$/, ".jpg");
  await runFfmpeg(["-y", "-ss", String(Math.max(0, duration / 2)), "-i", output, "-frames:v", "1", "-vf", "scale=640:-2", "-q:v", "4", thumbnail]).catch(() => undefined);
  return { file: output, thumbnail, duration, size: statSync(output).size };
}

function partList(parts: string[], output: string): string {
  const list = output.replace(/\.mp4$/, ".parts.txt");
  writeFileSync(list, parts.map((part) => `file '${part.replaceAll("'", "'\\''")}'`).join("\n"));
  return join(list);
}
