import type { Kysely } from "kysely";

/** Indexes for the busiest lists (measured in bench/api): newest replays, followers counts. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("replay_newest").on("replay").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("follow_follower").on("follow").columns(["follower_id"]).execute();
  await db.schema.createIndex("channel_live").on("channel").columns(["is_live"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ["channel_live", "follow_follower", "replay_newest"]) await db.schema.dropIndex(index).execute();
}
