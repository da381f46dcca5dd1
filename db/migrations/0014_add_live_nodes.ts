import type { Kysely } from "kysely";

/**
 * Several Arena nodes on one database: each live session names the node that ingests it (the one
 * viewers' requests are relayed to, and the one that makes its replay), each node writes when it was
 * last seen, so the lives of a node that died are ended by another, and a session records when its
 * replay was made, so that another node knows which recordings are still waiting for theirs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("live_session").addColumn("node_url", "text").execute();
  await db.schema.alterTable("live_session").addColumn("finalised_at", "integer").execute();
  // Sessions ended before this column existed were finalised by the run that ended them, or are by the next start.
  await db
    .updateTable("live_session")
    .set((eb) => ({ finalised_at: eb.ref("ended_at") }))
    .where("ended_at", "is not", null)
    .execute();
  await db.schema.createIndex("live_session_node").on("live_session").columns(["node_url", "finalised_at"]).execute();
  await db.schema
    .createTable("node")
    .addColumn("url", "text", (c) => c.primaryKey())
    .addColumn("seen_at", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("node").execute();
  await db.schema.dropIndex("live_session_node").execute();
  await db.schema.alterTable("live_session").dropColumn("finalised_at").execute();
  await db.schema.alterTable("live_session").dropColumn("node_url").execute();
}
