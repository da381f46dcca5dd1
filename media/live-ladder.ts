import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type FfmpegJob, startFfmpegJob } from "./ffmpeg-job.ts";
import { HLS_PLAYLIST, hlsOutputArgs, type LiveOutputPaths, recordingOutputArgs, startLiveRemux } from "./live-outputs.ts";
import type { PublisherInfo } from "./media-server.ts";
import { encoderArgs, encoderFilterSuffix, encoderInputArgs, RENDITION_VIDEO_CODEC, type VideoEncoder } from "./video-encoders.ts";

/**
 * The optional quality ladder (LIVE_LADDER): one ffmpeg per live decodes the source once and encodes
 * it at each configured height below it, beside the source itself (copied) and the recording (copied
 * too). Every rendition is its own HLS playlist; index.m3u8 becomes the master playlist listing them.
 */

/** The source's own playlist when a ladder runs (index.m3u8 is then the master playlist). */
export const SOURCE_PLAYLIST = "source.m3u8";
/** hls.js reports it as the level's name: the player calls that level "Source". */
const SOURCE_NAME = "source";

interface Rendition {
  /** "480p": its playlist is 480p.m3u8, its segments 480p-<n>.ts. */
  name: string;
  width: number;
  height: number;
  videoKbps: number;
}

/** What a live's ladder job is made of, decided once its publisher said what it sends. */
interface LadderPlan {
  source: PublisherInfo;
  renditions: Rendition[];
  encoder: VideoEncoder;
}

/** 2.5 Mb/s at 720p, scaled by the picture's area to the power 3/4 (x264 needs less per pixel as pictures grow), in steps of 50 kb/s. */
export function videoKbpsFor(height: number): number {
  return Math.round((2500 * (height / 720) ** 1.5) / 50) * 50;
}

/** The configured heights strictly below the source's (a ladder never upscales, nor re-encodes the source's own size), highest first. */
export function renditionsFor(heights: number[], source: Pick<PublisherInfo, "width" | "height">): Rendition[] {
  return heights.filter((height) => height < source.height).map((height) => ({ name: `${height}p`, height, width: evenWidth(source, height), videoKbps: videoKbpsFor(height) }));
}

/** What ffmpeg's `scale=-2:<height>` makes: the source's aspect ratio, rounded to an even width. */
function evenWidth(source: Pick<PublisherInfo, "width" | "height">, height: number): number {
  return Math.round((height * source.width) / source.height / 2) * 2;
}

/**
 * One decode, split into one scaler (and encoder) per rendition. Square pixels: the even width is a
 * hair off the source's shape, and players would otherwise stretch the picture to 241 lines for it.
 */
export function ladderFilter(renditions: Rendition[], encoder: VideoEncoder): string {
  const scale = (rendition: Rendition, input: string, index: number) => `${input}scale=-2:${rendition.height},setsar=1${encoderFilterSuffix(encoder)}[out${index}]`;
  if (renditions.length === 1) return scale(renditions[0]!, "[0:v:0]", 0);
  const branches = renditions.map((_, index) => `[in${index}]`).join("");
  return [`[0:v:0]split=${renditions.length}${branches}`, ...renditions.map((rendition, index) => scale(rendition, `[in${index}]`, index))].join(";");
}

/** Each rendition's output options: its scaled picture, the source's sound copied, its own HLS playlist. */
export function renditionOutputArgs(renditions: Rendition[], encoder: VideoEncoder, fps: number, output: (rendition: Rendition) => string[]): string[] {
  return renditions.flatMap((rendition, index) => ["-map", `[out${index}]`, "-map", "0:a?", ...encoderArgs(encoder, rendition.videoKbps, fps), "-c:a", "copy", ...output(rendition)]);
}

/** The whole job: the source copied to HLS, each rendition encoded to HLS, the recording part copied. */
function ladderArgs(input: string, plan: LadderPlan, paths: LiveOutputPaths, startNumber: number): string[] {
  const { hlsDir } = paths;
  return [
    ...encoderInputArgs(plan.encoder),
    "-rw_timeout",
    "10000000",
    "-i",
    input,
    "-filter_complex",
    ladderFilter(plan.renditions, plan.encoder),
    "-map",
    "0",
    "-c",
    "copy",
    ...hlsOutputArgs(join(hlsDir, SOURCE_PLAYLIST), join(hlsDir, "segment-%d.ts"), startNumber),
    ...renditionOutputArgs(plan.renditions, plan.encoder, plan.source.fps, (rendition) => hlsOutputArgs(join(hlsDir, `${rendition.name}.m3u8`), join(hlsDir, `${rendition.name}-%d.ts`), startNumber)),
    ...recordingOutputArgs(paths.recordingDir),
  ];
}

/**
 * The master playlist: the source first, then each rendition, with what a player needs to choose
 * (BANDWIDTH, RESOLUTION, CODECS). NAME is not in RFC 8216's list for this tag, so other players
 * ignore it; hls.js reports it as the level's name.
 */
export function masterPlaylist(plan: LadderPlan): string {
  const { source } = plan;
  const audioKbps = source.audioCodec ? source.audioKbps || 128 : 0;
  // A tenth on top, as ffmpeg does: BANDWIDTH is a peak, the encoders' rates are averages.
  const bandwidth = (videoKbps: number) => Math.round((videoKbps + audioKbps) * 1.1 * 1000);
  const codecs = (video: string | undefined) => (video ? `,CODECS="${[video, source.audioCodec].filter(Boolean).join(",")}"` : "");
  const frameRate = `FRAME-RATE=${source.fps.toFixed(3)}`;
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-INDEPENDENT-SEGMENTS"];
  lines.push(
    `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth(source.videoKbps || videoKbpsFor(source.height))},RESOLUTION=${source.width}x${source.height},${frameRate}${codecs(source.videoCodec)},NAME="${SOURCE_NAME}"`,
    SOURCE_PLAYLIST,
  );
  for (const rendition of plan.renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth(rendition.videoKbps)},RESOLUTION=${rendition.width}x${rendition.height},${frameRate}${codecs(RENDITION_VIDEO_CODEC)},NAME="${rendition.name}"`,
      `${rendition.name}.m3u8`,
    );
  }
  return `${lines.join("\n")}\n`;
}

interface LadderOptions {
  input: () => string;
  paths: LiveOutputPaths;
  log: (line: string) => void;
  /** LIVE_LADDER's heights, highest first. */
  heights: number[];
  encoder: Promise<VideoEncoder>;
  /** The publisher's description, once it came (media-server.ts publisherInfo). */
  source: () => PublisherInfo | undefined;
  /** The same live's jobs from before its publisher came back, while they stop: they may still write a playlist. */
  previousJobsStopped?: Promise<unknown>;
}

// The publisher's metadata and codec headers follow its publish command within milliseconds; the
// media server keeps the current group of pictures for late readers, so the recording loses nothing.
const SOURCE_WAIT_MS = 2000;
const SOURCE_POLL_MS = 20;
const MASTER_POLL_MS = 100;

/**
 * A live's job when the ladder is on. It starts once the publisher said its picture size; a source
 * no taller than every rung, or one that never says, is remuxed as without a ladder.
 */
export function startLiveLadder(options: LadderOptions): FfmpegJob {
  const { paths, log } = options;
  let job: FfmpegJob | undefined;
  let stopped = false;
  const starting = (async () => {
    const [source, encoder] = await Promise.all([waitForSource(options.source, () => stopped), options.encoder, options.previousJobsStopped]);
    if (stopped) return;
    const renditions = source ? renditionsFor(options.heights, source) : [];
    // A publisher back within the grace window may send another size: what the last plan wrote and this one does not is taken away.
    forgetOtherPlaylists(paths.hlsDir, renditions);
    if (!source || renditions.length === 0) {
      job = startLiveRemux({ url: options.input }, paths, log);
      return;
    }
    const plan: LadderPlan = { source, renditions, encoder };
    mkdirSync(paths.hlsDir, { recursive: true });
    if (paths.recordingDir) mkdirSync(paths.recordingDir, { recursive: true });
    job = startFfmpegJob({
      name: `ladder ${paths.hlsDir}`,
      args: [],
      restart: true,
      log,
      argsForAttempt: () => ladderArgs(options.input(), plan, paths, Math.floor(Date.now() / 1000)),
    });
    await publishMasterWhenReady(plan, paths.hlsDir, () => stopped);
  })().catch((error: unknown) => log(`[media] ladder ${paths.hlsDir}: ${(error as Error).message}`));
  return {
    name: `ladder ${paths.hlsDir}`,
    async stop(waitMs) {
      stopped = true;
      await starting;
      await job?.stop(waitMs);
    },
  };
}

/**
 * Removes the playlists of renditions this plan does not make, and without renditions the master
 * playlist, where the remux writes the source's (with renditions, the new master replaces it whole).
 */
function forgetOtherPlaylists(hlsDir: string, renditions: Rendition[]): void {
  if (!existsSync(hlsDir)) return;
  const index = join(hlsDir, HLS_PLAYLIST);
  if (renditions.length === 0 && existsSync(index) && readFileSync(index, "utf8").includes("#EXT-X-STREAM-INF:")) rmSync(index);
  const kept = new Set([SOURCE_PLAYLIST, ...renditions.map((rendition) => `${rendition.name}.m3u8`)]);
  for (const name of readdirSync(hlsDir)) if (/^\d+p\.m3u8$/.test(name) && !kept.has(name)) rmSync(join(hlsDir, name), { force: true });
}

async function waitForSource(source: () => PublisherInfo | undefined, stopped: () => boolean): Promise<PublisherInfo | undefined> {
  const deadline = Date.now() + SOURCE_WAIT_MS;
  for (;;) {
    const info = source();
    if (info || stopped() || Date.now() > deadline) return info;
    await Bun.sleep(SOURCE_POLL_MS);
  }
}

/**
 * Writes index.m3u8 once every rendition's playlist exists: a player that finds the master playlist
 * finds each playlist it names (as without a ladder, the live's address answers once there is
 * something to play). Written beside and renamed, so nobody reads half of it.
 */
async function publishMasterWhenReady(plan: LadderPlan, hlsDir: string, stopped: () => boolean): Promise<void> {
  const playlists = [SOURCE_PLAYLIST, ...plan.renditions.map((rendition) => `${rendition.name}.m3u8`)].map((name) => join(hlsDir, name));
  while (!playlists.every((playlist) => existsSync(playlist))) {
    if (stopped()) return;
    await Bun.sleep(MASTER_POLL_MS);
  }
  const temp = join(hlsDir, `.${HLS_PLAYLIST}`);
  writeFileSync(temp, masterPlaylist(plan));
  renameSync(temp, join(hlsDir, HLS_PLAYLIST));
}
