import type { Kysely } from "kysely";

/** Where a viewer watches from: visitors without a session are counted at most a few per address. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("viewer_presence")
    .addColumn("address", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("viewer_presence_address").on("viewer_presence").columns(["channel_id", "address"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("viewer_presence_address").execute();
  await db.schema.alterTable("viewer_presence").dropColumn("address").execute();
}
