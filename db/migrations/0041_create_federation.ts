import type { Kysely } from "kysely";

/**
 * The fediverse (issue 38): the key pairs each actor signs with (a channel, a tournament, an event), made once and
 * kept, since remote servers remember an actor's public key; and the small key-value store Fedify keeps its caches
 * and locks in, shared by every node through the database (server/federation/).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("federation_key")
    .addColumn("actor_type", "text", (c) => c.notNull())
    .addColumn("actor_id", "integer", (c) => c.notNull())
    .addColumn("algorithm", "text", (c) => c.notNull())
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("private_key", "text", (c) => c.notNull())
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("federation_key_pk", ["actor_type", "actor_id", "algorithm"])
    .execute();
  await db.schema
    .createTable("federation_kv")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", "integer")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("federation_kv").execute();
  await db.schema.dropTable("federation_key").execute();
}
