import type { Kysely } from "kysely";

/**
 * The admin console's site (issue 20): settings an admin edits in the app (name, logo, sign-ups,
 * captcha), invitation links for closed sign-ups, every past version of the legal texts, and games
 * an admin hid or edited (the shipped catalogue no longer overwrites those at start-up).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("site_setting")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "integer", (c) => c.notNull())
    .addColumn("updated_by", "integer")
    .execute();
  await db.schema
    .createTable("invitation")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("max_uses", "integer")
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "integer")
    .addColumn("revoked_at", "integer")
    .addColumn("created_by", "integer", (c) => c.notNull())
    .addColumn("created_at", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("legal_version")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("lang", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("updated_at", "integer", (c) => c.notNull())
    .addColumn("updated_by", "integer")
    .execute();
  await db.schema.createIndex("legal_version_document").on("legal_version").columns(["type", "lang", "version"]).unique().execute();
  await db.schema.alterTable("game").addColumn("hidden_at", "integer").execute();
  await db.schema.alterTable("game").addColumn("edited_at", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("game").dropColumn("edited_at").execute();
  await db.schema.alterTable("game").dropColumn("hidden_at").execute();
  await db.schema.dropTable("legal_version").execute();
  await db.schema.dropTable("invitation").execute();
  await db.schema.dropTable("site_setting").execute();
}
