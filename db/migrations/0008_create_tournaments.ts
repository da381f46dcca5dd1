import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tournament")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("admin_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("structure", "text", (c) => c.notNull().check(sql`structure IN ('s_elim', 'd_elim', 'robin')`))
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("is_team", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("team_size", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("game_id", "integer", (c) => c.references("game.id").onDelete("set null"))
    .addColumn("game_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("game_mode", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("discipline", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("rules", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("prize", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("start_date", "text")
    .addColumn("end_date", "text")
    .addColumn("timezone", "text", (c) => c.notNull().defaultTo("UTC"))
    .addColumn("poster", "text")
    .addColumn("cover", "text")
    .addColumn("stream", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bracket", "text")
    .addColumn("champion_id", "integer")
    .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("finished_at", "integer")
    .execute();
  await db.schema.createIndex("tournament_admin").on("tournament").columns(["admin_id", "created_at"]).execute();

  await db.schema
    .createTable("tournament_player")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("tournament_id", "integer", (c) => c.notNull().references("tournament.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status IN ('pending', 'approved')`))
    .addColumn("joined_at", "integer", (c) => c.notNull())
    .addUniqueConstraint("tournament_player_unique", ["tournament_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tournament_player").execute();
  await db.schema.dropTable("tournament").execute();
}
