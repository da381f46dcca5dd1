import type { HealthSample, StreamHealthMeter } from "../../media/stream-health.ts";
import type { AppDeps } from "../http/context.ts";

/** How often a live's figures are measured and written (the panel reads them as often). */
const HEALTH_SAMPLE_MS = 2000;
/** The graph's last minutes: 5 at one point per sample. */
const BITRATE_POINTS_KEPT = (5 * 60_000) / HEALTH_SAMPLE_MS;
/** Samples whose frame rates are compared to call the rate unstable. */
const FPS_SAMPLES_COMPARED = 5;
/** Spread (max − min) of those rates, over their highest, above which the rate is unstable. */
const FPS_UNSTABLE_RATIO = 0.15;

interface MeasuredPublish {
  meter(): StreamHealthMeter | undefined;
  /** The picture's size as the publisher describes it (metadata): a size is not measured from packets. */
  size(): { width: number; height: number } | undefined;
}

/** How a live reaches the node: RTMP itself, or WHIP and SRT, whose bridges publish over RTMP on loopback. */
export type IngestProtocol = "rtmp" | "whip" | "srt";

/**
 * Measures a live every HEALTH_SAMPLE_MS into its channel's stream_health row, which any node reads. The graph's
 * points and the recent frame rates live here, on the ingesting node, for the live's length (reconnects included).
 */
export class HealthSampler {
  private timer: Timer | undefined;
  private readonly points: [number, number][] = [];
  private readonly rates: number[] = [];
  private writing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: AppDeps,
    private readonly channelId: number,
    private readonly publish: MeasuredPublish,
    private readonly log: (line: string) => void,
  ) {}

  /** Opens the session's row (figures of a previous session or a refusal are gone) and starts measuring. */
  async start(sessionId: number, protocol: IngestProtocol): Promise<void> {
    const row = { live_session_id: sessionId, protocol, ...emptyFigures(), reconnects: 0, bitrate_points: "[]", refused_codec: null, refused_at: null, updated_at: this.deps.now() };
    await this.deps.db
      .insertInto("stream_health")
      .values({ channel_id: this.channelId, ...row })
      .onConflict((oc) => oc.column("channel_id").doUpdateSet(row))
      .execute();
    this.timer = setInterval(() => this.tick(), HEALTH_SAMPLE_MS);
  }

  /** The publisher came back within the grace window. */
  reconnected(): Promise<void> {
    return this.queue(() =>
      this.deps.db
        .updateTable("stream_health")
        .set((eb) => ({ reconnects: eb("reconnects", "+", 1) }))
        .where("channel_id", "=", this.channelId)
        .execute(),
    );
  }

  /** Stops measuring; the row stays, the last session's figures for the streamer to read. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.writing;
  }

  private tick(): void {
    const meter = this.publish.meter();
    // Between a publisher's leaving and its return there is nothing to measure: the last figures stay.
    if (!meter) return;
    const sample = meter.sample();
    const now = this.deps.now();
    const kbps = sample.videoKbps + sample.audioKbps;
    this.points.push([now, kbps]);
    if (this.points.length > BITRATE_POINTS_KEPT) this.points.shift();
    if (sample.fps !== null) this.rates.push(sample.fps);
    if (this.rates.length > FPS_SAMPLES_COMPARED) this.rates.shift();
    const row = { ...figuresOf(sample, this.publish.size()), fps_unstable: fpsUnstable(this.rates) ? 1 : 0, bitrate_points: JSON.stringify(this.points), updated_at: now };
    void this.queue(() => this.deps.db.updateTable("stream_health").set(row).where("channel_id", "=", this.channelId).execute());
  }

  /** Writes one after the other, so a slow database never sees an older sample land after a newer one. */
  private queue(write: () => Promise<unknown>): Promise<void> {
    const next = this.writing
      .then(write)
      .then(() => undefined)
      .catch((error) => this.log(`[health] ${(error as Error).message}`));
    this.writing = next;
    return next;
  }
}

function emptyFigures() {
  return {
    video_codec: null,
    width: null,
    height: null,
    fps: null,
    video_kbps: null,
    audio_codec: null,
    audio_sample_rate: null,
    audio_kbps: null,
    keyframe_interval_ms: null,
    fps_unstable: 0,
    no_audio: 0,
  };
}

function figuresOf(sample: HealthSample, size: { width: number; height: number } | undefined) {
  return {
    video_codec: sample.videoCodec,
    width: size?.width ?? null,
    height: size?.height ?? null,
    fps: sample.fps === null ? null : Math.round(sample.fps * 100) / 100,
    video_kbps: sample.videoKbps,
    audio_codec: sample.audioCodec,
    audio_sample_rate: sample.audioSampleRate,
    audio_kbps: sample.audioKbps,
    keyframe_interval_ms: sample.keyframeIntervalMs,
    no_audio: sample.audioFrames === 0 ? 1 : 0,
  };
}

/** Whether the last samples' frame rates spread by more than FPS_UNSTABLE_RATIO of the highest (needs a few samples). */
export function fpsUnstable(rates: readonly number[]): boolean {
  if (rates.length < 3) return false;
  const highest = Math.max(...rates);
  return highest > 0 && (highest - Math.min(...rates)) / highest > FPS_UNSTABLE_RATIO;
}

/** A publish refused for its codec: the channel's row says so (and shows no figures) until its next live. */
export async function recordRefusal(deps: AppDeps, channelId: number, codec: string): Promise<void> {
  const now = deps.now();
  const row = { live_session_id: null, protocol: "rtmp", ...emptyFigures(), reconnects: 0, bitrate_points: "[]", refused_codec: codec, refused_at: now, updated_at: now };
  await deps.db
    .insertInto("stream_health")
    .values({ channel_id: channelId, ...row })
    .onConflict((oc) => oc.column("channel_id").doUpdateSet(row))
    .execute();
}
