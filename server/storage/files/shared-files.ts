import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";

/**
 * A file that must hold one value for every node of a site (the server secret, the ticket signing
 * key), in the shared MEDIA_DIR: the first node to need it creates it, the others read it. Nodes
 * often start at the same moment, so "exists? else write" would let two of them write two values and
 * each keep its own. The value is written whole beside the file, then hard-linked to its name: a
 * link never replaces an existing file, so exactly one value wins, and no reader sees half of one.
 */
export function readOrCreateShared(file: string, create: () => string | Uint8Array): string {
  if (existsSync(file)) return readFileSync(file, "utf8");
  const draft = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(draft, create(), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    // Another node linked its value first: read that one.
    if ((error as { code?: string }).code !== "EEXIST") throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readFileSync(file, "utf8");
}
