import type { Kysely } from "kysely";

/**
 * A reconnect that lasts the match (issue 37, item 5): while the live waits through a match for its encoder, the end of
 * that wait (server clock); null otherwise. Written by the live's node, read by every node's stream answer, so a page
 * opened during the wait shows "Reconnexion du diffuseur…" from its first load.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("live_session").addColumn("reconnect_until", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("live_session").dropColumn("reconnect_until").execute();
}
