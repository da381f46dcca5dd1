import { type Kysely, sql } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * Match replays (issue 18, item 3). `tournament_match` keeps when each match was started and ended
 * (the bracket's JSON has no clock), and at which channel's station it was played: the cut of a
 * streamed match is taken from the channel's recording between those two instants. A replay made
 * from a match names its tournament and match, and says when the live did not cover the whole match
 * (`partial`); the session's own replay (match_id null) stays as it was.
 *
 * A session had one replay (a UNIQUE live_session_id); now it has its own and its matches'. The
 * rule "one replay of its own per session" stays, as a partial unique index. PostgreSQL drops the
 * constraint; SQLite cannot drop a column's UNIQUE, so the table is rebuilt from its own stored
 * definition, its rows, indexes and triggers (the search index's) kept, its ids unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tournament_match")
    .addColumn("tournament_id", "integer", (c) => c.notNull().references("tournament.id").onDelete("cascade"))
    .addColumn("match_id", "integer", (c) => c.notNull())
    .addColumn("started_at", "integer", (c) => c.notNull())
    .addColumn("ended_at", "integer")
    .addColumn("streamer_id", "integer", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("station_name", "text")
    .addPrimaryKeyConstraint("tournament_match_pk", ["tournament_id", "match_id"])
    .execute();
  await db.schema
    .alterTable("replay")
    .addColumn("tournament_id", "integer", (c) => c.references("tournament.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("replay").addColumn("match_id", "integer").execute();
  await db.schema
    .alterTable("replay")
    .addColumn("partial", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("replay_tournament_match").on("replay").columns(["tournament_id", "match_id"]).execute();
  if (dialectOf(db) === "postgres") await sql`ALTER TABLE replay DROP CONSTRAINT replay_live_session_id_key`.execute(db);
  else await rebuildReplayWithoutSessionUnique(db);
  await sql`CREATE UNIQUE INDEX replay_session_own ON replay (live_session_id) WHERE match_id IS NULL`.execute(db);
}

async function rebuildReplayWithoutSessionUnique(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ type: string; name: string; sql: string }>`SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'replay' AND sql IS NOT NULL`.execute(db);
  const table = rows.find((row) => row.type === "table")!;
  const unique = /("live_session_id" integer not null) unique/i;
  if (!unique.test(table.sql)) throw new Error("replay.live_session_id: unexpected definition");
  const createNext = table.sql.replace(unique, "$1").replace(/^create table "replay"/i, 'CREATE TABLE "replay_next"');
  await sql.raw(createNext).execute(db);
  await sql`INSERT INTO replay_next SELECT * FROM replay`.execute(db);
  // Dropping a table fires none of its triggers: the search index keeps its rows (same ids, same titles).
  await sql`DROP TABLE replay`.execute(db);
  await sql`ALTER TABLE replay_next RENAME TO replay`.execute(db);
  for (const row of rows.filter((row) => row.type === "index" || row.type === "trigger")) await sql.raw(row.sql).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The session's own replay stays one per session; the column's UNIQUE is not put back.
  await db.schema.dropIndex("replay_session_own").execute();
  await db.schema.dropIndex("replay_tournament_match").execute();
  for (const column of ["partial", "match_id", "tournament_id"]) await db.schema.alterTable("replay").dropColumn(column).execute();
  await db.schema.dropTable("tournament_match").execute();
}
