import { closeSync, fstatSync, ftruncateSync, mkdirSync, openSync, readSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { runFfmpeg } from "./ffmpeg.ts";
import { probe } from "./probe.ts";
import type { FinishedRecording } from "./recording.ts";

/**
 * Copies `seconds` of `input` from `start` into an MP4 (a member's clip, issue 19): see cutRecording.
 * The clip may be up to one keyframe interval longer than asked.
 */
export function cutClip(input: string, start: number, seconds: number, output: string): Promise<FinishedRecording> {
  return cutRecording([input], start, seconds, output);
}

/**
 * Cuts a span out of one file or a live's recording parts (a clip, a match replay: issues 18 and 19)
 * without re-encoding: copied packets cannot begin elsewhere than on a keyframe, so the cut starts on
 * the keyframe at or before `start`, up to one keyframe interval early, never late. `seconds`
 * undefined takes everything to the end of what was recorded. The parts may still be growing (the live
 * goes on): FLV needs no trailer, ffmpeg reads what is there. Index at the front, so it plays as it
 * downloads; the true length is read back with ffprobe.
 */
export async function cutRecording(parts: string[], start: number, seconds: number | undefined, output: string): Promise<FinishedRecording> {
  mkdirSync(dirname(output), { recursive: true });
  // Every part but the newest was closed by a remux that stopped, perhaps killed in the middle of a tag.
  for (const part of parts.slice(0, -1)) dropCutTag(part);
  const input = parts.length === 1 ? ["-i", parts[0]!] : ["-f", "concat", "-safe", "0", "-i", partList(parts, output)];
  const span = seconds === undefined ? [] : ["-t", seconds.toFixed(3)];
  await runFfmpeg(["-y", "-ss", start.toFixed(3), ...input, ...span, "-map", "0:v:0", "-map", "0:a:0?", "-c", "copy", "-avoid_negative_ts", "make_zero", "-movflags", "+faststart", output], {
    timeoutMs: 10 * 60_000,
  });
  const { duration } = await probe(output);
  const thumbnail = output.replace(/\.mp4$/, ".jpg");
  await runFfmpeg(["-y", "-ss", String(Math.max(0, duration / 2)), "-i", output, "-frames:v", "1", "-vf", "scale=640:-2", "-q:v", "4", thumbnail]).catch(() => undefined);
  return { file: output, thumbnail, duration, size: statSync(output).size };
}

/** ffmpeg's concat list of the parts, beside the output. */
function partList(parts: string[], output: string): string {
  const list = output.replace(/\.mp4$/, ".parts.txt");
  writeFileSync(list, parts.map((part) => `file '${part.replaceAll("'", "'\\''")}'`).join("\n"));
  return list;
}

const FLV_HEADER = 13;
const AUDIO = 8;
const VIDEO = 9;
/** Enough of a file's end to hold several whole tags, even at a high bitrate. */
const TAIL_BYTES = 4 * 1024 * 1024;

/**
 * How many seconds a recording part being written holds: the last whole audio or video tag's
 * timestamp minus the first one's. Read from the file's two ends, so a live of hours costs the
 * same as one of a minute (an ffprobe would read it all). Null when no whole tag is there yet.
 */
export function flvRecordedSeconds(file: string): number | null {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    const head = readAt(fd, 0, Math.min(size, 256 * 1024));
    const first = firstMediaTimestamp(head);
    const last = lastWholeMediaTagIn(fd, size)?.timestamp ?? null;
    return first === null || last === null ? null : Math.max(0, (last - first) / 1000);
  } finally {
    closeSync(fd);
  }
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

function tagAt(buffer: Buffer, start: number): { type: number; dataSize: number; timestamp: number } | null {
  if (start < 0 || start + 11 > buffer.length) return null;
  const type = buffer[start]!;
  const dataSize = buffer.readUIntBE(start + 1, 3);
  const timestamp = buffer.readUIntBE(start + 4, 3) + buffer[start + 7]! * 0x1000000;
  const streamId = buffer.readUIntBE(start + 8, 3);
  return streamId === 0 && (type === AUDIO || type === VIDEO || type === 18) ? { type, dataSize, timestamp } : null;
}

function firstMediaTimestamp(head: Buffer): number | null {
  if (head.length < FLV_HEADER || head.toString("latin1", 0, 3) !== "FLV") return null;
  let at = head.readUInt32BE(5) + 4;
  for (let tag = tagAt(head, at); tag; tag = tagAt(head, at)) {
    if (tag.type !== 18) return tag.timestamp;
    at += 11 + tag.dataSize + 4;
  }
  return null;
}

/**
 * The file may end inside a tag still being written, so the end is searched backwards for a
 * "previous tag size" that points at a tag of exactly that size, itself preceded by another such
 * pair: a chain that random video bytes do not make. `end` is where that tag's size field ends in `tail`.
 */
function lastWholeMediaTag(tail: Buffer): { timestamp: number; end: number } | null {
  for (let end = tail.length - 4; end >= 15; end--) {
    const tag = wholeTagEndingAt(tail, end);
    if (!tag || (tag.type !== AUDIO && tag.type !== VIDEO)) continue;
    const before = tag.start - 4;
    if (before >= 15 && !wholeTagEndingAt(tail, before)) continue;
    return { timestamp: tag.timestamp, end: end + 4 };
  }
  return null;
}

/** The last whole media tag of an open FLV of `size` bytes, read from its end; `end` is a position in the file. */
function lastWholeMediaTagIn(fd: number, size: number): { timestamp: number; end: number } | null {
  const tailStart = Math.max(0, size - TAIL_BYTES);
  const tag = lastWholeMediaTag(readAt(fd, tailStart, size - tailStart));
  return tag && { timestamp: tag.timestamp, end: tailStart + tag.end };
}

/**
 * Ends a recording part whose writer is gone at its last whole tag. A remux killed while writing (a crash, a
 * SIGKILL) leaves half a tag at the end, and ffmpeg's concat demuxer stops the whole concatenation at it: a replay
 * of two parts came out with the first part only. Returns the bytes dropped.
 */
export function dropCutTag(file: string): number {
  const fd = openSync(file, "r+");
  try {
    const size = fstatSync(fd).size;
    const end = lastWholeMediaTagIn(fd, size)?.end;
    if (end === undefined || end === size) return 0;
    ftruncateSync(fd, end);
    return size - end;
  } finally {
    closeSync(fd);
  }
}

/** The tag whose "previous tag size" field sits at `sizeAt`, when the field and the tag agree. */
function wholeTagEndingAt(buffer: Buffer, sizeAt: number) {
  const size = buffer.readUInt32BE(sizeAt);
  if (size < 11 || size > sizeAt) return null;
  const start = sizeAt - size;
  const tag = tagAt(buffer, start);
  return tag && tag.dataSize + 11 === size ? { ...tag, start } : null;
}
