import type { Db, DbOrTransaction } from "../../db/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import type { Channel, User } from "../../db/types.ts";
import { assertMayChat, chatRuleFor } from "../restricted/live-access.ts";
import { canModerateChat } from "../access/policy.ts";
import { type AuditEntry, recordAudit } from "../admin/audit.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from "../http/errors.ts";
import { type Bucket, takeToken } from "../http/rate-limit.ts";
import { type ChatMessage, MAX_MESSAGE_LENGTH } from "./schemas.ts";

/** 1 message a second on average, with a burst of 3: enough to answer quickly, too slow to flood. */
const MESSAGES: Bucket = { burst: 3, everyMs: 1000 };
/** The same text from the same user within this window is a double send, dropped silently (spec 01 §9). */
const DUPLICATE_WINDOW_MS = 1000;
const FORGET_ABOVE = 10_000;

interface LastMessage {
  text: string;
  at: number;
}

/**
 * The rate is counted in the database: a message sent through any node of a site floods every node
 * (socket.io's adapter carries it), so every node must take from the same bucket. A double send
 * comes from one page, whose socket stays on one node: that check stays in this process's memory,
 * where two sends racing each other still see each other.
 */
export class ChatLimiter {
  private readonly last = new Map<string, LastMessage>();

  /** False when the user has no message left to send for now. */
  take(db: Db, userId: number, now: number): Promise<boolean> {
    return takeToken(db, `chat:user:${userId}`, MESSAGES, now);
  }

  isDuplicate(channelId: number, userId: number, text: string, now: number): boolean {
    const key = `${channelId}:${userId}`;
    const previous = this.last.get(key);
    if (this.last.size >= FORGET_ABOVE) this.forgetOlderThan(now - DUPLICATE_WINDOW_MS);
    this.last.set(key, { text, at: now });
    return previous !== undefined && previous.text === text && now - previous.at < DUPLICATE_WINDOW_MS;
  }

  /** Only the last second matters: a long-running node must not keep every writer it ever had. */
  private forgetOlderThan(time: number): void {
    for (const [key, message] of this.last) if (message.at < time) this.last.delete(key);
  }
}

async function channelOfStream(deps: AppDeps, streamID: string): Promise<Channel> {
  const channel = await deps.db.selectFrom("channel").selectAll().where("public_id", "=", streamID).executeTakeFirst();
  if (!channel) throw new NotFoundError("stream_not_found");
  return channel;
}

export function messageRows(deps: AppDeps) {
  return deps.db
    .selectFrom("chat_message")
    .innerJoin("user", "user.id", "chat_message.user_id")
    .innerJoin("channel", "channel.id", "chat_message.channel_id")
    .select([
      "chat_message.id",
      "chat_message.content",
      "chat_message.created_at",
      "chat_message.user_id",
      "chat_message.kind",
      "chat_message.system_key",
      "chat_message.system_params",
      "user.username",
      "user.avatar",
      "channel.public_id",
    ])
    .where("chat_message.deleted_at", "is", null);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messageRows>["executeTakeFirstOrThrow"]>>;

export function toChatMessage(row: Omit<MessageRow, "kind" | "system_key" | "system_params"> & Partial<Pick<MessageRow, "kind" | "system_key" | "system_params">>): ChatMessage {
  const timestamp = new Date(row.created_at).toISOString();
  const message = {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    avatar: row.avatar,
    message: row.content,
    content: row.content,
    streamID: row.public_id,
    streamId: row.public_id,
    timestamp,
  };
  if (row.kind !== "system" || !row.system_key) return message;
  // The bracket speaks, not the streamer whose chat it is (system-lines.ts): no author.
  const system = { key: row.system_key, params: JSON.parse(row.system_params ?? "{}") as Record<string, string | number> };
  return { ...message, userId: SYSTEM_AUTHOR_ID, username: "", avatar: null, system };
}

/** A bracket line's `userId`: no member has it. */
const SYSTEM_AUTHOR_ID = 0;

/** The last `limit` messages, oldest first, as a reader scrolls them. */
export async function chatHistory(deps: AppDeps, streamID: string, limit: number): Promise<ChatMessage[]> {
  const channel = await channelOfStream(deps, streamID);
  const rows = await messageRows(deps).where("chat_message.channel_id", "=", channel.id).orderBy("chat_message.id", "desc").limit(limit).execute();
  return rows.reverse().map(toChatMessage);
}

async function activeBan(deps: AppDeps, channelId: number, userId: number) {
  const ban = await deps.db.selectFrom("chat_ban").selectAll().where("channel_id", "=", channelId).where("user_id", "=", userId).executeTakeFirst();
  if (!ban || (ban.until !== null && ban.until <= deps.now())) return null;
  return ban;
}

/**
 * Checks and stores a message, then announces it: stored before broadcast, so what a viewer saw is
 * in the history after a reload. The author is the session's user, never a name from the payload.
 * Returns null for a silently dropped double send.
 */
export async function postMessage(deps: AppDeps, limiter: ChatLimiter, user: User, streamID: string, raw: unknown): Promise<ChatMessage | null> {
  const channel = await channelOfStream(deps, streamID);
  const text = typeof raw === "string" ? raw.trim() : "";
  if (!text) throw new BadRequestError("chat_message_empty");
  if (text.length > MAX_MESSAGE_LENGTH) throw new BadRequestError("chat_message_too_long");
  // The socket skips the HTTP checks (http/validation.ts): no stored text holds a NUL.
  if (text.includes("\0")) throw new BadRequestError("invalid_input");
  const now = deps.now();
  const ban = await activeBan(deps, channel.id, user.id);
  if (ban?.until === null) throw new ForbiddenError("chat_banned");
  if (ban) throw new AppError(403, "chat_timed_out", { params: { minutes: Math.ceil((ban.until! - now) / 60_000) } });
  await assertMayChat(deps.db, channel, user);
  const moderator = canModerateChat(user, channel);
  if (channel.chat_slow_seconds > 0 && !moderator) await assertSlowModeWait(deps, channel, user.id, now);
  if (limiter.isDuplicate(channel.id, user.id, text, now)) return null;
  if (!(await limiter.take(deps.db, user.id, now))) throw new AppError(429, "chat_rate_limited");
  const { id } = await deps.db
    .insertInto("chat_message")
    .values({ channel_id: channel.id, user_id: user.id, content: text, created_at: now, deleted_at: null, deleted_by: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  const message = toChatMessage({ id, content: text, created_at: now, user_id: user.id, username: user.username, avatar: user.avatar, public_id: channel.public_id });
  deps.bus.emit("chat:message", { streamID: channel.public_id, message });
  return message;
}

async function assertSlowModeWait(deps: AppDeps, channel: Channel, userId: number, now: number): Promise<void> {
  const last = await deps.db.selectFrom("chat_message").select("created_at").where("channel_id", "=", channel.id).where("user_id", "=", userId).orderBy("id", "desc").executeTakeFirst();
  const waitMs = last ? last.created_at + channel.chat_slow_seconds * 1000 - now : 0;
  if (waitMs > 0) throw new AppError(429, "chat_slow_mode", { params: { seconds: Math.ceil(waitMs / 1000) } });
}

async function record(
  deps: AppDeps,
  channelId: number,
  moderatorId: number,
  action: "delete" | "ban" | "timeout" | "unban" | "slow_mode",
  detail: { target?: number; message?: number; text?: string },
) {
  await deps.db
    .insertInto("chat_moderation")
    .values({ channel_id: channelId, moderator_id: moderatorId, action, target_user_id: detail.target ?? null, message_id: detail.message ?? null, detail: detail.text ?? "", created_at: deps.now() })
    .execute();
}

/** The message vanishes for everyone: gone from the history, removed from open chats. */
export async function deleteMessage(deps: AppDeps, user: User, messageId: number): Promise<void> {
  const row = await deps.db
    .selectFrom("chat_message")
    .innerJoin("channel", "channel.id", "chat_message.channel_id")
    .selectAll("channel")
    .select(["chat_message.deleted_at"])
    .where("chat_message.id", "=", messageId)
    .executeTakeFirst();
  if (!row || row.deleted_at !== null) throw new NotFoundError("message_not_found");
  if (!canModerateChat(user, row)) throw new ForbiddenError();
  await inTransaction(deps.db, async (trx) => {
    await trx.updateTable("chat_message").set({ deleted_at: deps.now(), deleted_by: user.id }).where("id", "=", messageId).execute();
    await auditStaffAction(trx, user, row, { action: "chat.delete", targetType: "chat_message", targetId: messageId, after: { channel: row.id } }, deps.now());
  });
  await record(deps, row.id, user.id, "delete", { message: messageId });
  deps.bus.emit("chat:deleted", { streamID: row.public_id, id: messageId });
}

/** A ban without minutes lasts until lifted; with minutes it is a timeout. Banned users still read. */
export async function banUser(deps: AppDeps, user: User, streamID: string, input: { userId: number; minutes?: number; reason: string }) {
  const channel = await channelOfStream(deps, streamID);
  if (!canModerateChat(user, channel)) throw new ForbiddenError();
  if (input.userId === channel.user_id) throw new ForbiddenError("cannot_moderate_owner");
  const target = await deps.db.selectFrom("user").select("id").where("id", "=", input.userId).executeTakeFirst();
  if (!target) throw new NotFoundError("user_not_found");
  const now = deps.now();
  const until = input.minutes ? now + input.minutes * 60_000 : null;
  await inTransaction(deps.db, async (trx) => {
    await trx
      .insertInto("chat_ban")
      .values({ channel_id: channel.id, user_id: input.userId, until, reason: input.reason, created_by: user.id, created_at: now })
      .onConflict((oc) => oc.columns(["channel_id", "user_id"]).doUpdateSet({ until, reason: input.reason, created_by: user.id, created_at: now }))
      .execute();
    const after = { channel: channel.id, until: until === null ? null : new Date(until).toISOString(), reason: input.reason };
    await auditStaffAction(trx, user, channel, { action: "chat.ban", targetType: "user", targetId: input.userId, after }, now);
  });
  await record(deps, channel.id, user.id, until ? "timeout" : "ban", { target: input.userId, text: input.reason });
  const untilIso = until ? new Date(until).toISOString() : null;
  deps.bus.emit("chat:banned", { streamID, userId: input.userId, until: untilIso });
  return { userId: input.userId, until: untilIso, reason: input.reason };
}

export async function liftBan(deps: AppDeps, user: User, streamID: string, userId: number): Promise<void> {
  const channel = await channelOfStream(deps, streamID);
  if (!canModerateChat(user, channel)) throw new ForbiddenError();
  await inTransaction(deps.db, async (trx) => {
    await trx.deleteFrom("chat_ban").where("channel_id", "=", channel.id).where("user_id", "=", userId).execute();
    await auditStaffAction(trx, user, channel, { action: "chat.unban", targetType: "user", targetId: userId, after: { channel: channel.id } }, deps.now());
  });
  await record(deps, channel.id, user.id, "unban", { target: userId });
  deps.bus.emit("chat:unbanned", { streamID, userId });
}

/**
 * A moderator's or an admin's hand in a chat that is not theirs goes into the site's audit log (issue 34, item 19),
 * as their other actions on members do; a streamer moderating their own chat is in its moderation log only.
 */
async function auditStaffAction(trx: DbOrTransaction, actor: User, channel: { user_id: number }, entry: AuditEntry, now: number): Promise<void> {
  if (actor.id !== channel.user_id) await recordAudit(trx, actor, entry, now);
}

export async function setSlowMode(deps: AppDeps, user: User, streamID: string, seconds: number): Promise<void> {
  const channel = await channelOfStream(deps, streamID);
  if (!canModerateChat(user, channel)) throw new ForbiddenError();
  await deps.db.updateTable("channel").set({ chat_slow_seconds: seconds }).where("id", "=", channel.id).execute();
  await record(deps, channel.id, user.id, "slow_mode", { text: String(seconds) });
  deps.bus.emit("chat:slow_mode", { streamID, seconds });
}

export async function chatState(deps: AppDeps, user: User | undefined, streamID: string) {
  const channel = await channelOfStream(deps, streamID);
  const [ban, access] = await Promise.all([user ? activeBan(deps, channel.id, user.id) : null, chatRuleFor(deps.db, channel, user)]);
  return {
    access,
    slowSeconds: channel.chat_slow_seconds,
    canModerate: canModerateChat(user, channel),
    ban: ban ? { until: ban.until ? new Date(ban.until).toISOString() : null, reason: ban.reason } : null,
  };
}
