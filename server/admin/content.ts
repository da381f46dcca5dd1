// The admin console's content (issue 20): every replay, deleted ones included (deletion is soft, so
// an admin can bring one back; restoring and deleting for good live in server/replays/service.ts),
// and the chat bans of every channel, which an admin may lift. Admins only; every change is audited.
import { inTransaction } from "../../db/transaction.ts";
import type { User } from "../../db/types.ts";
import type { AppDeps } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { assertAdmin } from "./guard.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listReplaysForAdmin(deps: AppDeps, caller: User, filter: { q?: string; state: "all" | "visible" | "deleted"; page: number; limit: number }) {
  assertAdmin(caller);
  let query = deps.db.selectFrom("replay").innerJoin("channel", "channel.id", "replay.channel_id").innerJoin("user", "user.id", "channel.user_id");
  if (filter.state === "visible") query = query.where("replay.deleted_at", "is", null);
  if (filter.state === "deleted") query = query.where("replay.deleted_at", "is not", null);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    query = query.where((eb) => eb.or([eb(eb.fn("lower", ["replay.title"]), "like", pattern), eb(eb.fn("lower", ["user.username"]), "like", pattern)]));
  }
  const [rows, total] = await Promise.all([
    query
      .select(["replay.id", "replay.title", "replay.status", "replay.duration", "replay.file_size", "replay.view_count", "replay.created_at", "replay.deleted_at", "user.username"])
      .orderBy("replay.id", "desc")
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return {
    replays: rows.map((r) => ({
      id: r.id,
      title: r.title,
      channel: r.username,
      status: r.status,
      duration: r.duration,
      fileSize: r.file_size,
      views: r.view_count,
      createdAt: iso(r.created_at)!,
      deletedAt: iso(r.deleted_at),
    })),
    total: Number(total.count),
  };
}

/** Bans and timeouts still in force, on every channel, newest first. */
export async function listChatBans(deps: AppDeps, caller: User) {
  assertAdmin(caller);
  const rows = await deps.db
    .selectFrom("chat_ban")
    .innerJoin("channel", "channel.id", "chat_ban.channel_id")
    .innerJoin("user as owner", "owner.id", "channel.user_id")
    .innerJoin("user as banned", "banned.id", "chat_ban.user_id")
    .leftJoin("user as by", "by.id", "chat_ban.created_by")
    .select([
      "chat_ban.channel_id",
      "chat_ban.user_id",
      "chat_ban.until",
      "chat_ban.reason",
      "chat_ban.created_at",
      "channel.public_id",
      "owner.username as channel",
      "banned.username",
      "by.username as bannedBy",
    ])
    .where((eb) => eb.or([eb("chat_ban.until", "is", null), eb("chat_ban.until", ">", deps.now())]))
    .orderBy("chat_ban.created_at", "desc")
    .limit(500)
    .execute();
  return rows.map((r) => ({
    channelId: r.channel_id,
    channel: r.channel,
    userId: r.user_id,
    username: r.username,
    until: iso(r.until),
    reason: r.reason,
    bannedBy: r.bannedBy ?? null,
    createdAt: iso(r.created_at)!,
  }));
}

/** Lifts a ban as the channel's moderators would: the channel's moderation history and open chats hear of it too. */
export async function liftChatBanAsAdmin(deps: AppDeps, caller: User, channelId: number, userId: number): Promise<void> {
  assertAdmin(caller);
  const now = deps.now();
  const streamID = await inTransaction(deps.db, async (trx) => {
    const ban = await trx
      .selectFrom("chat_ban")
      .innerJoin("channel", "channel.id", "chat_ban.channel_id")
      .select(["chat_ban.until", "chat_ban.reason", "channel.public_id"])
      .where("chat_ban.channel_id", "=", channelId)
      .where("chat_ban.user_id", "=", userId)
      .executeTakeFirst();
    if (!ban) throw new NotFoundError("ban_not_found");
    await trx.deleteFrom("chat_ban").where("channel_id", "=", channelId).where("user_id", "=", userId).execute();
    await trx
      .insertInto("chat_moderation")
      .values({ channel_id: channelId, moderator_id: caller.id, action: "unban", target_user_id: userId, message_id: null, detail: "", created_at: now })
      .execute();
    await recordAudit(
      trx,
      caller,
      { action: "chat.unban", targetType: "user", targetId: userId, before: { channel: ban.public_id, until: iso(ban.until), reason: ban.reason }, after: { channel: ban.public_id, banned: false } },
      now,
    );
    return ban.public_id;
  });
  deps.bus.emit("chat:unbanned", { streamID, userId });
}
