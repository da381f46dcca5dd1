import { type Kysely, sql } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * Indexes for search (issue 17): "contains" over folded replay titles and usernames without reading
 * every row. Both databases index trigrams, the only kind of full-text index that finds a term
 * inside a word as the LIKE scan did: SQLite an FTS5 table per searched column, kept current by
 * triggers; PostgreSQL pg_trgm GIN indexes, kept current by the database itself. A replay index
 * by views serves the terms so common that walking the most watched replays finds matches soonest.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("replay_most_viewed").on("replay").columns(["view_count", "id"]).execute();
  if (dialectOf(db) === "postgres") {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX replay_search_trigrams ON replay USING gin (search_title gin_trgm_ops)`.execute(db);
    await sql`CREATE INDEX user_search_trigrams ON "user" USING gin (lower(username::text) gin_trgm_ops)`.execute(db);
    return;
  }
  await createFts5Index(db, { index: "replay_search", table: "replay", column: "search_title" });
  await createFts5Index(db, { index: "user_search", table: "user", column: "username" });
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`DROP INDEX user_search_trigrams`.execute(db);
    await sql`DROP INDEX replay_search_trigrams`.execute(db);
  } else {
    for (const index of ["user_search", "replay_search"]) {
      for (const event of ["insert", "delete", "update"]) await sql`DROP TRIGGER ${sql.id(`${index}_${event}`)}`.execute(db);
      await sql`DROP TABLE ${sql.id(index)}`.execute(db);
    }
  }
  await db.schema.dropIndex("replay_most_viewed").execute();
}

/**
 * An FTS5 trigram index over `table.column` whose rowid is the table's id. External content: the text
 * stays in the table only; the triggers give the index each insert, delete and change of the column.
 * The trigram tokenizer folds letter case; titles are indexed already folded (server/text/fold.ts).
 */
async function createFts5Index(db: Kysely<any>, { index, table, column }: { index: string; table: string; column: string }): Promise<void> {
  const [idx, tbl, col] = [sql.id(index), sql.id(table), sql.id(column)];
  await sql`CREATE VIRTUAL TABLE ${idx} USING fts5(${col}, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${index}_insert`)} AFTER INSERT ON ${tbl} BEGIN
    INSERT INTO ${idx}(rowid, ${col}) VALUES (new.id, new.${col});
  END`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${index}_delete`)} AFTER DELETE ON ${tbl} BEGIN
    INSERT INTO ${idx}(${idx}, rowid, ${col}) VALUES ('delete', old.id, old.${col});
  END`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${index}_update`)} AFTER UPDATE OF ${col} ON ${tbl} BEGIN
    INSERT INTO ${idx}(${idx}, rowid, ${col}) VALUES ('delete', old.id, old.${col});
    INSERT INTO ${idx}(rowid, ${col}) VALUES (new.id, new.${col});
  END`.execute(db);
  await sql`INSERT INTO ${idx}(${idx}) VALUES ('rebuild')`.execute(db);
}
