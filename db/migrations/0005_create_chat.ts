import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("channel")
    .addColumn("chat_slow_seconds", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("chat_message")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("channel_id", "integer", (c) => c.notNull().references("channel.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("deleted_at", "integer")
    .addColumn("deleted_by", "integer")
    .execute();
  await db.schema.createIndex("chat_message_channel").on("chat_message").columns(["channel_id", "created_at"]).execute();

  await db.schema
    .createTable("chat_ban")
    .addColumn("channel_id", "integer", (c) => c.notNull().references("channel.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("until", "integer")
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_by", "integer", (c) => c.notNull())
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("chat_ban_pk", ["channel_id", "user_id"])
    .execute();

  await db.schema
    .createTable("chat_moderation")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("channel_id", "integer", (c) => c.notNull().references("channel.id").onDelete("cascade"))
    .addColumn("moderator_id", "integer", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull().check(sql`action IN ('delete', 'ban', 'timeout', 'unban', 'slow_mode')`))
    .addColumn("target_user_id", "integer")
    .addColumn("message_id", "integer")
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["chat_moderation", "chat_ban", "chat_message"]) await db.schema.dropTable(table).execute();
  await db.schema.alterTable("channel").dropColumn("chat_slow_seconds").execute();
}
