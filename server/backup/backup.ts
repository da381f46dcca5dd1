// A consistent backup of a running Arena: the database as one transaction saw it (SQLite's VACUUM
// INTO, or pg_dump), then every file of the media folder, in one tar archive (archive.ts) that starts
// with a manifest and ends with the list of what it holds. Lives and chat go on meanwhile: nothing is
// locked for longer than SQLite's copy.
import { Database } from "bun:sqlite";
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import pg from "pg";
import packageJson from "../../package.json" with { type: "json" };
import type { Config } from "../config.ts";
import { type ArchivedFile, writeArchive } from "./archive.ts";
import { FILE_LIST, MANIFEST, type Manifest, POSTGRES_ENTRY, SQLITE_ENTRY } from "./manifest.ts";

type BackupConfig = Pick<Config, "dataDir" | "mediaDir" | "databaseUrl">;

/** Where backups go unless told otherwise; never itself backed up. */
export const backupsFolder = (config: Pick<Config, "dataDir">) => join(config.dataDir, "backups");

/** What the data folder holds that a backup leaves out: the database (copied apart, consistently), lives' passing HLS files, and the backups. */
const LEFT_OUT = new Set(["arena.db", "arena.db-wal", "arena.db-shm", "live", "backups"]);

interface BackupResult {
  file: string;
  manifest: Manifest;
  files: ArchivedFile[];
}

export async function createBackup(config: BackupConfig, options: { out?: string; now?: () => number; log?: (line: string) => void } = {}): Promise<BackupResult> {
  const now = new Date((options.now ?? Date.now)());
  const file = options.out ?? join(backupsFolder(config), `arena-backup-${now.toISOString().replace(/[:.]/g, "-")}.tar`);
  mkdirSync(join(file, ".."), { recursive: true, mode: 0o700 });
  const scratch = mkdtempSync(join(config.dataDir, ".backup-"));
  const draft = `${file}.part`;
  try {
    const database = await snapshotDatabase(config, scratch);
    const manifest: Manifest = {
      format: "arena-backup",
      version: 1,
      createdAt: now.toISOString(),
      arenaVersion: packageJson.version,
      database: { dialect: database.dialect, schema: database.schema, entry: database.entry },
      separateDataDir: config.dataDir !== config.mediaDir,
    };
    const archive = writeArchive(draft);
    const files: ArchivedFile[] = [await archive.addText(MANIFEST, JSON.stringify(manifest, null, 2))];
    files.push((await archive.addFile(database.entry, database.path))!);
    for (const [prefix, root] of roots(config)) {
      for (const path of filesUnder(root, root === config.dataDir)) {
        const added = await archive.addFile(`${prefix}/${relative(root, path)}`, path);
        if (added) files.push(added);
      }
    }
    await archive.addText(FILE_LIST, JSON.stringify(files, null, 1));
    await archive.close();
    renameSync(draft, file);
    options.log?.(`[backup] ${file}: ${files.length} files, ${files.reduce((sum, f) => sum + f.size, 0)} bytes`);
    return { file, manifest, files };
  } catch (error) {
    rmSync(draft, { force: true });
    throw error;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function roots(config: BackupConfig): [string, string][] {
  return config.dataDir === config.mediaDir
    ? [["media", config.mediaDir]]
    : [
        ["media", config.mediaDir],
        ["data", config.dataDir],
      ];
}

/** Every regular file under `root`, leaving out the data folder's database, live files and backups. */
function* filesUnder(root: string, isDataDir: boolean, folder = root): Generator<string> {
  for (const item of readdirSync(folder, { withFileTypes: true })) {
    if (folder === root && isDataDir && (LEFT_OUT.has(item.name) || item.name.startsWith(".backup-"))) continue;
    const path = join(folder, item.name);
    if (item.isDirectory()) yield* filesUnder(root, isDataDir, path);
    else if (item.isFile() && item.name !== ".lock") yield path; // a running process's lock would stop the restored one
  }
}

interface DatabaseSnapshot {
  dialect: Manifest["database"]["dialect"];
  schema: string;
  entry: string;
  path: string;
}

function snapshotDatabase(config: BackupConfig, scratch: string): Promise<DatabaseSnapshot> | DatabaseSnapshot {
  return config.databaseUrl ? dumpPostgres(config.databaseUrl, scratch) : copySqlite(join(config.dataDir, "arena.db"), scratch);
}

/** VACUUM INTO writes the database as one read transaction sees it, while the server goes on writing (WAL). */
function copySqlite(source: string, scratch: string): DatabaseSnapshot {
  const path = join(scratch, "arena.db");
  const live = new Database(source, { readonly: true });
  try {
    live.exec("PRAGMA busy_timeout = 5000");
    live.run("VACUUM INTO ?", [path]);
  } finally {
    live.close();
  }
  const copy = new Database(path, { readonly: true });
  try {
    return { dialect: "sqlite", schema: lastMigration(copy.query("SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1").get()), entry: SQLITE_ENTRY, path };
  } finally {
    copy.close();
  }
}

/** pg_dump reads in one repeatable-read transaction: a consistent picture while the nodes go on. */
async function dumpPostgres(url: string, scratch: string): Promise<DatabaseSnapshot> {
  const path = join(scratch, "arena.pgdump");
  const schema = await lastPostgresMigration(url);
  await runTool("pg_dump", ["--format=custom", "--no-owner", "--no-acl", `--file=${path}`, `--dbname=${url}`]);
  return { dialect: "postgres", schema, entry: POSTGRES_ENTRY, path };
}

async function lastPostgresMigration(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return lastMigration((await client.query("SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1")).rows[0]);
  } finally {
    await client.end();
  }
}

function lastMigration(row: unknown): string {
  const name = (row as { name?: unknown } | null)?.name;
  if (typeof name !== "string") throw new Error("This database has no migration recorded: it is not an Arena database.");
  return name;
}

/** Runs pg_dump or pg_restore, saying what to install when it is missing and what it printed when it failed. */
export async function runTool(command: string, args: string[]): Promise<void> {
  if (!Bun.which(command)) throw new Error(`${command} is missing. Install PostgreSQL's client programs, e.g. apt-get install postgresql-client.`);
  const proc = Bun.spawn([command, ...args], { stdin: "ignore", stdout: "ignore", stderr: "pipe" });
  const [code, output] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  if (code !== 0) throw new Error(`${command} failed (exit ${code}): ${output.trim()}`);
}
