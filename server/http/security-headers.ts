import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import { isEmbedPath } from "../../shared/embed-paths.ts";

/**
 * The headers a self-hosted app sends with every answer. The content security policy allows scripts
 * from this server only, plus the one inline script of the web app's page (it sets the theme before
 * the first paint), by its hash; players and the captcha run workers from blob: URLs, and video plays
 * from blob: MediaSource URLs. Event covers may be http(s) images elsewhere (the organiser's choice);
 * nothing else is fetched from outside. Styles stay inline-capable: React writes style attributes.
 * No page may be framed by another site, except the embed pages (/embed/…) by the origins the site's
 * settings allow (`embedOrigins`, read on each embed page so that a change shows at once).
 */
export function securityHeaders(options: { clientDist: string; https: boolean; embedOrigins: () => Promise<string[]> }) {
  let hashes: string[] = [];
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    // Kept once the web app is built; until then a build may still come and bring its script.
    if (hashes.length === 0) hashes = inlineScriptHashes(join(options.clientDist, "index.html"));
    const embed = isEmbedPath(c.req.path);
    const ancestors = embed ? ["'self'", ...(await options.embedOrigins())] : ["'self'"];
    const headers: [string, string][] = [
      ["Content-Security-Policy", contentSecurityPolicy(hashes, ancestors)],
      ["X-Content-Type-Options", "nosniff"],
      ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ];
    // X-Frame-Options knows no list of sites: frame-ancestors alone speaks for the embed pages.
    if (!embed) headers.push(["X-Frame-Options", "SAMEORIGIN"]);
    if (options.https) headers.push(["Strict-Transport-Security", "max-age=31536000"]);
    setOnAnswer(c, headers);
  });
}

/**
 * Hono's c.header() on an answer already made builds a new Response for each header (and its body
 * becomes a stream): the answer's own headers are set in place, unless they are immutable (an
 * answer fetched from elsewhere), which c.header() handles.
 */
function setOnAnswer(c: Context<AppEnv>, headers: [string, string][]): void {
  try {
    for (const [name, value] of headers) c.res.headers.set(name, value);
  } catch {
    for (const [name, value] of headers) c.header(name, value);
  }
}

function contentSecurityPolicy(scriptHashes: string[], frameAncestors: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.map((hash) => `'sha256-${hash}'`).join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.join(" ")}`,
  ].join("; ");
}

/** The hashes of the page's inline scripts (none when the web app is not built yet). */
function inlineScriptHashes(indexHtml: string): string[] {
  if (!existsSync(indexHtml)) return [];
  const html = readFileSync(indexHtml, "utf8");
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => createHash("sha256").update(match[1]!).digest("base64"));
}
