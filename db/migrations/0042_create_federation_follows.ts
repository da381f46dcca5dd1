import type { Kysely } from "kysely";

/**
 * The fediverse's follows, posts and deliveries (issue 38, items 2–6):
 * - `federation_follower`: a remote account following one of Arena's actors (a channel, a tournament, an event), with
 *   the inboxes its posts go to and the names the owner's list shows, copied when the Follow came (a page never fetches);
 * - `federation_following`: a member's channel following a remote account (a channel of another Arena, a Mastodon
 *   user), pending until its Accept comes;
 * - `federation_post`: what an actor posted (a live started, a champion…), one per thing it is about;
 * - `federation_delivery`: the durable queue of signed activities, one row per (activity, inbox) so a shared inbox
 *   gets each post once whichever node queued it, kept afterwards as the admin's delivery log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("federation_follower")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("actor_type", "text", (c) => c.notNull())
    .addColumn("actor_id", "integer", (c) => c.notNull())
    .addColumn("remote_actor", "text", (c) => c.notNull())
    .addColumn("remote_inbox", "text", (c) => c.notNull())
    .addColumn("remote_shared_inbox", "text")
    .addColumn("remote_host", "text", (c) => c.notNull())
    .addColumn("remote_handle", "text", (c) => c.notNull())
    .addColumn("remote_name", "text", (c) => c.notNull())
    .addColumn("remote_url", "text")
    .addColumn("follow_activity", "text", (c) => c.notNull())
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addUniqueConstraint("federation_follower_once", ["actor_type", "actor_id", "remote_actor"])
    .execute();
  await db.schema.createIndex("federation_follower_by_host").on("federation_follower").column("remote_host").execute();
  await db.schema
    .createTable("federation_following")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("channel_id", "integer", (c) => c.notNull())
    .addColumn("remote_actor", "text", (c) => c.notNull())
    .addColumn("remote_inbox", "text", (c) => c.notNull())
    .addColumn("remote_host", "text", (c) => c.notNull())
    .addColumn("remote_handle", "text", (c) => c.notNull())
    .addColumn("remote_name", "text", (c) => c.notNull())
    .addColumn("remote_url", "text")
    .addColumn("follow_activity", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("accepted_at", "integer")
    .addUniqueConstraint("federation_following_once", ["channel_id", "remote_actor"])
    .execute();
  await db.schema.createIndex("federation_following_by_actor").on("federation_following").column("remote_actor").execute();
  await db.schema
    .createTable("federation_post")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("actor_type", "text", (c) => c.notNull())
    .addColumn("actor_id", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("deleted_at", "integer")
    .addUniqueConstraint("federation_post_once", ["actor_type", "actor_id", "subject"])
    .execute();
  await db.schema
    .createTable("federation_delivery")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("activity_id", "text", (c) => c.notNull())
    .addColumn("activity_type", "text", (c) => c.notNull())
    .addColumn("actor_type", "text", (c) => c.notNull())
    .addColumn("actor_id", "integer", (c) => c.notNull())
    .addColumn("inbox", "text", (c) => c.notNull())
    .addColumn("inbox_host", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "integer", (c) => c.notNull())
    .addColumn("claimed_until", "integer")
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("finished_at", "integer")
    .addUniqueConstraint("federation_delivery_once", ["activity_id", "inbox"])
    .execute();
  await db.schema.createIndex("federation_delivery_due").on("federation_delivery").columns(["state", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["federation_delivery", "federation_post", "federation_following", "federation_follower"]) await db.schema.dropTable(table).execute();
}
