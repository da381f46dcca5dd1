import type { Kysely } from "kysely";

/**
 * Outgoing webhooks (issue 36, item 1): a subscription belongs to a channel, a tournament, an event or the site; each
 * event it takes becomes a delivery in a durable queue that every node reads (a claim with a lease: one node sends a
 * try, another takes over when it dies); each try is kept for the owner's delivery log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("webhook")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("scope_id", "integer")
    .addColumn("created_by", "integer", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("language", "text", (c) => c.notNull().defaultTo("fr"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("previous_secret", "text")
    .addColumn("previous_secret_until", "integer")
    .addColumn("disabled_at", "integer")
    .addColumn("disabled_reason", "text")
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("updated_at", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhook_by_scope").on("webhook").columns(["scope", "scope_id"]).execute();
  await db.schema
    .createTable("webhook_delivery")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("webhook_id", "integer", (c) => c.notNull())
    .addColumn("message_id", "text", (c) => c.notNull().unique())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "integer", (c) => c.notNull())
    .addColumn("claimed_until", "integer")
    .addColumn("last_status", "integer")
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("tries_since", "integer", (c) => c.notNull())
    .addColumn("finished_at", "integer")
    .execute();
  await db.schema.createIndex("webhook_delivery_due").on("webhook_delivery").columns(["state", "next_attempt_at"]).execute();
  await db.schema.createIndex("webhook_delivery_by_webhook").on("webhook_delivery").columns(["webhook_id", "id"]).execute();
  await db.schema
    .createTable("webhook_attempt")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("delivery_id", "integer", (c) => c.notNull())
    .addColumn("attempted_at", "integer", (c) => c.notNull())
    .addColumn("status_code", "integer")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("response_body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("error", "text")
    .execute();
  await db.schema.createIndex("webhook_attempt_by_delivery").on("webhook_attempt").columns(["delivery_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_attempt").execute();
  await db.schema.dropTable("webhook_delivery").execute();
  await db.schema.dropTable("webhook").execute();
}
