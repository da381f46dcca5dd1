import type { Federation } from "@fedify/fedify";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { type Bucket, takeToken } from "../http/rate-limit.ts";
import { siteSettings } from "../site/settings/settings.ts";
import { activeOrigin } from "./active.ts";
import { actorProfile, parseIdentifier } from "./actors.ts";
import { buildFederation } from "./federation.ts";
import { instanceBlocked } from "./inbox.ts";

// Where the fediverse reaches Arena: WebFinger, NodeInfo and the actors under /ap/. The site setting is read on each
// request: off (the default), every one of these paths is a plain 404, as on a site that never federated, and Fedify
// is not even called, so it fetches and sends nothing.

/** The paths Fedify serves, mounted at the site's root by server/app.ts. */
const FEDERATION_PATHS = ["/.well-known/webfinger", "/.well-known/nodeinfo", "/nodeinfo/*", "/ap/*"] as const;

/**
 * What one remote instance may send to the inboxes, shared by every node (the database's bucket): a burst of 60, then
 * 2 a second. A busy Mastodon sends a follow or a reply now and then; a flood is refused before any signature is
 * checked or any key fetched, so it costs Arena next to nothing.
 */
const INBOX_BUCKET: Bucket = { burst: 60, everyMs: 500 };

export function federationRoutes(deps: AppDeps) {
  // One Federation per fediverse address: a new address (an admin's edit) builds a new one, whose ids start with it.
  let current: { origin: string; federation: Federation<void> } | null = null;
  const federationFor = (origin: string) => {
    if (current?.origin !== origin) current = { origin, federation: buildFederation(deps, origin) };
    return current.federation;
  };
  const router = new Hono<AppEnv>();
  for (const path of FEDERATION_PATHS)
    router.all(path, async (c) => {
      const origin = activeOrigin(deps, await siteSettings(deps));
      if (!origin) return c.notFound();
      let request = c.req.raw;
      if (request.method === "POST") {
        const refusal = await inboxRefusal(deps, request);
        if (refusal) return refusal;
        // The body may have been read already (the NUL check reads JSON bodies): Fedify gets it back whole, as its
        // Digest was signed over it.
        request = new Request(request.url, { method: "POST", headers: request.headers, body: await c.req.text() });
      }
      return federationFor(origin).fetch(request, {
        contextData: undefined,
        onNotFound: () => c.notFound(),
        onNotAcceptable: (request) => toActorPage(deps, request, origin),
      });
    });
  return router;
}

/** The instance an incoming activity says it comes from: its signature's key's host (Fedify then checks the signature). */
function senderHost(request: Request): string | null {
  const signature = request.headers.get("signature") ?? request.headers.get("signature-input");
  const keyId = signature && /keyid="([^"]+)"/i.exec(signature)?.[1];
  if (!keyId) return null;
  try {
    return new URL(keyId).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * A blocked instance is refused (403) and a flooding one slowed (429) before Fedify reads the activity. An unsigned
 * activity goes on to Fedify, which refuses it (401).
 */
async function inboxRefusal(deps: AppDeps, request: Request): Promise<Response | null> {
  const host = senderHost(request);
  if (!host) return null;
  if (await instanceBlocked(deps, host)) return new Response("This instance is blocked.", { status: 403 });
  if (await takeToken(deps.db, `federation:inbox:${host}`, INBOX_BUCKET, deps.now())) return null;
  return new Response("Too many activities from this instance.", { status: 429, headers: { "Retry-After": String(Math.ceil(INBOX_BUCKET.everyMs / 1000)) } });
}

const ACTOR_DOCUMENT = /^\/ap\/actors\/([^/]+)$/;
const NOTE_DOCUMENT = /^\/ap\/notes\/([1-9]\d{0,15})$/;

/**
 * A browser that opens an actor's or a post's id (a link in Mastodon) is sent to the page it is about on the site,
 * as Mastodon does with its own.
 */
async function toActorPage(deps: AppDeps, request: Request, origin: string): Promise<Response> {
  const page = await pageOf(deps, new URL(request.url).pathname);
  if (!page) return new Response("Not Acceptable", { status: 406, headers: { Vary: "Accept" } });
  return new Response(null, { status: 302, headers: { Location: new URL(page, origin).href, Vary: "Accept" } });
}

async function pageOf(deps: AppDeps, path: string): Promise<string | null> {
  const identifier = ACTOR_DOCUMENT.exec(path)?.[1];
  const ref = identifier ? parseIdentifier(decodeURIComponent(identifier)) : null;
  if (ref) return (await actorProfile(deps.db, ref))?.page ?? null;
  const postId = NOTE_DOCUMENT.exec(path)?.[1];
  if (!postId) return null;
  const post = await deps.db.selectFrom("federation_post").select(["url", "actor_type", "actor_id"]).where("id", "=", Number(postId)).where("deleted_at", "is", null).executeTakeFirst();
  // A post of a thing the public can no longer see leads nowhere, as its Note does.
  return post && (await actorProfile(deps.db, { type: post.actor_type, id: post.actor_id })) ? post.url : null;
}
