import { type Kysely, sql } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * Search ranks people by followers (issue 17): counting each match's follows per request read a
 * thousand follow lists for a common name. The count becomes a column of `user`, back-filled here and
 * kept by triggers, so it changes in the same transaction as the follow row, whoever writes it: the
 * follow routes, a deleted account whose follows go with it (ON DELETE CASCADE), the demo and the
 * benches' seeders. PostgreSQL also gets an ordered index on the lower-cased name, so "names that
 * start with the term" is a range of it there as it is of the NOCASE unique index on SQLite.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("user")
    .addColumn("follower_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE "user" SET follower_count = (SELECT COUNT(*) FROM follow WHERE follow.followed_id = "user".id)`.execute(db);
  if (dialectOf(db) === "postgres") {
    await sql`CREATE FUNCTION follow_counts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE "user" SET follower_count = follower_count + 1 WHERE id = NEW.followed_id;
        ELSE
          UPDATE "user" SET follower_count = follower_count - 1 WHERE id = OLD.followed_id;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER follow_counts AFTER INSERT OR DELETE ON follow FOR EACH ROW EXECUTE FUNCTION follow_counts()`.execute(db);
    await sql`CREATE INDEX user_name_prefix ON "user" (lower(username::text) text_pattern_ops)`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER follow_count_insert AFTER INSERT ON follow BEGIN
    UPDATE "user" SET follower_count = follower_count + 1 WHERE id = new.followed_id;
  END`.execute(db);
  await sql`CREATE TRIGGER follow_count_delete AFTER DELETE ON follow BEGIN
    UPDATE "user" SET follower_count = follower_count - 1 WHERE id = old.followed_id;
  END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`DROP INDEX user_name_prefix`.execute(db);
    await sql`DROP TRIGGER follow_counts ON follow`.execute(db);
    await sql`DROP FUNCTION follow_counts()`.execute(db);
  } else {
    for (const trigger of ["follow_count_insert", "follow_count_delete"]) await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db);
  }
  await db.schema.alterTable("user").dropColumn("follower_count").execute();
}
