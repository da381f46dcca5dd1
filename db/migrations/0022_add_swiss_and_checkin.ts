import { type Kysely, sql } from "kysely";
import { dialectOf } from "../index.ts";

const FORMATS_BEFORE = "structure IN ('s_elim', 'd_elim', 'robin')";
const FORMATS_AFTER = "structure IN ('s_elim', 'd_elim', 'robin', 'swiss')";

/**
 * Swiss format and check-in (issue 19, items 2–3). A Swiss tournament keeps its number of rounds
 * (null: ceil(log2 n) at the start) and its top cut (0, 4 or 8); a check-in window is a pair of
 * instants, `checkin_closed_at` saying the close was applied (no-shows dropped) once and only once;
 * each entrant's `checked_in_at` says when they (or the desk) checked them in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await allowFormats(db, FORMATS_BEFORE, FORMATS_AFTER);
  await db.schema.alterTable("tournament").addColumn("swiss_rounds", "integer").execute();
  await db.schema
    .alterTable("tournament")
    .addColumn("top_cut", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("tournament").addColumn("checkin_opens_at", "integer").execute();
  await db.schema.alterTable("tournament").addColumn("checkin_closes_at", "integer").execute();
  await db.schema.alterTable("tournament").addColumn("checkin_closed_at", "integer").execute();
  await db.schema.alterTable("tournament_player").addColumn("checked_in_at", "integer").execute();
  await db.schema.createIndex("tournament_checkin_due").on("tournament").columns(["checkin_closed_at", "checkin_closes_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tournament_checkin_due").execute();
  await db.schema.alterTable("tournament_player").dropColumn("checked_in_at").execute();
  for (const column of ["checkin_closed_at", "checkin_closes_at", "checkin_opens_at", "top_cut", "swiss_rounds"]) await db.schema.alterTable("tournament").dropColumn(column).execute();
  await db.deleteFrom("tournament").where("structure", "=", "swiss").execute();
  await allowFormats(db, FORMATS_AFTER, FORMATS_BEFORE);
}

/**
 * The format list is a CHECK constraint. PostgreSQL swaps it in place; SQLite cannot alter one, so
 * the table is rebuilt the way its documentation prescribes (foreign keys off, copy, drop, rename),
 * which keeps every row, index and reference to it. SQLite migrations run outside a transaction,
 * which is what lets the foreign-key pragma take effect.
 */
async function allowFormats(db: Kysely<any>, before: string, after: string): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`ALTER TABLE tournament DROP CONSTRAINT tournament_structure_check`.execute(db);
    await sql.raw(`ALTER TABLE tournament ADD CONSTRAINT tournament_structure_check CHECK (${after})`).execute(db);
    return;
  }
  const table = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'tournament'`.execute(db);
  const indexes = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'tournament' AND sql IS NOT NULL`.execute(db);
  const create = table.rows[0]!.sql;
  if (!create.includes(before)) throw new Error("tournament's format check is not the one this migration expects");
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql.raw(create.replace(before, after).replace(/^CREATE TABLE "?tournament"?/, 'CREATE TABLE "tournament_rebuilt"')).execute(db);
    await sql`INSERT INTO tournament_rebuilt SELECT * FROM tournament`.execute(db);
    await sql`DROP TABLE tournament`.execute(db);
    await sql`ALTER TABLE tournament_rebuilt RENAME TO tournament`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`PRAGMA foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error("tournament rebuild left dangling references");
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
