import type { Kysely } from "kysely";

/**
 * Clips (issue 19, item 4): a moment of a live or a replay a member keeps, cut without re-encoding
 * into its own file. A row at once ("processing"), the file once ffmpeg has cut it ("ready").
 * `clips_enabled` is the streamer's switch: with it off, nobody clips their channel.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("channel")
    .addColumn("clips_enabled", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable("clip")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("channel_id", "integer", (c) => c.notNull().references("channel.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("live_session_id", "integer", (c) => c.references("live_session.id").onDelete("set null"))
    .addColumn("replay_id", "integer", (c) => c.references("replay.id").onDelete("set null"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("game_id", "integer", (c) => c.references("game.id").onDelete("set null"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("start_seconds", "real", (c) => c.notNull())
    .addColumn("requested_seconds", "real", (c) => c.notNull())
    .addColumn("file_path", "text")
    .addColumn("thumbnail_path", "text")
    .addColumn("duration", "real")
    .addColumn("file_size", "integer")
    .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("clip_channel").on("clip").columns(["channel_id", "created_at"]).execute();
  await db.schema.createIndex("clip_game").on("clip").columns(["game_id", "created_at"]).execute();
  await db.schema.createIndex("clip_user").on("clip").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("clip").execute();
  await db.schema.alterTable("channel").dropColumn("clips_enabled").execute();
}
