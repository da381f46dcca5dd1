import type { Kysely } from "kysely";

/**
 * Personal access tokens (issue 36, item 2): a member's key for a bot or a script, with the scopes it may use. Only
 * the token's SHA-256 is kept (as for sessions); its first characters stay readable so its owner can tell it apart.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("personal_token")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("hint", "text", (c) => c.notNull())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("expires_at", "integer")
    .addColumn("last_used_at", "integer")
    .addColumn("revoked_at", "integer")
    .execute();
  await db.schema.createIndex("personal_token_by_user").on("personal_token").columns(["user_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("personal_token").execute();
}
