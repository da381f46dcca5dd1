import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { User } from "../../db/types.ts";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { hitRateLimit } from "../http/rate-limit.ts";
import { findPersonalToken, isPersonalToken } from "./personal-tokens.ts";
import { type ActiveSession, findSession, REMEMBER_MS, SESSION_COOKIE } from "./sessions.ts";

// The one place that reads and writes the session cookie, for HTTP requests and socket handshakes alike.

/** A personal access token's calls: ten a second on average, as a bot that polls a bracket would never need more. */
const TOKEN_CALLS = { max: 600, windowMs: 60_000 };

/** Sets the request's session (from the cookie or a Bearer header); http/auth.ts's guards read it. */
export function sessionContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const bearer = bearerToken(c.req.header("authorization"));
    const token = bearer ?? getCookie(c, SESSION_COOKIE);
    const session = token ? await openedBy(deps, token) : null;
    // A token's calls count against its own limit, whoever else calls from the same address.
    if (session?.token) await hitRateLimit(deps.db, `token:${session.token.id}`, TOKEN_CALLS, deps.now());
    // A token without "read" reads as a visitor would: the guarded routes refuse it (server/http/auth.ts), the open ones do not know it.
    const readsAsVisitor = session?.token && (c.req.method === "GET" || c.req.method === "HEAD") && !session.token.scopes.includes("read");
    c.set("auth", readsAsVisitor ? null : session);
    await next();
  });
}

/** A session's token, or a personal access token (server/auth/personal-tokens.ts). */
function openedBy(deps: AppDeps, token: string): Promise<ActiveSession | null> {
  return isPersonalToken(token) ? findPersonalToken(deps.db, token, deps.now()) : findSession(deps.db, token, deps.now());
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** The live session a request's or a socket handshake's cookies carry, or null. */
async function sessionOfCookieHeader(deps: AppDeps, header: string | undefined): Promise<ActiveSession | null> {
  const token = cookieValue(header, SESSION_COOKIE);
  return token ? await findSession(deps.db, token, deps.now()).catch(() => null) : null;
}

/**
 * The session of a socket's handshake: its cookie (a page), else a personal access token given as socket.io's
 * `auth: { token }` or an `Authorization: Bearer` header (a bot).
 */
export async function sessionOfHandshake(deps: AppDeps, headers: { cookie?: string; authorization?: string }, auth: unknown): Promise<ActiveSession | null> {
  const cookieSession = await sessionOfCookieHeader(deps, headers.cookie);
  if (cookieSession) return cookieSession;
  const given = (auth as { token?: unknown } | undefined)?.token;
  const token = typeof given === "string" ? given : bearerToken(headers.authorization);
  return token && isPersonalToken(token) ? await findPersonalToken(deps.db, token, deps.now()).catch(() => null) : null;
}

/** The member a request's cookies belong to, or null. */
export async function userOfCookieHeader(deps: AppDeps, header: string | undefined): Promise<User | null> {
  return (await sessionOfCookieHeader(deps, header))?.user ?? null;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
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
