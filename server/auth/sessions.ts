import { createHash, randomBytes } from "node:crypto";
import type { Db, DbOrTransaction } from "../../db/index.ts";
import type { User } from "../../db/types.ts";
import type { EndedSessions, EventBus } from "../realtime/bus.ts";
import type { TokenScope } from "../../shared/tokens.ts";

export const SESSION_COOKIE = "arena_session";
export const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** A session without "remember me" lives in a browser-session cookie; the server forgets it after a day without use. */
const BROWSER_SESSION_MS = 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

function lifetime(remember: boolean): number {
  return remember ? REMEMBER_MS : BROWSER_SESSION_MS;
}

/** Stores only the hash of the id, so a leaked database does not hand out live sessions. */
export async function createSession(db: Db, userId: number, remember: boolean, now: number, userAgent?: string): Promise<string> {
  const token = newToken();
  await db
    .insertInto("session")
    .values({
      id_hash: hashToken(token),
      user_id: userId,
      remember: remember ? 1 : 0,
      created_at: now,
      expires_at: now + lifetime(remember),
      user_agent: userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

export interface ActiveSession {
  user: User;
  sessionHash: string;
  remember: boolean;
  /** Set when a personal access token opened it (server/auth/personal-tokens.ts): what it may call. */
  token?: { id: number; scopes: TokenScope[] };
}

/** Finds the live session of a token and slides its expiry forward once half of it is used. */
export async function findSession(db: Db, token: string, now: number): Promise<ActiveSession | null> {
  const idHash = hashToken(token);
  const row = await db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.user_id")
    .selectAll("user")
    .select(["session.expires_at as session_expires_at", "session.remember as session_remember"])
    .where("session.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row || row.session_expires_at <= now || row.suspended_at !== null) return null;
  const remember = row.session_remember === 1;
  if (row.session_expires_at - now < lifetime(remember) / 2) {
    await db
      .updateTable("session")
      .set({ expires_at: now + lifetime(remember) })
      .where("id_hash", "=", idHash)
      .execute();
  }
  const { session_expires_at: _expires, session_remember: _remember, ...user } = row;
  return { user, sessionHash: idHash, remember };
}

/**
 * The one way a session ends (logout, sign out everywhere, password change or reset, suspension, deletion). Its
 * rows go, and the realtime layer hears it so that the sockets opened with them lose their identity on every node.
 * In a transaction the announcement comes before the commit: harmless, since a chat socket checks its session again
 * for every message, and that check reads only what is committed. Returns how many sessions ended.
 */
export async function endSessions(db: DbOrTransaction, bus: EventBus, ended: EndedSessions): Promise<number> {
  const query = db.deleteFrom("session").where("user_id", "=", ended.userId);
  const result = await (ended.sessionHash ? query.where("id_hash", "=", ended.sessionHash) : query).executeTakeFirst();
  bus.emit("sessions:ended", ended);
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<void> {
  await db.deleteFrom("session").where("expires_at", "<=", now).execute();
}
