import { Database } from "bun:sqlite";
import { Kysely, PostgresAdapter, SqliteDialect, type Transaction } from "kysely";
import type pg from "pg";
import { migrateToLatest } from "./migrate.ts";
import { postgresDialect, preparePostgres, SqliteToPostgresPlugin } from "./postgres.ts";
import type { DB } from "./types.ts";

export type Db = Kysely<DB>;
/** A query runs the same on the database or inside a caller's transaction. */
export type DbOrTransaction = Db | Transaction<DB>;

type DialectName = "sqlite" | "postgres";

/** What openDatabase opened, for the few places that must know (pool metrics, socket.io's adapter, backups). */
type DatabaseHandle = { dialect: "sqlite"; sqlite: Database } | { dialect: "postgres"; pool: pg.Pool; url: string };

/** A postgres:// address opens PostgreSQL; anything else is a SQLite file (":memory:" for a private one). */
function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//.test(target);
}

/**
 * Opens the database and brings the schema to the latest migration. SQLite: the file is created,
 * with WAL and foreign keys on. PostgreSQL: a pool of `poolSize` connections; every node of a site
 * may call this at once (the migrator takes a lock).
 */
export async function openDatabase(target: string, options: { poolSize?: number } = {}): Promise<Db> {
  const { db, handle } = isPostgresUrl(target) ? await openPostgres(target, options.poolSize ?? 10) : openSqlite(target);
  handles.set(db, handle);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

function openSqlite(file: string): { db: Db; handle: DatabaseHandle } {
  const sqlite = new Database(file, { create: true, strict: false });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite as never }) });
  return { db, handle: { dialect: "sqlite", sqlite } };
}

async function openPostgres(url: string, poolSize: number): Promise<{ db: Db; handle: DatabaseHandle }> {
  const { dialect, pool } = postgresDialect(url, poolSize);
  try {
    await preparePostgres(pool);
  } catch (error) {
    await pool.end();
    throw new Error(`PostgreSQL at ${redactPassword(url)} could not be prepared: ${(error as Error).message}`);
  }
  const db = new Kysely<DB>({ dialect, plugins: [new SqliteToPostgresPlugin()] });
  return { db, handle: { dialect: "postgres", pool, url } };
}

const handles = new WeakMap<Db, DatabaseHandle>();

export function databaseHandle(db: Db): DatabaseHandle {
  const handle = handles.get(db);
  if (!handle) throw new Error("database not opened with openDatabase");
  return handle;
}

export function dialectOf(db: DbOrTransaction): DialectName {
  // A transaction has its database's adapter, so this works inside one too.
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** An address fit for a log line: the password replaced. */
export function redactPassword(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:•••@");
}
