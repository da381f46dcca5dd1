import type { Kysely } from "kysely";

/**
 * A member's request for everything Arena holds about them (RGPD, right of access): made in the
 * background, kept as a ZIP in the media folder until it expires. One row per request, so a node that
 * restarts finds the requests it had not finished.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("data_export")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("file", "text")
    .addColumn("size", "integer")
    .addColumn("requested_at", "integer", (c) => c.notNull())
    .addColumn("ready_at", "integer")
    .addColumn("expires_at", "integer")
    .execute();
  await db.schema.createIndex("data_export_user").on("data_export").columns(["user_id", "requested_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("data_export").execute();
}
