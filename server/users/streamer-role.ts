import type { DbOrTransaction } from "../../db/index.ts";

/**
 * A member who goes live is a streamer (issue 34, item 13): the console lists them as one, their dashboard is the
 * streamer's, and organisers can assign them. Only the default role moves; an organiser, a moderator or an admin who
 * streams keeps the role that gives them more. An admin may set them back to viewer: the next live promotes again.
 */
export async function becomeStreamerOnLive(db: DbOrTransaction, channelId: number, now: number): Promise<void> {
  await db
    .updateTable("user")
    .set({ role: "streamer", updated_at: now })
    .where("role", "=", "viewer")
    .where("id", "=", (eb) => eb.selectFrom("channel").select("user_id").where("channel.id", "=", channelId))
    .execute();
}
