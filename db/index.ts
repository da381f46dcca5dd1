import { Database } from "bun:sqlite";
import { Kysely, SqliteDialect, type Transaction } from "kysely";
import { migrateToLatest } from "./migrate.ts";
import type { DB } from "./types.ts";

export type Db = Kysely<DB>;
/** A query runs the same on the database or inside a caller's transaction. */
export type DbOrTransaction = Db | Transaction<DB>;

/**
 * Opens (or creates) the SQLite file, turns on WAL and foreign keys, and brings the schema to the
 * latest migration. ":memory:" gives a private database, which is what the unit tests use.
 */
export async function openDatabase(file: string): Promise<Db> {
  const sqlite = new Database(file, { create: true, strict: false });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite as never }) });
  await migrateToLatest(db);
  handles.set(db, sqlite);
  return db;
}

const handles = new WeakMap<Db, Database>();

/** The raw bun:sqlite handle, for the few reads that must be synchronous (the media server's publish check). */
export function sqliteOf(db: Db): Database {
  const sqlite = handles.get(db);
  if (!sqlite) throw new Error("database not opened with openDatabase");
  return sqlite;
}
