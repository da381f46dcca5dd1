// A backup is one tar file: tar-stream writes and reads it as a stream, so a backup of many
// gigabytes of replays never sits in memory, and any `tar` on the operator's machine can open it.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, type ReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";

export interface ArchivedFile {
  /** The name inside the archive, e.g. `media/recordings/3/1700000000000/index.flv`. */
  name: string;
  size: number;
  sha256: string;
}

interface ArchiveWriter {
  /** Adds a file as it is now: its size is fixed when it is opened, so a file still being written (a live's recording) goes in whole up to that point. */
  addFile(name: string, path: string): Promise<ArchivedFile | undefined>;
  addText(name: string, text: string): Promise<ArchivedFile>;
  /** Ends the archive and waits until every byte is on disk. */
  close(): Promise<void>;
}

export function writeArchive(file: string): ArchiveWriter {
  const pack = tar.pack();
  // Readable by its owner only: it holds the site's secret, the ticket key and every member's data.
  const written = pipeline(pack, createWriteStream(file, { mode: 0o600 }));
  // Keep the rejection for close(): a failed disk write must not become an unhandled one meanwhile.
  written.catch(() => undefined);
  return {
    async addFile(name, path) {
      const handle = await open(path, "r").catch(() => undefined);
      if (!handle) return undefined; // removed since the folder was listed (a deleted replay)
      try {
        const { size, mtime } = await handle.stat();
        const hash = createHash("sha256");
        const entry = pack.entry({ name, size, mtime, mode: 0o600 });
        const source: ReadStream | Readable = size === 0 ? Readable.from([]) : createReadStream("", { fd: handle.fd, autoClose: false, start: 0, end: size - 1 });
        await pipeline(source, hashing(hash), entry);
        return { name, size, sha256: hash.digest("hex") };
      } finally {
        await handle.close();
      }
    },
    async addText(name, text) {
      const bytes = Buffer.from(text);
      await new Promise<void>((resolve, reject) => pack.entry({ name, size: bytes.length, mtime: new Date(), mode: 0o600 }, bytes, (error) => (error ? reject(error) : resolve())));
      return { name, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
    },
    async close() {
      pack.finalize();
      await written;
    },
  };
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** The entry's bytes; each must be read (or drained) before the next entry comes. */
  body: Readable;
}

/** The archive's entries in order. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  const source = createReadStream(file);
  source.pipe(extract);
  source.on("error", (error) => extract.destroy(error));
  for await (const entry of extract) {
    if (entry.header.type !== "file") {
      entry.resume();
      continue;
    }
    yield { name: entry.header.name, size: entry.header.size ?? 0, body: entry as unknown as Readable };
  }
}

/** Writes an entry's bytes to `path` and returns their digest. */
export async function saveEntry(entry: ArchiveEntry, into: Writable): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(entry.body, hashing(hash), into);
  return hash.digest("hex");
}

function hashing(hash: ReturnType<typeof createHash>): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}
