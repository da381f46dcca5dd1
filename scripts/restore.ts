// Brings a backup made by scripts/backup.ts (or the admin console) back into an empty DATA_DIR
// (and MEDIA_DIR; with DATABASE_URL, into an empty PostgreSQL database). Then start Arena as usual.
// Usage: DATA_DIR=./data bun scripts/restore.ts FILE
import { parseArgs } from "node:util";
import { restoreBackup } from "../server/backup/restore.ts";
import { storageConfig } from "../server/config.ts";

const { positionals } = parseArgs({ args: Bun.argv.slice(2), allowPositionals: true });
if (positionals.length !== 1) {
  console.error("Usage: DATA_DIR=FOLDER bun scripts/restore.ts BACKUP.tar");
  process.exit(2);
}

try {
  const manifest = await restoreBackup(positionals[0]!, storageConfig(), console.log);
  console.log(`Restored the backup of ${manifest.createdAt}. Start Arena with this DATA_DIR.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
