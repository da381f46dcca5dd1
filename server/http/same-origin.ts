import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import { ForbiddenError } from "./errors.ts";

/**
 * Cross-site request forgery from the same site. SameSite=Lax cookies stop other sites, but a page on
 * another port of this host, or on a sibling subdomain, is "same-site" and its forms and sockets carry
 * our cookie. A browser says where a request comes from: `Sec-Fetch-Site` (every current browser),
 * else `Origin`. Only this origin may act: the address the request was sent to, or PUBLIC_URL (behind
 * a proxy that rewrites Host). A request with neither header is not from a browser page (curl, a
 * script, an app): no cookie was lent to it by a visit, so there is nothing to forge.
 */
export function isForeignPageRequest(headers: Headers, requestUrl: string, publicUrl: string): boolean {
  const site = headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = headers.get("origin");
  if (!origin) return false;
  return origin !== new URL(requestUrl).origin && origin !== originOf(publicUrl) && origin !== hostOrigin(headers, requestUrl);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

/** The origin the browser addressed (its Host header), which a LAN address or a proxy may make differ from the URL Bun sees. */
function hostOrigin(headers: Headers, requestUrl: string): string {
  const host = headers.get("host");
  return host ? `${new URL(requestUrl).protocol}//${host}` : "";
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Refuses a state-changing call made by another page of the same site (see isForeignPageRequest). */
export function sameOriginOnly(publicUrl: () => string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && isForeignPageRequest(c.req.raw.headers, c.req.url, publicUrl())) throw new ForbiddenError("cross_site_refused");
    await next();
  });
}
