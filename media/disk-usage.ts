import { existsSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * The bytes the files under `path` take (a file: its own size; nothing there: 0). Links are not followed: what is
 * counted is what removing the folder would free.
 */
export function bytesUnder(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.isFile() ? stat.size : 0;
  return readdirSync(path).reduce((sum, name) => sum + bytesUnder(join(path, name)), 0);
}
