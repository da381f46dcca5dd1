// The personal access tokens' scopes, the same list on both sides (docs/decisions.md, "The wire contract as a leaf").
// Pure: imports nothing.

/**
 * What a token may do (issue 36, item 2): read what its member may read; write in chats; moderate them; manage the
 * member's channel; record scores of their tournaments; check tickets in at their events' door. Never: the account's
 * settings, its wallet's transfers, its tokens or webhooks.
 */
export const TOKEN_SCOPES = ["read", "chat:write", "chat:moderate", "channel:manage", "tournament:score", "event:door"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every token starts so: a scanner (a leak detector, a log filter) can spot one. */
export const TOKEN_PREFIX = "arena_pat_";

// What a token may call: the one rule, asked by every guarded route (server/http/auth.ts) and written into the
// OpenAPI document (server/http/docs.ts). A route is named as the document names it ("POST /api/tournament/set-winner");
// a write not listed here is refused to every token.

/** Never with a token, whatever its scopes: the account, its tokens and webhooks, its stream key, its data. */
const NEVER = [
  /^\/api\/auth\/(?!me$)/,
  /^\/api\/me\//,
  /^\/api\/tokens/,
  /^\/api\/webhooks/,
  /^\/api\/stream\/mystreamkey/,
  /^\/api\/stream\/mysrt/,
  /^\/api\/stream\/restream\//,
  /^\/api\/wallet\//,
  /^\/api\/admin\//,
];

/** The writes a token may make, each under its scope. */
const WRITES: Record<string, TokenScope> = {
  "DELETE /api/messages/{messageId}": "chat:moderate",
  "POST /api/chat/{streamID}/bans": "chat:moderate",
  "DELETE /api/chat/{streamID}/bans/{userId}": "chat:moderate",
  "PUT /api/chat/{streamID}/slow": "chat:moderate",
  "POST /api/stream/startstreaming": "channel:manage",
  "PUT /api/stream/channel-settings": "channel:manage",
  "PUT /api/stream/replays/{id}/pin": "channel:manage",
  "DELETE /api/stream/replays/{id}/pin": "channel:manage",
  "POST /api/raids": "channel:manage",
  "DELETE /api/raids/current": "channel:manage",
  "PUT /api/raids/settings": "channel:manage",
  "POST /api/raids/blocks": "channel:manage",
  "DELETE /api/raids/blocks/{username}": "channel:manage",
  "POST /api/tournament/start-match/{matchID}": "tournament:score",
  "POST /api/tournament/set-winner": "tournament:score",
  "PUT /api/tournament/{id}/matches/{matchID}/score": "tournament:score",
  "PUT /api/tournament/{id}/stations/{stationId}/match": "tournament:score",
  "POST /api/tickets/validate": "event:door",
  "POST /api/tournament/{id}/check-in/ticket": "event:door",
  "PUT /api/tournament/{id}/check-in/{participantId}": "event:door",
};

/** The scope a route asks of a token, or null when no token may call it. `path` as the document writes it. */
export function scopeOfRoute(method: string, path: string): TokenScope | null {
  if (NEVER.some((pattern) => pattern.test(path))) return null;
  const upper = method.toUpperCase();
  if (upper === "GET" || upper === "HEAD") return "read";
  return WRITES[`${upper} ${path}`] ?? null;
}

/** Whether a token with `scopes` may call the route; Hono's `:id` parameters are read as the document's `{id}`. */
export function tokenMayCall(scopes: readonly TokenScope[], method: string, routePath: string): boolean {
  const scope = scopeOfRoute(method, routePath.replace(/:(\w+)/g, "{$1}"));
  return scope !== null && scopes.includes(scope);
}
