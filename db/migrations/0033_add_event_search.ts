import { type Kysely, sql } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * The events lists read in SQL (issue 35): a folded copy of what the search looks in (name, description
 * and place, `search_text`, as replays keep `search_title`), its trigram index (SQLite FTS5, PostgreSQL
 * pg_trgm, as migration 0015 does for replays), and the orders the lists read: the public list by start
 * (all of it or one category), an organiser's events, a member's registrations.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("event")
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  const rows = await db.selectFrom("event").select(["id", "name", "description", "location"]).execute();
  for (const row of rows) {
    await db
      .updateTable("event")
      .set({ search_text: fold(`${row.name} ${row.description} ${row.location}`) })
      .where("id", "=", row.id)
      .execute();
  }
  await db.schema.createIndex("event_by_start").on("event").columns(["start_date", "id"]).execute();
  await db.schema.createIndex("event_by_category").on("event").columns(["category_id", "start_date", "id"]).execute();
  await db.schema.createIndex("event_by_organiser").on("event").columns(["created_by", "start_date"]).execute();
  await db.schema.createIndex("event_participant_by_user").on("event_participant").columns(["user_id", "event_id"]).execute();
  if (dialectOf(db) === "postgres") {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX event_search_trigrams ON event USING gin (search_text gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE event_search USING fts5(search_text, content='event', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`CREATE TRIGGER event_search_insert AFTER INSERT ON event BEGIN
    INSERT INTO event_search(rowid, search_text) VALUES (new.id, new.search_text);
  END`.execute(db);
  await sql`CREATE TRIGGER event_search_delete AFTER DELETE ON event BEGIN
    INSERT INTO event_search(event_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
  END`.execute(db);
  await sql`CREATE TRIGGER event_search_update AFTER UPDATE OF search_text ON event BEGIN
    INSERT INTO event_search(event_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO event_search(rowid, search_text) VALUES (new.id, new.search_text);
  END`.execute(db);
  await sql`INSERT INTO event_search(event_search) VALUES ('rebuild')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") await sql`DROP INDEX event_search_trigrams`.execute(db);
  else {
    for (const event of ["insert", "delete", "update"]) await sql`DROP TRIGGER ${sql.id(`event_search_${event}`)}`.execute(db);
    await sql`DROP TABLE event_search`.execute(db);
  }
  for (const index of ["event_participant_by_user", "event_by_organiser", "event_by_category", "event_by_start"]) await db.schema.dropIndex(index).execute();
  await db.schema.alterTable("event").dropColumn("search_text").execute();
}

/** Frozen copy of the fold of the time (server/text/fold.ts): a migration never changes with the app's code. */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}
