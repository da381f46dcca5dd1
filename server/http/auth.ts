import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { Role, User } from "../../db/types.ts";
import { findSession, REMEMBER_MS, SESSION_COOKIE } from "../auth/sessions.ts";
import { pickLanguage } from "../i18n/messages.ts";
import type { AppDeps, AppEnv } from "./context.ts";
import { ForbiddenError, UnauthorizedError } from "./errors.ts";

/** Sets the request's language, client address and session (from the cookie or a Bearer header). */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("lang", pickLanguage(c.req.header("accept-language")));
    c.set("clientIp", clientIp(c, deps.config.trustProxy));
    const token = bearerToken(c.req.header("authorization")) ?? getCookie(c, SESSION_COOKIE);
    const session = token ? await findSession(deps.db, token, deps.now()) : null;
    c.set("auth", session);
    await next();
  });
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const server = c.env as { requestIP?: (req: Request) => { address: string } | null } | undefined;
  return server?.requestIP?.(c.req.raw)?.address ?? "local";
}

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("auth")) throw new UnauthorizedError();
  await next();
});

export function requireRole(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const auth = c.get("auth");
    if (!auth) throw new UnauthorizedError();
    if (!roles.includes(auth.user.role)) throw new ForbiddenError();
    await next();
  });
}

/** The caller's account; only call it behind requireUser. */
export function currentUser(c: Context<AppEnv>): User {
  const auth = c.get("auth");
  if (!auth) throw new UnauthorizedError();
  return auth.user;
}

/** Remember me: a 30-day cookie. Otherwise a browser-session cookie that ends when the browser closes. */
export function setSessionCookie(c: Context, token: string, remember: boolean, publicUrl: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: publicUrl.startsWith("https:"),
    path: "/",
    ...(remember ? { maxAge: REMEMBER_MS / 1000 } : {}),
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/" });
}
