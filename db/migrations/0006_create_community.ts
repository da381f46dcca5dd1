import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ["paypalme", "social_facebook", "social_twitter", "social_instagram", "social_youtube", "social_website"]) {
    await db.schema.alterTable("channel").addColumn(column, "text").execute();
  }

  await db.schema
    .createTable("follow")
    .addColumn("follower_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("followed_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("follow_pk", ["follower_id", "followed_id"])
    .addCheckConstraint("follow_not_self", sql`follower_id <> followed_id`)
    .execute();
  await db.schema.createIndex("follow_followed").on("follow").columns(["followed_id", "created_at"]).execute();

  await db.schema
    .createTable("notification")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("actor_id", "integer", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("link", "text", (c) => c.notNull().defaultTo("/"))
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("read_at", "integer")
    .execute();
  await db.schema.createIndex("notification_user").on("notification").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("report")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("reporter_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("target_type", "text", (c) => c.notNull().check(sql`target_type IN ('stream', 'user', 'replay', 'tournament', 'message')`))
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open").check(sql`status IN ('open', 'dismissed', 'actioned')`))
    .addColumn("resolved_by", "integer")
    .addColumn("resolved_at", "integer")
    .addColumn("resolution", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("report_status").on("report").columns(["status", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["report", "notification", "follow"]) await db.schema.dropTable(table).execute();
  for (const column of ["paypalme", "social_facebook", "social_twitter", "social_instagram", "social_youtube", "social_website"]) {
    await db.schema.alterTable("channel").dropColumn(column).execute();
  }
}
