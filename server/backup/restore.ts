// Brings a backup (backup.ts) back into an empty DATA_DIR (and MEDIA_DIR, and PostgreSQL database):
// the manifest is read first and anything this Arena cannot bring back is refused before a byte is
// written; every file is checked against the archive's list at the end, and a failed restore leaves
// the folders as empty as it found them.
import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, normalize, sep } from "node:path";
import pg from "pg";
import { openDatabase } from "../../db/index.ts";
import { knownMigrations } from "../../db/migrate.ts";
import { type Config, databaseTarget } from "../config.ts";
import { type ArchiveEntry, readArchive, saveEntry } from "./archive.ts";
import { runTool } from "./backup.ts";
import { FILE_LIST, fileListSchema, MANIFEST, type Manifest, manifestSchema, POSTGRES_ENTRY, SQLITE_ENTRY } from "./manifest.ts";

type RestoreConfig = Pick<Config, "dataDir" | "mediaDir" | "databaseUrl">;

const NOT_A_BACKUP = "This archive has no Arena manifest first: it is not an Arena backup, or one from an unknown version.";

/** A restore that cannot go ahead; its message says why and what to do. */
class RestoreRefused extends Error {}

export async function restoreBackup(archive: string, config: RestoreConfig, log: (line: string) => void = () => undefined): Promise<Manifest> {
  if (!existsSync(archive)) throw new RestoreRefused(`No backup at ${archive}.`);
  for (const folder of new Set([config.dataDir, config.mediaDir])) assertEmptyFolder(folder);
  if (config.databaseUrl) await assertEmptyPostgres(config.databaseUrl);
  const scratch = join(config.dataDir, ".restore");
  try {
    const manifest = await restoreEntries(archive, config, scratch);
    await forgetOldNodes(config);
    log(`[restore] ${archive}: ${manifest.database.dialect} database at ${manifest.database.schema}, made ${manifest.createdAt}`);
    return manifest;
  } catch (error) {
    for (const folder of new Set([config.dataDir, config.mediaDir])) emptyFolder(folder);
    throw error;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function restoreEntries(archive: string, config: RestoreConfig, scratch: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  const digests = new Map<string, { size: number; sha256: string }>();
  let expected: { name: string; size: number; sha256: string }[] | undefined;
  for await (const entry of readArchive(archive)) {
    if (!manifest) {
      if (entry.name !== MANIFEST) throw new RestoreRefused(NOT_A_BACKUP);
      manifest = checkedManifest(await textOf(entry), config);
      continue;
    }
    if (entry.name === FILE_LIST) {
      expected = fileListSchema.parse(JSON.parse(await textOf(entry)));
      continue;
    }
    const path = destinationOf(entry.name, manifest, config, scratch);
    mkdirSync(dirname(path), { recursive: true });
    digests.set(entry.name, { size: entry.size, sha256: await saveEntry(entry, createWriteStream(path, { mode: 0o600 })) });
  }
  if (!manifest) throw new RestoreRefused("This archive is empty: it is not an Arena backup.");
  if (!expected) throw new RestoreRefused("This backup ends early (its list of files is missing): it was cut short while being written or copied.");
  for (const file of expected.filter((f) => f.name !== MANIFEST)) {
    const got = digests.get(file.name);
    if (got?.sha256 !== file.sha256) throw new RestoreRefused(`${file.name} is ${got ? "damaged" : "missing"} in this backup.`);
  }
  if (manifest.database.dialect === "postgres")
    await runTool("pg_restore", ["--no-owner", "--no-acl", "--exit-on-error", "--single-transaction", `--dbname=${config.databaseUrl}`, join(scratch, "arena.pgdump")]);
  return manifest;
}

/**
 * The nodes that were running when the backup was made are not part of this site: forgetting them
 * lets the first node started here end the lives they were ingesting and make their replays
 * (server/live/nodes.ts; on SQLite the start does it anyway).
 */
async function forgetOldNodes(config: RestoreConfig): Promise<void> {
  const db = await openDatabase(databaseTarget(config), { poolSize: 2 });
  try {
    await db.deleteFrom("node").execute();
  } finally {
    await db.destroy();
  }
}

function checkedManifest(text: string, config: RestoreConfig): Manifest {
  const parsed = manifestSchema.safeParse(safeJson(text));
  if (!parsed.success) throw new RestoreRefused(NOT_A_BACKUP);
  const manifest = parsed.data;
  if (!knownMigrations().includes(manifest.database.schema)) throw new RestoreRefused(`This backup comes from a newer Arena (database at ${manifest.database.schema}): update Arena, then restore it.`);
  if (manifest.database.dialect === "postgres" && !config.databaseUrl)
    throw new RestoreRefused("This backup holds a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it.");
  if (manifest.database.dialect === "sqlite" && config.databaseUrl) throw new RestoreRefused("This backup holds a SQLite database: restore it without DATABASE_URL.");
  return manifest;
}

/** Where an entry goes; names that would climb out of the folders are refused. */
function destinationOf(name: string, manifest: Manifest, config: RestoreConfig, scratch: string): string {
  if (name === SQLITE_ENTRY) return join(config.dataDir, "arena.db");
  if (name === POSTGRES_ENTRY) return join(scratch, "arena.pgdump");
  const [prefix, ...rest] = name.split("/");
  const root = prefix === "media" ? config.mediaDir : prefix === "data" && manifest.separateDataDir ? config.dataDir : undefined;
  const inside = normalize(rest.join("/"));
  if (!root || rest.length === 0 || inside.startsWith("..") || inside.startsWith(sep)) throw new RestoreRefused(`This backup holds an unexpected entry (${name}): it was not made by Arena.`);
  return join(root, inside);
}

function assertEmptyFolder(folder: string): void {
  if (existsSync(folder) && readdirSync(folder).length > 0) throw new RestoreRefused(`${folder} is not empty: restore into an empty folder, so nothing there is mixed with or lost under the backup.`);
  mkdirSync(folder, { recursive: true });
}

function emptyFolder(folder: string): void {
  for (const name of readdirSync(folder)) rmSync(join(folder, name), { recursive: true, force: true });
}

async function assertEmptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT count(*)::int AS tables FROM information_schema.tables WHERE table_schema = 'public'");
    if (rows[0].tables > 0) throw new RestoreRefused("The PostgreSQL database in DATABASE_URL is not empty: restore into a new, empty database.");
  } finally {
    await client.end();
  }
}

async function textOf(entry: ArchiveEntry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
