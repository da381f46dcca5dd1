import type { Kysely } from "kysely";

/**
 * OBS overlays (issue 36, item 4): one secret address per streamer, which their OBS browser sources open without a
 * session. Kept as it is (not hashed): the streamer copies it again from their settings, as they do a stream key;
 * resetting it makes a new one and the old address stops at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("overlay")
    .addColumn("user_id", "integer", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull().unique())
    .addColumn("sound", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("overlay").execute();
}
