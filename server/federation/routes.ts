import type { Federation } from "@fedify/fedify";
import { Hono } from "hono";
import type { AppEnv } from "../http/context.ts";
import { siteSettings } from "../site/settings/settings.ts";
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
      const { federation, federationPublicUrl } = await siteSettings(deps);
      if (!federation || !federationPublicUrl) return c.notFound();
      return federationFor(federationPublicUrl).fetch(c.req.raw, {
        contextData: undefined,
        onNotFound: () => c.notFound(),
      });
    });
  return router;
}
