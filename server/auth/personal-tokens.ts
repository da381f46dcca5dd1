import type { Db } from "../../db/index.ts";
import { TOKEN_PREFIX, type TokenScope } from "../../shared/tokens.ts";
import { type ActiveSession, hashToken } from "./sessions.ts";

// A member's personal access tokens (issue 36, item 2) opening the API as `Authorization: Bearer arena_pat_…` and the
// chat socket: found here by their hash, as sessions are; what each may call is shared/tokens.ts's rule.

/** How often a token's "last used" is written: a bot calling every second does not write every second. */
const LAST_USE_EVERY_MS = 60_000;

export const isPersonalToken = (token: string) => token.startsWith(TOKEN_PREFIX);

/** The member a live token belongs to, with its scopes; null when it is unknown, revoked, expired or its member suspended. */
export async function findPersonalToken(db: Db, token: string, now: number): Promise<ActiveSession | null> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom("personal_token")
    .innerJoin("user", "user.id", "personal_token.user_id")
    .selectAll("user")
    .select([
      "personal_token.id as token_id",
      "personal_token.scopes as token_scopes",
      "personal_token.expires_at as token_expires_at",
      "personal_token.last_used_at as token_used_at",
      "personal_token.revoked_at as token_revoked_at",
    ])
    .where("personal_token.token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!row || row.token_revoked_at !== null || (row.token_expires_at !== null && row.token_expires_at <= now) || row.suspended_at !== null) return null;
  if (row.token_used_at === null || now - row.token_used_at >= LAST_USE_EVERY_MS) await db.updateTable("personal_token").set({ last_used_at: now }).where("id", "=", row.token_id).execute();
  const { token_id, token_scopes, token_expires_at: _expires, token_used_at: _used, token_revoked_at: _revoked, ...user } = row;
  // The token's own room name (the realtime layer closes its sockets when it is revoked), never the token itself.
  return { user, sessionHash: `token:${token_id}`, remember: false, token: { id: token_id, scopes: JSON.parse(token_scopes) as TokenScope[] } };
}
