import { randomBytes } from "node:crypto";
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";

/**
 * What `file` holds, made by `create` if it does not exist yet: a secret or a key every node of a
 * site reads from the shared MEDIA_DIR. Nodes creating it at once each write a draft and link it in;
 * link fails when the file exists, so the first wins and every node reads the same bytes.
 */
export function readOrCreateShared(file: string, create: () => string | Buffer): Buffer {
  if (!existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(draft, create(), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return readFileSync(file);
}
