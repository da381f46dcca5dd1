import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { User } from "../../db/types.ts";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { type ActiveSession, findSession, REMEMBER_MS, SESSION_COOKIE } from "./sessions.ts";

// The one place that reads and writes the session cookie, for HTTP requests and socket handshakes alike.

/** Sets the request's session (from the cookie or a Bearer header); http/auth.ts's guards read it. */
export function sessionContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
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

/** The live session a request's or a socket handshake's cookies carry, or null. */
export async function sessionOfCookieHeader(deps: AppDeps, header: string | undefined): Promise<ActiveSession | null> {
  const token = cookieValue(header, SESSION_COOKIE);
  return token ? await findSession(deps.db, token, deps.now()).catch(() => null) : null;
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
