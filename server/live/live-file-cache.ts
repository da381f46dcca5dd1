import { type Stats, statSync } from "node:fs";

/**
 * A live's playlist and newest segments, kept in memory while viewers ask for them. Every viewer of
 * a live asks for the same few files within the same second: reading each from disk once, rather
 * than opening and reading it through the file thread pool for every viewer, takes some 40 % off
 * each answer (docs/decisions.md, "Viewers of one stream"). Each answer still checks the file
 * on disk (one stat): a file that is gone is not served, and one rewritten (the playlist, every
 * second) is read again.
 */
export class LiveFileCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  /** `maxBytes`: some twenty lives' newest segments at 2.5 Mbit/s; least recently asked for goes first. */
  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  /** The file as it is on disk now, or undefined when it is not there. */
  async read(path: string, stats: Stats | undefined = statSync(path, { throwIfNoEntry: false })): Promise<Uint8Array<ArrayBuffer> | undefined> {
    if (!stats?.isFile()) return undefined;
    const cached = this.entries.get(path);
    if (cached?.settled && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size && cached.ino === stats.ino) {
      // Most recently asked for goes last, so eviction takes the oldest first.
      this.entries.delete(path);
      this.entries.set(path, cached);
      return cached.body;
    }
    if (cached) this.forget(path, cached);
    const entry: Entry = { mtimeMs: stats.mtimeMs, size: stats.size, ino: stats.ino, settled: Date.now() - stats.mtimeMs > SETTLED_MS, body: readBytes(path) };
    this.entries.set(path, entry);
    this.bytes += stats.size;
    this.evict();
    const body = await entry.body;
    // Gone between the stat and the read: not kept, and not served.
    if (body === undefined && this.entries.get(path) === entry) this.forget(path, entry);
    return body;
  }

  private forget(path: string, entry: Entry): void {
    this.entries.delete(path);
    this.bytes -= entry.size;
  }

  private evict(): void {
    for (const [path, entry] of this.entries) {
      if (this.bytes <= this.maxBytes || this.entries.size === 1) return;
      this.forget(path, entry);
    }
  }
}

/**
 * The kernel stamps a file's modification time from a clock that advances a few milliseconds at a
 * time: a file rewritten in place within one tick, to the same size, looks unchanged. A version read
 * this soon after its last write is served to the viewers already waiting, then read again.
 */
const SETTLED_MS = 50;

interface Entry {
  mtimeMs: number;
  size: number;
  ino: number;
  settled: boolean;
  /** One read, shared by the viewers who ask while it runs. */
  body: Promise<Uint8Array<ArrayBuffer> | undefined>;
}

function readBytes(path: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  return Bun.file(path)
    .bytes()
    .catch(() => undefined);
}
