import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("user")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("username", "text", (c) => c.notNull().unique().modifyFront(sql`COLLATE NOCASE`))
    .addColumn("email", "text", (c) => c.notNull().unique().modifyFront(sql`COLLATE NOCASE`))
    .addColumn("password_hash", "text")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("viewer").check(sql`role IN ('viewer', 'streamer', 'organizer', 'moderator', 'admin')`))
    .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("about", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("avatar", "text")
    .addColumn("banner", "text")
    .addColumn("verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("email_verified_at", "integer")
    .addColumn("last_login_at", "integer")
    .addColumn("suspended_at", "integer")
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("updated_at", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("remember", "integer", (c) => c.notNull())
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("expires_at", "integer", (c) => c.notNull())
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("session_user_id").on("session").column("user_id").execute();

  await db.schema
    .createTable("auth_token")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull().check(sql`purpose IN ('verify_email', 'reset_password')`))
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("expires_at", "integer", (c) => c.notNull())
    .addColumn("used_at", "integer")
    .execute();
  await db.schema.createIndex("auth_token_user_id").on("auth_token").columns(["user_id", "purpose"]).execute();

  await db.schema
    .createTable("oauth_account")
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_user_id", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("oauth_account_pk", ["provider", "provider_user_id"])
    .execute();

  await db.schema
    .createTable("oauth_state")
    .addColumn("state", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("code_verifier", "text", (c) => c.notNull())
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("expires_at", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("rate_limit")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_start", "integer", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("captcha_use")
    .addColumn("signature", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["captcha_use", "rate_limit", "oauth_state", "oauth_account", "auth_token", "session", "user"]) {
    await db.schema.dropTable(table).execute();
  }
}
