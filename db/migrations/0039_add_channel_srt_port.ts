import type { Kysely } from "kysely";

/**
 * SRT ingest (issue 37, item 4): the UDP port of SRT_PORTS given to a channel whose streamer turned SRT on; null: off.
 * Kept in the database so every node and a restart agree on who listens where; unique, so two channels never share one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("channel").addColumn("srt_port", "integer").execute();
  await db.schema.createIndex("channel_srt_port").unique().on("channel").column("srt_port").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("channel_srt_port").execute();
  await db.schema.alterTable("channel").dropColumn("srt_port").execute();
}
