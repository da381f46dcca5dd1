import type { Kysely } from "kysely";

/**
 * A station's channel needs its streamer's consent (issue 34, item 17). `streamer_id` is now only a channel that
 * accepted (or the organiser's own): everything a station does to a channel (chat lines, the match on its stream
 * page, match replays) reads it alone. A channel asked and not yet answering waits in `requested_streamer_id`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("tournament_station")
    .addColumn("requested_streamer_id", "integer", (c) => c.references("user.id").onDelete("set null"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tournament_station").dropColumn("requested_streamer_id").execute();
}
