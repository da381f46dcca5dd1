import { type RawBuilder, sql } from "kysely";
import { type DbOrTransaction, dialectOf } from "../../db/index.ts";
import { likePattern } from "../text/like-pattern.ts";

/**
 * The search indexes of migrations 0015 and 0033 as queries, so the search service never writes a dialect's
 * syntax: SQLite reads its FTS5 trigram tables, PostgreSQL its pg_trgm GIN indexes. Needles are
 * folded (shared/fold.ts); a match is "the text contains the needle", as the LIKE scan was.
 */
const searched = {
  replays: { table: "replay", column: sql.ref("replay.search_title"), fts5: "replay_search", postgres: sql.ref("replay.search_title") },
  users: { table: "user", column: sql.ref("user.username"), fts5: "user_search", postgres: sql`lower(${sql.ref("user.username")}::text)` },
  // Migration 0033: an event's folded name, description and place, for the events list.
  events: { table: "event", column: sql.ref("event.search_text"), fts5: "event_search", postgres: sql.ref("event.search_text") },
};
type Searched = keyof typeof searched;

/** Trigrams need three characters: a shorter needle is looked for row by row. */
const TRIGRAM = 3;

/** The ids of the rows whose searched text contains `needle`, read through the trigram index. */
export function idsContaining(db: DbOrTransaction, what: Searched, needle: string): RawBuilder<{ id: number }> {
  const { table, column, fts5, postgres } = searched[what];
  if (dialectOf(db) === "postgres") return sql`SELECT id FROM ${sql.table(table)} WHERE ${postgres} LIKE ${likePattern(needle)} ESCAPE '\\'`;
  if ([...needle].length < TRIGRAM) return sql`SELECT id FROM ${sql.table(table)} WHERE ${column} LIKE ${likePattern(needle)} ESCAPE '\\'`;
  // A quoted FTS5 string is a phrase: with the trigram tokenizer, that is the substring itself.
  return sql`SELECT rowid AS id FROM ${sql.table(fts5)} WHERE ${sql.table(fts5)} MATCH ${`"${needle.replaceAll('"', '""')}"`}`;
}

/** The ids of the replays whose folded title starts with `needle`: a range of an ordered index (SQLite) or the trigrams. */
export function replayIdsStartingWith(db: DbOrTransaction, needle: string): RawBuilder<{ id: number }> {
  if (dialectOf(db) === "postgres") return sql`SELECT id FROM replay WHERE search_title LIKE ${likePattern(needle, true)} ESCAPE '\\'`;
  // GLOB compares as the index orders (binary), so SQLite reads the range of replay_search_title.
  return sql`SELECT id FROM replay WHERE search_title GLOB ${`${needle.replace(/[*?[]/g, (c) => `[${c}]`)}*`}`;
}

/**
 * A condition on a `user` row: its name starts with `needle`. A range of an ordered index on either
 * database: SQLite's NOCASE unique index on the name (its LIKE ignores case as that index does),
 * PostgreSQL's on the lower-cased name (migration 0017). Names are ASCII (auth/schemas.ts), so lower
 * case is their folding. A condition rather than ids, so PostgreSQL reads the user rows once.
 */
export function userNameStartsWith(db: DbOrTransaction, needle: string): RawBuilder<boolean> {
  const name = dialectOf(db) === "postgres" ? searched.users.postgres : searched.users.column;
  return sql<boolean>`${name} LIKE ${likePattern(needle, true)} ESCAPE '\\'`;
}

/** A condition on a `user` row: its name contains `needle`, through the trigram index of either database. */
export function userNameContains(db: DbOrTransaction, needle: string): RawBuilder<boolean> {
  if (dialectOf(db) === "postgres") return sql<boolean>`${searched.users.postgres} LIKE ${likePattern(needle)} ESCAPE '\\'`;
  return sql<boolean>`${sql.ref("user.id")} IN (${idsContaining(db, "users", needle)})`;
}

/**
 * Where `needle` first occurs in a replay's folded title: 1 at the start, 0 nowhere. No index serves
 * it, on purpose: the caller walks the most watched replays and stops at the first matches.
 */
export function positionInTitle(db: DbOrTransaction, needle: string): RawBuilder<number> {
  return dialectOf(db) === "postgres" ? sql<number>`strpos(replay.search_title, ${needle})` : sql<number>`instr(replay.search_title, ${needle})`;
}

/** How many ids `ids` yields, counted no further than `cap` + 1: enough to tell a rare term from a common one. */
export async function countUpTo(db: DbOrTransaction, ids: RawBuilder<{ id: number }>, cap: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM (${ids} LIMIT ${cap + 1}) AS probe`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
