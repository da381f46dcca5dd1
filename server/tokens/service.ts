import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { DB, User } from "../../db/types.ts";
import { hashToken } from "../auth/sessions.ts";
import type { AppDeps } from "../http/context.ts";
import { BadRequestError, NotFoundError } from "../http/errors.ts";
import { TOKEN_PREFIX, type TokenScope } from "../../shared/tokens.ts";
import { MAX_TOKENS_PER_MEMBER, type TokenResponse } from "./schemas.ts";

// A member's personal access tokens (issue 36, item 2): made, listed and revoked by the member only, with a session
// (server/tokens/routes.ts: no token reaches these routes, shared/tokens.ts). The token is shown once; its hash is kept.

type TokenRow = Selectable<DB["personal_token"]>;

const DAY_MS = 24 * 60 * 60 * 1000;
const HINT_LENGTH = TOKEN_PREFIX.length + 4;

export async function createToken(deps: AppDeps, caller: User, input: { name: string; scopes: TokenScope[]; expiresInDays?: number | null }): Promise<{ token: TokenResponse; secret: string }> {
  const live = await deps.db
    .selectFrom("personal_token")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", caller.id)
    .where("revoked_at", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(live.count) >= MAX_TOKENS_PER_MEMBER) throw new BadRequestError("token_limit_reached", { params: { max: MAX_TOKENS_PER_MEMBER } });
  const now = deps.now();
  const secret = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const row = await deps.db
    .insertInto("personal_token")
    .values({
      user_id: caller.id,
      name: input.name,
      token_hash: hashToken(secret),
      hint: secret.slice(0, HINT_LENGTH),
      scopes: JSON.stringify([...new Set(input.scopes)]),
      created_at: now,
      expires_at: input.expiresInDays ? now + input.expiresInDays * DAY_MS : null,
      last_used_at: null,
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token: tokenResponse(row), secret };
}

export async function listTokens(deps: AppDeps, caller: User): Promise<TokenResponse[]> {
  const rows = await deps.db.selectFrom("personal_token").selectAll().where("user_id", "=", caller.id).orderBy("id", "desc").execute();
  return rows.map(tokenResponse);
}

/** Revoked at once: its next call is a visitor's, and the chat sockets it opened close on every node. */
export async function revokeToken(deps: AppDeps, caller: User, id: number): Promise<TokenResponse> {
  const row = await deps.db
    .updateTable("personal_token")
    .set((eb) => ({ revoked_at: eb.fn.coalesce("revoked_at", eb.val(deps.now())) }))
    .where("id", "=", id)
    .where("user_id", "=", caller.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new NotFoundError("token_not_found");
  deps.bus.emit("sessions:ended", { userId: caller.id, sessionHash: `token:${id}` });
  return tokenResponse(row);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function tokenResponse(row: TokenRow): TokenResponse {
  return {
    id: row.id,
    name: row.name,
    hint: `${row.hint}…`,
    scopes: JSON.parse(row.scopes) as TokenScope[],
    createdAt: iso(row.created_at)!,
    expiresAt: iso(row.expires_at),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}
