import { type Kysely, sql } from "kysely";

/**
 * A member who goes live is a streamer (issue 34, item 13): members still on the default role whose channel has gone
 * live before this rule get the role their lives earned. Organisers, moderators and admins keep theirs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable("user")
    .set({ role: "streamer" })
    .where("role", "=", "viewer")
    .where(({ exists, selectFrom }) =>
      exists(selectFrom("channel").innerJoin("live_session", "live_session.channel_id", "channel.id").select(sql`1`.as("one")).whereRef("channel.user_id", "=", "user.id")),
    )
    .execute();
}

/** Nothing to undo: which of them were viewers before is not kept, and the role is theirs by the rule. */
export async function down(): Promise<void> {}
