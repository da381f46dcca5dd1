import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// A live's recording is its parts end to end: the time its publisher was away is not in it. A reconnect of a
// few seconds barely shifts a match cut, one of minutes during a match (issue 37, item 5) would shift it by
// as much; so each absence is written beside the parts, on the server's clock, and the match cut reads it.

/** When the publisher left and when it came back (null: it has not, or the live ended without it). */
interface RecordingGap {
  from: number;
  to: number | null;
}

const GAPS_FILE = "gaps.json";

/** The absences of a live's publisher, in order; none when the live was never recorded or its parts are gone. */
export function recordingGaps(recordingDir: string): RecordingGap[] {
  const file = join(recordingDir, GAPS_FILE);
  if (!existsSync(file)) return [];
  try {
    return JSON.parse(readFileSync(file, "utf8")) as RecordingGap[];
  } catch {
    return [];
  }
}

/** The publisher left at `at` (nothing written for a live not recorded: its folder does not exist). */
export function noteGapStart(recordingDir: string, at: number): void {
  if (!existsSync(recordingDir)) return;
  writeFileSync(join(recordingDir, GAPS_FILE), JSON.stringify([...recordingGaps(recordingDir), { from: at, to: null }]));
}

/** The publisher came back at `at`. */
export function noteGapEnd(recordingDir: string, at: number): void {
  const gaps = recordingGaps(recordingDir);
  const open = gaps.at(-1);
  if (!open || open.to !== null) return;
  open.to = at;
  writeFileSync(join(recordingDir, GAPS_FILE), JSON.stringify(gaps));
}

/** Where the wall-clock instant `at` falls in the recording, in ms from its start: the absences before it left out. */
export function recordedOffset(gaps: RecordingGap[], startedAt: number, at: number): number {
  let away = 0;
  for (const gap of gaps) away += Math.max(0, Math.min(at, gap.to ?? at) - Math.max(startedAt, gap.from));
  return Math.max(0, at - startedAt - away);
}

/** When the recording stopped for good: the start of an absence that never ended; undefined when none is known. */
export function recordingStoppedAt(gaps: RecordingGap[]): number | undefined {
  const last = gaps.at(-1);
  return last && last.to === null ? last.from : undefined;
}
