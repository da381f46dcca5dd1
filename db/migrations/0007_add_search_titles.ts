import type { Kysely } from "kysely";

/** Folded copies of titles (lower case, no accents) so search is case- and accent-insensitive in SQL. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("channel")
    .addColumn("search_title", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("replay")
    .addColumn("search_title", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  for (const table of ["channel", "replay"] as const) {
    const rows = await db.selectFrom(table).select(["id", "title"]).execute();
    for (const row of rows)
      await db
        .updateTable(table)
        .set({ search_title: fold(row.title) })
        .where("id", "=", row.id)
        .execute();
  }
  await db.schema.createIndex("replay_search_title").on("replay").column("search_title").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("replay").dropColumn("search_title").execute();
  await db.schema.alterTable("channel").dropColumn("search_title").execute();
}

/** Frozen copy of the fold of the time (server/text/fold.ts): a migration never changes with the app's code. */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}
