import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";
import { type FfmpegJob, type StdinWriter, startFfmpegJob } from "./ffmpeg-job.ts";
import { runFfmpeg } from "./ffmpeg.ts";

export interface LiveOutputPaths {
  /** DATA_DIR/live/{channelId}: index.m3u8, segments, thumbnail.jpg, preview.gif */
  hlsDir: string;
  /** DATA_DIR/recordings/{channelId}/{sessionId}: one FLV part per publish connection; null: not recorded (disk nearly full) */
  recordingDir: string | null;
}

/**
 * Where a channel's live HLS segments and pictures are written while it is live: named by the channel, not its
 * streamer's name, which may change or be freed during the live (the files stay the channel's, and its rule theirs).
 */
export function hlsDirOf(dataDir: string, channelId: number): string {
  return join(dataDir, "live", String(channelId));
}

export const HLS_PLAYLIST = "index.m3u8";
export const THUMBNAIL = "thumbnail.jpg";
export const PREVIEW_GIF = "preview.gif";

/**
 * Where a live job reads the live: an RTMP address, or, for the remux, its stdin fed as FLV from
 * inside the media server (no second RTMP hop: docs/decisions.md, "CPU per stream"). `feed` is
 * called at each start with that process's stdin and returns what stops feeding it.
 */
type LiveInput = { url: () => string } | { feed: (stdin: StdinWriter) => () => void };

/**
 * One ffmpeg reads the live stream once and writes both outputs without re-encoding: the HLS
 * remux (segments cut at every keyframe, so a 1 s keyframe interval gives 1 s segments) and the
 * recording part. Restarted with backoff if it drops while the publisher is still there.
 */
export function startLiveRemux(input: LiveInput, paths: LiveOutputPaths, log: (line: string) => void): FfmpegJob {
  mkdirSync(paths.hlsDir, { recursive: true });
  if (paths.recordingDir) mkdirSync(paths.recordingDir, { recursive: true });
  return startFfmpegJob({
    name: `remux ${paths.hlsDir}`,
    args: [],
    restart: true,
    log,
    ...("feed" in input ? { feed: input.feed } : {}),
    argsForAttempt: () => [
      ...("feed" in input ? ["-f", "flv", "-i", "pipe:0"] : ["-rw_timeout", "10000000", "-i", input.url()]),
      "-map",
      "0",
      "-c",
      "copy",
      ...hlsOutputArgs(join(paths.hlsDir, HLS_PLAYLIST), join(paths.hlsDir, "segment-%d.ts")),
      ...recordingOutputArgs(paths.recordingDir),
    ],
  });
}

/**
 * The HLS muxer's options for one playlist and its segments. Segment numbers come from the clock,
 * so a reconnect inside the same live never reuses a segment name: by default ffmpeg reads it at
 * its start; a quality ladder passes one number to every rendition, so their segments are numbered alike.
 */
export function hlsOutputArgs(playlist: string, segments: string, startNumber?: number): string[] {
  return [
    "-f",
    "hls",
    "-hls_time",
    "1",
    "-hls_list_size",
    "8",
    "-hls_flags",
    "delete_segments+append_list+omit_endlist+independent_segments+program_date_time+discont_start",
    ...(startNumber === undefined ? ["-hls_start_number_source", "epoch"] : ["-start_number", String(startNumber)]),
    "-hls_segment_filename",
    segments,
    playlist,
  ];
}

/** The recording part: every stream of the source, copied as it came (nothing when the live is not recorded). */
export function recordingOutputArgs(recordingDir: string | null): string[] {
  if (!recordingDir) return [];
  return ["-map", "0", "-c", "copy", "-f", "flv", nextPartPath(recordingDir)];
}

/**
 * part-0001.flv, part-0002.flv…: a reconnect inside the grace window, or a remux restarted after a
 * crash, adds a part to the same session. Numbered after every part there, empty ones included: a
 * remux killed before its first write leaves an empty file, which ffmpeg would refuse to overwrite.
 */
function nextPartPath(recordingDir: string): string {
  const parts = partFiles(recordingDir);
  return join(recordingDir, `part-${String(parts.length + 1).padStart(4, "0")}.flv`);
}

/** The session's parts that hold something, in order. */
export function recordingParts(recordingDir: string): string[] {
  return partFiles(recordingDir).filter((file) => statSync(file).size > 0);
}

function partFiles(recordingDir: string): string[] {
  if (!existsSync(recordingDir)) return [];
  return readdirSync(recordingDir)
    .filter((name) => /^part-\d+\.flv$/.test(name))
    .sort()
    .map((name) => join(recordingDir, name));
}

/** The newest finished HLS segment (the one being written is left alone). */
function newestSegment(hlsDir: string): string | undefined {
  if (!existsSync(hlsDir)) return undefined;
  const segments = readdirSync(hlsDir)
    .map((name) => ({ name, index: Number(name.match(/^segment-(\d+)\.ts$/)?.[1] ?? Number.NaN) }))
    .filter((s) => !Number.isNaN(s.index))
    .sort((a, b) => b.index - a.index);
  const finished = segments[1] ?? segments[0];
  return finished ? join(hlsDir, finished.name) : undefined;
}

/**
 * Thumbnails come from the newest HLS segment: decoding one keyframe every few seconds costs far
 * less than decoding the whole stream. Files are written beside and renamed, so readers never see half a picture.
 */
export function refreshThumbnail(hlsDir: string): Promise<boolean> {
  // A segment starts on a keyframe: decode that one only, on one thread, without the audio.
  return renderFromNewestSegment(hlsDir, THUMBNAIL, ["-frames:v", "1", "-an", "-vf", "scale=640:-2", "-q:v", "5", "-f", "image2"], ["-skip_frame", "nokey", "-threads", "1"]);
}

/** Two seconds of the newest segment as a small looping GIF: the card's animated preview. */
export function refreshPreviewGif(hlsDir: string): Promise<boolean> {
  return renderFromNewestSegment(hlsDir, PREVIEW_GIF, ["-t", "2", "-an", "-vf", "fps=8,scale=320:-2:flags=lanczos", "-loop", "0", "-f", "gif"], ["-threads", "1"]);
}

async function renderFromNewestSegment(hlsDir: string, name: string, outputArgs: string[], inputArgs: string[] = []): Promise<boolean> {
  const segment = newestSegment(hlsDir);
  if (!segment) return false;
  const temp = join(hlsDir, `.${name}`);
  await runFfmpeg(["-y", ...inputArgs, "-i", segment, ...outputArgs, temp]);
  renameSync(temp, join(hlsDir, name));
  return true;
}
