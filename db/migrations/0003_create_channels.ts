import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("game")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("short_name", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description_fr", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("icon", "text", (c) => c.notNull())
    .addColumn("landscape_image", "text", (c) => c.notNull())
    .addColumn("portrait_image", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("channel")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().unique().references("user.id").onDelete("cascade"))
    .addColumn("public_id", "text", (c) => c.notNull().unique())
    .addColumn("stream_key", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("game_id", "integer", (c) => c.references("game.id").onDelete("set null"))
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("is_live", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("live_session_id", "integer")
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("updated_at", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("live_session")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("channel_id", "integer", (c) => c.notNull().references("channel.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("game_id", "integer", (c) => c.references("game.id").onDelete("set null"))
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("started_at", "integer", (c) => c.notNull())
    .addColumn("ended_at", "integer")
    .addColumn("recording_dir", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("live_session_channel").on("live_session").columns(["channel_id", "started_at"]).execute();

  await db.schema
    .createTable("replay")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("channel_id", "integer", (c) => c.notNull().references("channel.id").onDelete("cascade"))
    .addColumn("live_session_id", "integer", (c) => c.notNull().unique().references("live_session.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("game_id", "integer", (c) => c.references("game.id").onDelete("set null"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status IN ('processing', 'ready', 'failed')`))
    .addColumn("file_path", "text")
    .addColumn("thumbnail_path", "text")
    .addColumn("duration", "real")
    .addColumn("file_size", "integer")
    .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("deleted_at", "integer")
    .execute();
  await db.schema.createIndex("replay_channel").on("replay").columns(["channel_id", "created_at"]).execute();

  await db.schema
    .createTable("viewer_presence")
    .addColumn("channel_id", "integer", (c) => c.notNull().references("channel.id").onDelete("cascade"))
    .addColumn("viewer_id", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("viewer_presence_pk", ["channel_id", "viewer_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["viewer_presence", "replay", "live_session", "channel", "game"]) await db.schema.dropTable(table).execute();
}
