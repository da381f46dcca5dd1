import type { Db } from "../../db/index.ts";
import type { Signals } from "../../db/signals.ts";
import { STREAM_KEYS_CHANGED } from "../channels/own-channel.ts";

interface KeyOwner {
  id: number;
  username: string;
}

// A signal lost with a dropped connection is caught up on by this reload.
const RELOAD_EVERY_MS = 60_000;

/**
 * Every stream key and the channel it opens, kept in memory because the media server asks at publish
 * time without waiting: its publish check is synchronous. The database stays the truth: the copy is
 * reloaded whenever a node signals a change, and regularly in case a signal was missed.
 */
export class StreamKeyDirectory {
  private owners = new Map<string, KeyOwner>();
  /** Told after each reload: the live manager cuts the publishers whose key is gone. */
  private readonly reloadListeners = new Set<() => void>();
  private readonly stopListening: () => void;
  private readonly timer: Timer;
  private reloading: Promise<void> | undefined;

  private constructor(
    private readonly db: Db,
    signals: Signals,
    private readonly log: (line: string) => void,
  ) {
    this.stopListening = signals.listen(STREAM_KEYS_CHANGED, () => void this.reload());
    this.timer = setInterval(() => void this.reload(), RELOAD_EVERY_MS);
    this.timer.unref();
  }

  static async open(db: Db, signals: Signals, log: (line: string) => void): Promise<StreamKeyDirectory> {
    const directory = new StreamKeyDirectory(db, signals, log);
    await directory.reload();
    return directory;
  }

  lookup(streamKey: string): KeyOwner | undefined {
    return this.owners.get(streamKey);
  }

  /** Resolves once the copy is at least as new as the database was when called. */
  async reload(): Promise<void> {
    const previous = this.reloading;
    const next = (async () => {
      await previous?.catch(() => undefined);
      const rows = await this.db.selectFrom("channel").innerJoin("user", "user.id", "channel.user_id").select(["channel.stream_key", "channel.id", "user.username"]).execute();
      this.owners = new Map(rows.map((row) => [row.stream_key, { id: row.id, username: row.username }]));
      for (const listener of this.reloadListeners) listener();
    })().catch((error: unknown) => this.log(`[live] stream keys not reloaded: ${(error as Error).message}`));
    this.reloading = next;
    return next;
  }

  onReload(listener: () => void): () => void {
    this.reloadListeners.add(listener);
    return () => this.reloadListeners.delete(listener);
  }

  close(): void {
    this.stopListening();
    clearInterval(this.timer);
  }
}
