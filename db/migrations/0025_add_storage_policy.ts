import type { Kysely } from "kysely";

/**
 * The storage policy (issue 20, item 3): how long replays are kept and how much free disk a
 * recording needs, one row the admin edits; a replay's pin, which keeps it from that policy; and
 * when a live's recording was stopped for want of room, which its streamer's page reads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("storage_policy")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("keep", "text", (c) => c.notNull().defaultTo("forever"))
    .addColumn("keep_days", "integer")
    .addColumn("max_recordings_gb", "real")
    .addColumn("min_free_gb", "real", (c) => c.notNull().defaultTo(2))
    .addColumn("min_free_percent", "real", (c) => c.notNull().defaultTo(5))
    .addColumn("last_run_at", "integer")
    .execute();
  await db.insertInto("storage_policy").values({ id: 1 }).execute();
  await db.schema.alterTable("replay").addColumn("pinned_at", "integer").execute();
  await db.schema.alterTable("replay").addColumn("pinned_by", "integer").execute();
  await db.schema.alterTable("live_session").addColumn("recording_stopped_at", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("live_session").dropColumn("recording_stopped_at").execute();
  await db.schema.alterTable("replay").dropColumn("pinned_by").execute();
  await db.schema.alterTable("replay").dropColumn("pinned_at").execute();
  await db.schema.dropTable("storage_policy").execute();
}
