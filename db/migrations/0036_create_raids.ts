import type { Kysely } from "kysely";

/**
 * Raids (issue 36, item 5): at the end of a live its streamer sends the viewers to another live. A channel says who
 * may raid it (everyone, the channels its streamer follows, no one) and may block channels; each raid is kept with
 * the viewers it had when it started and what became of it (pending during its countdown, then landed, cancelled or failed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("channel")
    .addColumn("raid_policy", "text", (c) => c.notNull().defaultTo("everyone"))
    .execute();
  await db.schema
    .createTable("raid_block")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("channel_id", "integer", (c) => c.notNull())
    .addColumn("blocked_channel_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addUniqueConstraint("raid_block_once", ["channel_id", "blocked_channel_id"])
    .execute();
  await db.schema
    .createTable("raid")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("from_channel_id", "integer", (c) => c.notNull())
    .addColumn("to_channel_id", "integer", (c) => c.notNull())
    .addColumn("viewers", "integer", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("started_at", "integer", (c) => c.notNull())
    .addColumn("lands_at", "integer", (c) => c.notNull())
    .addColumn("ended_at", "integer")
    .execute();
  await db.schema.createIndex("raid_by_source").on("raid").columns(["from_channel_id", "state"]).execute();
  await db.schema.createIndex("raid_by_target").on("raid").columns(["to_channel_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("raid").execute();
  await db.schema.dropTable("raid_block").execute();
  await db.schema.alterTable("channel").dropColumn("raid_policy").execute();
}
