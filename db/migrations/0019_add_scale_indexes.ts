import type { Kysely } from "kysely";

/**
 * Indexes bench/scale's "Data" series found missing at ten times today's data (issue 17). A chat's
 * history is its newest messages by id: ordered by (channel_id, created_at), the database read every
 * message of a busy chat and sorted them, so the history slowed as the chat grew. Nothing read the
 * old index otherwise.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("chat_message_channel_newest").on("chat_message").columns(["channel_id", "id"]).execute();
  await db.schema.dropIndex("chat_message_channel").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("chat_message_channel").on("chat_message").columns(["channel_id", "created_at"]).execute();
  await db.schema.dropIndex("chat_message_channel_newest").execute();
}
