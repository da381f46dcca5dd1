import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { Role, User } from "../../db/types.ts";
import { tokenMayCall } from "../../shared/tokens.ts";
import { pickLanguage } from "../i18n/messages.ts";
import type { ProxyTrust } from "../config.ts";
import { clientAddress } from "./client-address.ts";
import type { AppDeps, AppEnv } from "./context.ts";
import { ForbiddenError, UnauthorizedError } from "./errors.ts";

/** Sets the request's language and client address; the session is set next, by auth's sessionContext. */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("lang", pickLanguage(c.req.header("accept-language")));
    c.set("clientIp", clientIp(c, deps.config.trustProxy));
    await next();
  });
}

function clientIp(c: Context, trust: ProxyTrust): string {
  return clientAddress(socketPeer(c), c.req.header("x-forwarded-for"), trust);
}

/** The TCP peer as Bun saw it: the client, or the proxy in front of Arena. */
export function socketPeer(c: Context): string | undefined {
  const server = c.env as { requestIP?: (req: Request) => { address: string } | null } | undefined;
  return server?.requestIP?.(c.req.raw)?.address;
}

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("auth")) throw new UnauthorizedError();
  assertTokenMayCall(c);
  await next();
});

export function requireRole(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const auth = c.get("auth");
    if (!auth) throw new UnauthorizedError();
    assertTokenMayCall(c);
    if (!roles.includes(auth.user.role)) throw new ForbiddenError();
    await next();
  });
}

/**
 * A call opened by a personal access token goes on only where its scopes reach (shared/tokens.ts): the
 * route is the one matched (`routePath`), so the rule reads it as the OpenAPI document names it.
 */
function assertTokenMayCall(c: Context<AppEnv>): void {
  const token = c.get("auth")?.token;
  if (token && !tokenMayCall(token.scopes, c.req.method, c.req.routePath)) throw new ForbiddenError("token_scope_missing");
}

/** The caller's account; only call it behind requireUser. */
export function currentUser(c: Context<AppEnv>): User {
  const auth = c.get("auth");
  if (!auth) throw new UnauthorizedError();
  return auth.user;
}
