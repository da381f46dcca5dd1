// The console's backup button: scripts/backup.ts in a child process (SQLite's copy would hold this
// server's thread for as long as it takes; a child keeps the site answering), one at a time per
// node; admins list and download the archives.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { User } from "../../db/types.ts";
import { backupsFolder } from "../backup/backup.ts";
import { runInBackground } from "../http/background.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError, NotFoundError } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { assertAdmin } from "./guard.ts";

const BACKUP_NAME = /^arena-backup-[0-9TZ-]+\.tar$/;
const SCRIPT = join(import.meta.dir, "../../scripts/backup.ts");
let running: Promise<void> | undefined;

export function listBackups(deps: AppDeps, caller: User) {
  assertAdmin(caller);
  const folder = backupsFolder(deps.config);
  const backups = existsSync(folder)
    ? readdirSync(folder)
        .filter((name) => BACKUP_NAME.test(name))
        .map((name) => {
          const info = statSync(join(folder, name));
          return { name, size: info.size, createdAt: info.mtime.toISOString(), downloadUrl: `/api/admin/backups/${name}` };
        })
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    : [];
  return { running: running !== undefined, backups };
}

/** Starts a backup once the audit log has it; `done` settles when the child has written its archive (tests wait on it, the route does not). */
export async function startBackup(deps: AppDeps, caller: User): Promise<{ done: Promise<void> }> {
  assertAdmin(caller);
  // Claimed before anything is awaited, so two clicks at once start one backup.
  if (running) throw new AppError(409, "backup_running");
  const claim = Promise.withResolvers<void>();
  running = claim.promise;
  const finish = () => {
    running = undefined;
    claim.resolve();
  };
  try {
    await recordAudit(deps.db, caller, { action: "site.backup", targetType: "site", targetId: "backup" }, deps.now());
  } catch (error) {
    finish();
    throw error;
  }
  const note = (line: string) => deps.logTail?.note(line);
  const done = runInBackground(
    runBackupScript(deps)
      .then(({ code, out, err }) => note(code === 0 ? `[backup] ${out.trim()}` : `[backup] failed: ${err.trim() || `exit ${code}`}`))
      .catch((error: Error) => note(`[backup] failed: ${error.message}`))
      .finally(finish),
  );
  return { done };
}

async function runBackupScript(deps: AppDeps) {
  const { dataDir, mediaDir, databaseUrl } = deps.config;
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir, MEDIA_DIR: mediaDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const child = Bun.spawn([process.execPath, SCRIPT], { env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  return { code, out, err };
}

export function backupFile(deps: AppDeps, caller: User, name: string): string {
  assertAdmin(caller);
  const path = join(backupsFolder(deps.config), name);
  if (!BACKUP_NAME.test(name) || !existsSync(path)) throw new NotFoundError("backup_not_found");
  return path;
}
