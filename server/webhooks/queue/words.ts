import type { Db } from "../../../db/index.ts";
import type { AppDeps } from "../../http/context.ts";

// The words a webhook event says about a channel (issue 36, item 1): its streamer, title, game and page, read from
// the rows. Each event's data is flat: the words a Discord post is made of (client/i18n/locales/*/webhooks.json)
// and the links and ids a bot needs.

/** The site's address of a page, for a receiver outside Arena. */
export const siteLink = (deps: Pick<AppDeps, "config">, path: string) => `${deps.config.publicUrl}${path}`;

/** A channel's words, with the row they came from; undefined when the channel is gone. */
export async function channelWords(deps: { db: Db; config: AppDeps["config"] }, channelId: number) {
  const row = await deps.db
    .selectFrom("channel")
    .innerJoin("user", "user.id", "channel.user_id")
    .leftJoin("game", "game.id", "channel.game_id")
    .select(["channel.public_id", "channel.title", "channel.watch_access", "user.username", "game.name as game"])
    .where("channel.id", "=", channelId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { row, words: { username: row.username, title: row.title, game: row.game ?? "", channel: row.public_id, url: siteLink(deps, `/stream/${row.username}`) } };
}
