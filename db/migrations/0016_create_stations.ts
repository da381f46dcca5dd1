import { type Kysely, sql } from "kysely";

/**
 * A tournament's stations (issue 18): the places where matches are played, each optionally streamed
 * by a member's channel (kept as the streamer's user id: a channel row is made on first use). A
 * station holds at most one match (one column); a match sits on at most one station (the unique
 * index; NULLs, free stations, never collide on SQLite or PostgreSQL). `auto_assign` on the
 * tournament sends each ready match to a free station by itself.
 *
 * The bracket speaks in the chat of a station's channel: a system line is a chat message of `kind`
 * 'system' whose text is a key and its parameters (each reader's language draws it; `content` keeps
 * the French text for the readers that do not know keys), and whose `dedupe_key` makes "this match
 * ended" one line however many requests tell it. The streamer turns them off on their channel.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("tournament")
    .addColumn("auto_assign", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("tournament_station")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("tournament_id", "integer", (c) => c.notNull().references("tournament.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("streamer_id", "integer", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("match_id", "integer")
    .addColumn("assigned_at", "integer")
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addUniqueConstraint("tournament_station_name", ["tournament_id", "name"])
    .addUniqueConstraint("tournament_station_match", ["tournament_id", "match_id"])
    .execute();
  await db.schema.createIndex("tournament_station_streamer").on("tournament_station").columns(["streamer_id", "match_id"]).execute();
  await db.schema
    .alterTable("chat_message")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("user").check(sql`kind IN ('user', 'system')`))
    .execute();
  await db.schema.alterTable("chat_message").addColumn("system_key", "text").execute();
  await db.schema.alterTable("chat_message").addColumn("system_params", "text").execute();
  await db.schema.alterTable("chat_message").addColumn("dedupe_key", "text").execute();
  await db.schema.createIndex("chat_message_dedupe").on("chat_message").columns(["channel_id", "dedupe_key"]).unique().execute();
  await db.schema
    .alterTable("channel")
    .addColumn("chat_bracket_messages", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("channel").dropColumn("chat_bracket_messages").execute();
  await db.schema.dropIndex("chat_message_dedupe").execute();
  for (const column of ["dedupe_key", "system_params", "system_key", "kind"]) await db.schema.alterTable("chat_message").dropColumn(column).execute();
  await db.schema.dropTable("tournament_station").execute();
  await db.schema.alterTable("tournament").dropColumn("auto_assign").execute();
}
