import type { Db } from "../../db/index.ts";
import type { Signals } from "../../db/signals.ts";
import type { FfmpegJob } from "../../media/ffmpeg-job.ts";
import { startSrtListener } from "../../media/srt-ingest.ts";
import { STREAM_KEYS_CHANGED } from "../channels/own-channel.ts";

// A signal lost with a dropped connection is caught up on by this reload (as live/stream-keys.ts does).
const RELOAD_EVERY_MS = 60_000;

interface Running {
  streamKey: string;
  job: FfmpegJob;
}

/**
 * This node's SRT listeners: one per channel with SRT on, on the port its row holds. Every ingesting node runs them
 * all, as every node takes any RTMP key: the one the streamer's UDP reaches publishes. The database is the truth,
 * reloaded on each STREAM_KEYS_CHANGED signal (SRT turned on or off, a key regenerated, an account erased): a port
 * freed stops its listener; a new key restarts it with the new passphrase, so the old address stops working.
 */
export class SrtListeners {
  private readonly running = new Map<number, Running>();
  private readonly stopListening: () => void;
  private readonly timer: Timer;
  private reloading: Promise<void> = Promise.resolve();
  private stopped = false;

  private constructor(
    private readonly options: {
      db: Db;
      signals: Signals;
      ports: [number, number];
      rtmpUrl: (streamKey: string) => string;
      /** A caller of `streamKey` got through: its bridge publishes next (the live manager labels that live SRT). */
      beforeBridge: (streamKey: string) => void;
      log: (line: string) => void;
    },
  ) {
    this.stopListening = options.signals.listen(STREAM_KEYS_CHANGED, () => void this.reload());
    this.timer = setInterval(() => void this.reload(), RELOAD_EVERY_MS);
    this.timer.unref();
  }

  static async open(options: SrtListeners["options"]): Promise<SrtListeners> {
    const listeners = new SrtListeners(options);
    await listeners.reload();
    return listeners;
  }

  /** Resolves once the listeners match the database as it was when called; reloads run one after another. */
  reload(): Promise<void> {
    this.reloading = this.reloading.then(() => this.applyWanted()).catch((error: unknown) => this.options.log(`[srt] listeners not reloaded: ${(error as Error).message}`));
    return this.reloading;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopListening();
    clearInterval(this.timer);
    await this.reloading;
    await Promise.all([...this.running.values()].map(({ job }) => job.stop()));
    this.running.clear();
  }

  private async applyWanted(): Promise<void> {
    if (this.stopped) return;
    const [min, max] = this.options.ports;
    const rows = await this.options.db.selectFrom("channel").select(["srt_port", "stream_key"]).where("srt_port", ">=", min).where("srt_port", "<=", max).execute();
    const wanted = new Map(rows.map((row) => [row.srt_port as number, row.stream_key]));
    for (const [port, { streamKey, job }] of this.running) {
      if (wanted.get(port) === streamKey) continue;
      this.running.delete(port);
      await job.stop();
    }
    for (const [port, streamKey] of wanted) {
      if (this.running.has(port)) continue;
      const onCaller = () => this.options.beforeBridge(streamKey);
      const job = startSrtListener({ port, streamKey, rtmpUrl: this.options.rtmpUrl(streamKey), log: this.options.log, onCaller });
      this.running.set(port, { streamKey, job });
    }
  }
}
