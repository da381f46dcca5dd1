import type { AppDeps } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";
import { type SiteSettings, siteSettings } from "../site/settings/settings.ts";

// Whether the site federates, asked by every path that would answer, post or send (issue 38): off, none of them does.

/**
 * The address federation runs on, or null when it is off. An http:// address saved under FEDERATION_ALLOW_HTTP
 * stays off once the server runs without it: a test's setting never federates a real site in clear text.
 */
export function activeOrigin(deps: Pick<AppDeps, "config">, settings: Pick<SiteSettings, "federation" | "federationPublicUrl">): string | null {
  const origin = settings.federationPublicUrl;
  if (!settings.federation || !origin) return null;
  return origin.startsWith("https:") || deps.config.federationAllowsHttp ? origin : null;
}

/** The site's fediverse origin when it federates (read from the settings now), or null. */
export async function federationOrigin(deps: Pick<AppDeps, "db" | "config">): Promise<string | null> {
  return activeOrigin(deps, await siteSettings(deps));
}

/** The site's fediverse origin for a member's call; a 404 that says federation is off when it is. */
export async function requireFederationOrigin(deps: Pick<AppDeps, "db" | "config">): Promise<string> {
  const origin = await federationOrigin(deps);
  if (!origin) throw new NotFoundError("fediverse_off");
  return origin;
}
