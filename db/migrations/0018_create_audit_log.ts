import type { Kysely } from "kysely";

/**
 * What admins did, for admins to read: who, what, on what, when, and the values before and after
 * (JSON). Rows are only ever added; an admin's account deleted later leaves its id behind.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("actor_id", "integer", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("created_at", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created").on("audit_log").column("created_at").execute();
  await db.schema.createIndex("audit_log_target").on("audit_log").columns(["target_type", "target_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
}
