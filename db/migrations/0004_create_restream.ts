import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("channel")
    .addColumn("restream_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("restream_target")
    .addColumn("channel_id", "integer", (c) => c.notNull().references("channel.id").onDelete("cascade"))
    .addColumn("platform", "text", (c) => c.notNull().check(sql`platform IN ('twitch', 'youtube', 'facebook')`))
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("key_encrypted", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("idle").check(sql`status IN ('idle', 'connecting', 'live', 'error')`))
    .addColumn("last_error", "text")
    .addColumn("updated_at", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("restream_target_pk", ["channel_id", "platform"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("restream_target").execute();
  await db.schema.alterTable("channel").dropColumn("restream_enabled").execute();
}
