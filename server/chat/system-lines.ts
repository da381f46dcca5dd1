import type { Db } from "../../db/index.ts";
import type { AppDeps } from "../http/context.ts";
import { defaultLanguage, translate } from "../i18n/messages.ts";
import { messageRows, toChatMessage } from "./service.ts";

// The lines that no one types (issue 18): the bracket telling a channel's chat that its station's match
// started, ended, or what comes next. They are chat messages like the others (the same table, history
// and broadcast), of kind 'system', stored as a key and its parameters so that each reader's language
// draws them. The row keeps the channel's owner as its author (the table needs one), but no reader is told
// so: a line goes out with no author (toChatMessage), and is no part of the owner's own messages (their export).
// A channel gets them only from stations it agreed to stream (tournaments/stations.ts), and at most
// SYSTEM_LINES_PER_MINUTE of them: the wording includes names an organiser picks.

/** A bracket moving fast tells a chat at most this many lines a minute, most important first (a chat bot on Twitch may send 20 in 30 s). */
export const SYSTEM_LINES_PER_MINUTE = 20;

type SystemKey = "bracket_match_started" | "bracket_match_score" | "bracket_match_won" | "bracket_match_draw" | "bracket_match_next" | "raid_arrived";

export interface SystemLine {
  /** The channel is the one this member streams on. */
  streamerId: number;
  key: SystemKey;
  params: Record<string, string | number>;
  /** The event's name: a line with the same name is never stored twice in a channel. */
  dedupeKey: string;
}

/**
 * Stores the lines in the caller's transaction, in order, into the chats whose streamer has not
 * turned them off; a line already stored (the same event told twice) is skipped. Returns the new
 * lines' ids, to announce once the transaction is committed.
 */
export async function storeSystemLines(trx: Db, lines: SystemLine[], now: number): Promise<number[]> {
  const ids: number[] = [];
  for (const line of lines) {
    const channel = await trx.selectFrom("channel").select(["id", "user_id", "chat_bracket_messages"]).where("user_id", "=", line.streamerId).executeTakeFirst();
    if (channel?.chat_bracket_messages !== 1) continue;
    if ((await recentSystemLines(trx, channel.id, now)) >= SYSTEM_LINES_PER_MINUTE) continue;
    const inserted = await trx
      .insertInto("chat_message")
      .values({
        channel_id: channel.id,
        user_id: channel.user_id,
        content: translate(defaultLanguage, `chat:${line.key}`, line.params),
        created_at: now,
        deleted_at: null,
        deleted_by: null,
        kind: "system",
        system_key: line.key,
        system_params: JSON.stringify(line.params),
        dedupe_key: line.dedupeKey,
      })
      .onConflict((oc) => oc.columns(["channel_id", "dedupe_key"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) ids.push(inserted.id);
  }
  return ids;
}

/**
 * A raid's line in its target's chat ("X arrive avec N spectateurs", issue 36, item 5), in the raid's transaction.
 * Unlike the bracket's lines it is not the streamer's to turn off: the raid was theirs to refuse (server/raids/).
 * `count` picks the plural, in the stored text as in each reader's (i18next reads `raid_arrived_one` or `_other`).
 */
export async function storeRaidLine(trx: Db, target: { id: number; user_id: number }, params: { from: string; count: number }, raidId: number, now: number): Promise<number> {
  const plural = new Intl.PluralRules(defaultLanguage).select(params.count) === "one" ? "one" : "other";
  const inserted = await trx
    .insertInto("chat_message")
    .values({
      channel_id: target.id,
      user_id: target.user_id,
      content: translate(defaultLanguage, `chat:raid_arrived_${plural}`, params),
      created_at: now,
      deleted_at: null,
      deleted_by: null,
      kind: "system",
      system_key: "raid_arrived" satisfies SystemKey,
      system_params: JSON.stringify(params),
      dedupe_key: `raid:${raidId}`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

async function recentSystemLines(trx: Db, channelId: number, now: number): Promise<number> {
  const { n } = await trx
    .selectFrom("chat_message")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("channel_id", "=", channelId)
    .where("kind", "=", "system")
    .where("created_at", ">", now - 60_000)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** After the commit: the stored lines go out on the chat's usual path, in the order they were stored. */
export async function announceSystemLines(deps: AppDeps, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await messageRows(deps).where("chat_message.id", "in", ids).orderBy("chat_message.id").execute();
  for (const row of rows) deps.bus.emit("chat:message", { streamID: row.public_id, message: toChatMessage(row) });
}
