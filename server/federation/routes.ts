import type { Federation } from "@fedify/fedify";
import { Hono } from "hono";
import type { AppEnv } from "../http/context.ts";
import { siteSettings } from "../site/settings/settings.ts";
import { activeOrigin } from "./active.ts";
import { actorProfile, parseIdentifier } from "./actors.ts";
import { buildFederation, type FederationDeps } from "./federation.ts";

// Where the fediverse reaches Arena: WebFinger, NodeInfo and the actors under /ap/. The site setting is read on each
// request: off (the default), every one of these paths is a plain 404, as on a site that never federated, and Fedify
// is not even called, so it fetches and sends nothing.

/** The paths Fedify serves, mounted at the site's root by server/app.ts. */
const FEDERATION_PATHS = ["/.well-known/webfinger", "/.well-known/nodeinfo", "/nodeinfo/*", "/ap/*"] as const;

export function federationRoutes(deps: FederationDeps) {
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
      return federationFor(origin).fetch(c.req.raw, {
        contextData: undefined,
        onNotFound: () => c.notFound(),
        onNotAcceptable: (request) => toActorPage(deps, request, origin),
      });
    });
  return router;
}

const ACTOR_DOCUMENT = /^\/ap\/actors\/([^/]+)$/;

/** A browser that opens an actor's id (a link in Mastodon) is sent to the thing's page on the site, as Mastodon does. */
async function toActorPage(deps: FederationDeps, request: Request, origin: string): Promise<Response> {
  const identifier = ACTOR_DOCUMENT.exec(new URL(request.url).pathname)?.[1];
  const ref = identifier ? parseIdentifier(decodeURIComponent(identifier)) : null;
  const profile = ref && (await actorProfile(deps.db, ref));
  if (!profile) return new Response("Not Acceptable", { status: 406, headers: { Vary: "Accept" } });
  return new Response(null, { status: 302, headers: { Location: new URL(profile.page, origin).href, Vary: "Accept" } });
}
