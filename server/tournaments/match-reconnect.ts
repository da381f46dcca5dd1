import type { AppDeps } from "../http/context.ts";
import { siteSettings } from "../site/settings/settings.ts";
import { matchOnChannel } from "./stations.ts";

/**
 * How long a live whose publisher just left waits for it when its channel's station is playing a bracket match
 * (issue 37, item 5): the site's setting, so an encoder that crashed mid-match comes back to the same live and the
 * same match replay. Undefined outside a match, or with the setting at 0: the short grace of any live stays.
 */
export async function matchReconnectMs(deps: AppDeps, username: string): Promise<number | undefined> {
  const { onAir } = await matchOnChannel(deps, username);
  if (!onAir?.station.match?.playing) return undefined;
  const minutes = (await siteSettings(deps)).matchReconnectMinutes;
  return minutes > 0 ? minutes * 60_000 : undefined;
}
