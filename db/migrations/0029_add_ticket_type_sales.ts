import { type Kysely, sql } from "kysely";

/**
 * Organisers set their own ticket types (issue 34, item 1), as pretix's products: a quantity (within the event's
 * seats, checked by server/events/seats.ts), a sale window, hidden (not listed, tickets already sold stay valid),
 * closed (listed as closed, not sold) and a display order. Times are milliseconds, as the event's own dates.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("ticket_type")
    .addColumn("quantity", "integer", (c) => c.check(sql`quantity IS NULL OR quantity >= 1`))
    .execute();
  await db.schema.alterTable("ticket_type").addColumn("sale_starts_at", "integer").execute();
  await db.schema.alterTable("ticket_type").addColumn("sale_ends_at", "integer").execute();
  await db.schema
    .alterTable("ticket_type")
    .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("ticket_type")
    .addColumn("closed", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("ticket_type")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // A type's sold count (quantity left) is read on every listing and purchase.
  await db.schema.createIndex("ticket_event_type").on("ticket").columns(["event_id", "ticket_type", "status"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("ticket_event_type").execute();
  for (const column of ["position", "closed", "hidden", "sale_ends_at", "sale_starts_at", "quantity"]) await db.schema.alterTable("ticket_type").dropColumn(column).execute();
}
