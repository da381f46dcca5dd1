// Writes a consistent backup of this Arena while it runs: the database (SQLite's online copy, or
// pg_dump when DATABASE_URL is set) and the media folder, as one tar archive with a manifest.
// Usage: bun scripts/backup.ts [--out FILE]   (default: DATA_DIR/backups/arena-backup-<date>.tar)
// DATA_DIR, MEDIA_DIR and DATABASE_URL select what is backed up, as for the server.
import { parseArgs } from "node:util";
import { createBackup } from "../server/backup/backup.ts";
import { ConfigError, storageConfig } from "../server/config.ts";

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { out: { type: "string" } } });

try {
  const { file, files } = await createBackup(storageConfig(), { out: values.out });
  console.log(`Backup written: ${file} (${files.length} files, ${(files.reduce((sum, f) => sum + f.size, 0) / 2 ** 20).toFixed(1)} MiB)`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
