import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("wallet")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    // The database itself refuses an overdraft, whatever the code does.
    .addColumn("balance", "integer", (c) => c.notNull().defaultTo(0).check(sql`balance >= 0`))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("GCOIN"))
    .addColumn("updated_at", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("wallet_transaction")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("amount", "integer", (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn("balance_after", "integer", (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("ref_type", "text")
    .addColumn("ref_id", "integer")
    .addColumn("created_at", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("wallet_transaction_user").on("wallet_transaction").columns(["user_id", "id"]).execute();

  await db.schema
    .createTable("event_category")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name_fr", "text", (c) => c.notNull())
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("icon", "text", (c) => c.notNull())
    .addColumn("color", "text", (c) => c.notNull())
    .addColumn("multiplier", "real", (c) => c.notNull())
    .execute();
  const categories = [
    [1, "tournament", "Tournoi", "Tournament", "trophy", "#7c5cff", 2],
    [2, "lan-party", "LAN party", "LAN party", "network", "#2ec4b6", 1.5],
    [3, "meetup", "Rencontre", "Meetup", "users", "#f5a623", 1],
    [4, "workshop", "Atelier", "Workshop", "graduation-cap", "#3a86ff", 1.3],
    [5, "convention", "Salon", "Convention", "ticket", "#ff5ca8", 2.5],
    [6, "watch-party", "Soirée de visionnage", "Watch party", "tv", "#2ecc71", 0.8],
  ] as const;
  for (const [id, slug, name_fr, name_en, icon, color, multiplier] of categories) {
    await db.insertInto("event_category").values({ id, slug, name_fr, name_en, icon, color, multiplier }).execute();
  }

  await db.schema
    .createTable("event")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("category_id", "integer", (c) => c.notNull().references("event_category.id"))
    .addColumn("start_date", "integer", (c) => c.notNull())
    .addColumn("end_date", "integer")
    .addColumn("max_participants", "integer", (c) => c.check(sql`max_participants IS NULL OR max_participants >= 1`))
    .addColumn("ticket_price", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("cover_image", "text")
    .addColumn("is_public", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("requires_approval", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft").check(sql`status IN ('draft', 'published', 'active', 'completed', 'cancelled')`))
    .addColumn("created_by", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("rules", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("tournament_id", "integer", (c) => c.references("tournament.id").onDelete("set null"))
    .addColumn("creation_cost", "integer", (c) => c.notNull())
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("updated_at", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("event_participant")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("event_id", "integer", (c) => c.notNull().references("event.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status IN ('pending', 'approved', 'rejected')`))
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addUniqueConstraint("event_participant_unique", ["event_id", "user_id"])
    .execute();

  await db.schema
    .createTable("ticket_type")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("event_id", "integer", (c) => c.notNull().references("event.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("price", "integer", (c) => c.notNull().check(sql`price >= 0`))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("features", "text", (c) => c.notNull().defaultTo("[]"))
    .addUniqueConstraint("ticket_type_unique", ["event_id", "type"])
    .execute();

  await db.schema
    .createTable("ticket")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("event_id", "integer", (c) => c.notNull().references("event.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("ticket_type", "text", (c) => c.notNull())
    .addColumn("price", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("GCOIN"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("valid").check(sql`status IN ('valid', 'refunded')`))
    .addColumn("checked_in_at", "integer")
    .addColumn("checked_in_by", "integer")
    .addColumn("created_at", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ticket_event").on("ticket").columns(["event_id", "status"]).execute();
  await db.schema.createIndex("ticket_user").on("ticket").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("assignment")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("event_id", "integer", (c) => c.notNull().references("event.id").onDelete("cascade"))
    .addColumn("streamer_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role IN ('main_streamer', 'co_streamer', 'backup_streamer')`))
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("assigned_by", "integer", (c) => c.notNull())
    .addColumn("assigned_at", "integer", (c) => c.notNull())
    .addUniqueConstraint("assignment_unique", ["event_id", "streamer_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["assignment", "ticket", "ticket_type", "event_participant", "event", "event_category", "wallet_transaction", "wallet"]) await db.schema.dropTable(table).execute();
}
