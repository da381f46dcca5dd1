import type { Kysely } from "kysely";

/**
 * Restricted lives (issue 18, item 4): who may watch a channel's live, and separately who may write
 * in its chat, with the event (ticket holders) or tournament (entrants) the rule names. A live session
 * keeps the watch rule it was streamed under, so its replays stay as restricted as the live was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const prefix of ["watch", "chat"]) {
    await db.schema
      .alterTable("channel")
      .addColumn(`${prefix}_access`, "text", (c) => c.notNull().defaultTo("everyone"))
      .execute();
    await db.schema.alterTable("channel").addColumn(`${prefix}_event_id`, "integer").execute();
    await db.schema.alterTable("channel").addColumn(`${prefix}_tournament_id`, "integer").execute();
  }
  await db.schema
    .alterTable("live_session")
    .addColumn("watch_access", "text", (c) => c.notNull().defaultTo("everyone"))
    .execute();
  await db.schema.alterTable("live_session").addColumn("watch_event_id", "integer").execute();
  await db.schema.alterTable("live_session").addColumn("watch_tournament_id", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["watch_access", "watch_event_id", "watch_tournament_id"]) await db.schema.alterTable("live_session").dropColumn(column).execute();
  for (const prefix of ["watch", "chat"]) {
    for (const column of [`${prefix}_access`, `${prefix}_event_id`, `${prefix}_tournament_id`]) await db.schema.alterTable("channel").dropColumn(column).execute();
  }
}
