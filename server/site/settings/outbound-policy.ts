import type { AppDeps } from "../../http/context.ts";
import { siteSettings } from "./settings.ts";
import type { OutboundPolicy } from "../../outbound/addresses.ts";

/**
 * What the site allows its own requests to reach today: webhooks and the fediverse alike. The admin's "private
 * networks" switch opens a LAN's ranges to both (a bot, or a second Arena, on the LAN); the operator's
 * ALLOWED_PRIVATE_ADDRESSES opens named internal addresses.
 */
export async function outboundPolicy(deps: Pick<AppDeps, "db" | "config">): Promise<OutboundPolicy> {
  const { webhooksToPrivateNetworks } = await siteSettings(deps);
  return { allowPrivateNetworks: webhooksToPrivateNetworks, operatorAllowed: deps.config.outboundAllowed, ownPort: deps.config.port };
}
