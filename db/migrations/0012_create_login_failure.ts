import type { Kysely } from "kysely";

/**
 * Failed logins counted per account and address pair: a stranger who guesses wrong locks only
 * themselves out, never the owner on another machine (issue 13, item 15).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("login_failure")
    .addColumn("account", "text", (col) => col.notNull())
    .addColumn("address", "text", (col) => col.notNull())
    .addColumn("failures", "integer", (col) => col.notNull())
    .addColumn("last_failed_at", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("login_failure_pk", ["account", "address"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_failure").execute();
}
