import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { spawnMediaTool } from "./children.ts";
import { runFfmpeg } from "./ffmpeg.ts";
import { ladderFilter, renditionOutputArgs, renditionsFor } from "./live-ladder.ts";
import { detectVideoEncoder, encoderInputArgs, type VideoEncoder } from "./video-encoders.ts";

/** What GET /api/health says about the ladder (docs/operations.md). */
export interface LadderStatus {
  /** The configured renditions, e.g. ["720p", "480p", "360p"]; a live gets those below its source. */
  renditions: string[];
  /** null while the detection runs. */
  encoder: VideoEncoder | null;
  /** Cores one live's ladder takes from a 1080p30 source, measured on this machine at start; null until measured. */
  cpuPerLive: number | null;
  /** How many lives this machine can transcode at once: its cores over cpuPerLive. */
  capacity: number | null;
  cores: number;
}

/**
 * The site's ladder: it finds the encoder once at start, then measures what one live's ladder costs
 * here, so the operator learns how many lives this machine can transcode before the night begins.
 */
export class QualityLadder {
  readonly encoder: Promise<VideoEncoder>;
  private detected: VideoEncoder | null = null;
  private cpuPerLive: number | null = null;

  constructor(
    readonly heights: number[],
    log: (line: string) => void,
  ) {
    this.encoder = detectVideoEncoder().then((encoder) => {
      this.detected = encoder;
      return encoder;
    });
    void this.encoder
      .then(async (encoder) => {
        this.cpuPerLive = await measureLadderCpu(heights, encoder);
        const { capacity, cores } = this.status();
        log(`[media] quality ladder ${heights.map((h) => `${h}p`).join(",")} with ${encoder}: ${this.cpuPerLive.toFixed(2)} core per 1080p30 live, ${capacity} lives at once on ${cores} cores`);
      })
      .catch((error: unknown) => log(`[media] quality ladder: could not measure its cost: ${(error as Error).message}`));
  }

  status(): LadderStatus {
    const cores = availableParallelism();
    const cpuPerLive = this.cpuPerLive === null ? null : Math.round(this.cpuPerLive * 1000) / 1000;
    return {
      renditions: this.heights.map((height) => `${height}p`),
      encoder: this.detected,
      cpuPerLive,
      capacity: cpuPerLive === null ? null : ladderCapacity(cores, cpuPerLive),
      cores,
    };
  }
}

/** Whole lives only: a live that does not fit entirely stutters every rendition. */
export function ladderCapacity(cores: number, cpuPerLive: number): number {
  return cpuPerLive > 0 ? Math.floor(cores / cpuPerLive) : 0;
}

const CALIBRATION_SECONDS = 6;

/**
 * Cores one live's ladder takes: ffmpeg decodes a 1080p30 clip (2160p when a rung is 1080p or more)
 * and encodes every rendition below it as fast as it can; its CPU time over the clip's length is its
 * share of the machine in real time. The clip is a synthetic pattern, easier to encode than a game:
 * docs/benchmarks.md ("Live quality ladder") gives the figure for a real 720p30 clip.
 */
async function measureLadderCpu(heights: number[], encoder: VideoEncoder): Promise<number> {
  const source = (heights[0] ?? 0) >= 1080 ? { width: 3840, height: 2160 } : { width: 1920, height: 1080 };
  const renditions = renditionsFor(heights, source);
  if (renditions.length === 0) return 0;
  const dir = mkdtempSync(join(tmpdir(), "arena-ladder-"));
  try {
    const clip = join(dir, "source.ts");
    // Made before the measure, so its own encoding is not counted.
    await runFfmpeg(
      [
        "-y",
        "-f",
        "lavfi",
        "-i",
        `testsrc2=size=${source.width}x${source.height}:rate=30`,
        "-t",
        String(CALIBRATION_SECONDS),
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-g",
        "30",
        "-b:v",
        "6M",
        "-pix_fmt",
        "yuv420p",
        clip,
      ],
      { timeoutMs: 120_000 },
    );
    const args = [...encoderInputArgs(encoder), "-i", clip, "-filter_complex", ladderFilter(renditions, encoder), ...renditionOutputArgs(renditions, encoder, 30, () => ["-f", "null", "-"])];
    const child = spawnMediaTool(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", ...args], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    const code = await child.exited.finally(() => clearTimeout(timer));
    const usage = child.resourceUsage();
    if (code !== 0 || !usage) throw new Error(`ffmpeg exited with ${code}`);
    return Number(usage.cpuTime.user + usage.cpuTime.system) / 1e6 / CALIBRATION_SECONDS;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
