import type { Kysely } from "kysely";

/**
 * Waiting lists for full events (seats) and full tournaments (slots), issue 19 item 1. One entry per
 * member and place (`kind` "event" or "tournament", `target_id` its id): waiting in `rank` order,
 * then offered until `expires_at`, then settled (accepted, declined, expired, left). An offer holds
 * its seat, so the seat rules count live offers. `announced_at` is the outbox of the offer's
 * notification and mail, sent after the transaction that made the offer commits. How long an offer
 * is held is the organiser's, per place, in `waitlist_hold`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("waitlist_entry")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("rank", "integer", (c) => c.notNull())
    .addColumn("joined_at", "integer", (c) => c.notNull())
    .addColumn("offered_at", "integer")
    .addColumn("expires_at", "integer")
    .addColumn("announced_at", "integer")
    .addColumn("settled_at", "integer")
    .addUniqueConstraint("waitlist_entry_member", ["kind", "target_id", "user_id"])
    .execute();
  await db.schema.createIndex("waitlist_entry_queue").on("waitlist_entry").columns(["kind", "target_id", "status", "rank"]).execute();
  await db.schema.createIndex("waitlist_entry_expiry").on("waitlist_entry").columns(["status", "expires_at"]).execute();
  await db.schema
    .createTable("waitlist_hold")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("minutes", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("waitlist_hold_pk", ["kind", "target_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("waitlist_hold").execute();
  await db.schema.dropTable("waitlist_entry").execute();
}
