// The site's own settings, edited by an admin in the console (issue 20): its name and logo, whether
// anyone may sign up, whether the captcha is asked. Until an admin sets one, each keeps its default
// (the captcha's comes from CAPTCHA in the environment), so an install that never opens the console
// behaves as before.
import type { DbOrTransaction } from "../../../db/index.ts";
import type { AppDeps } from "../../http/context.ts";
import { MATCH_RECONNECT_MINUTES } from "../../../shared/match-reconnect.ts";

export interface SiteSettings {
  name: string;
  /** Public path of the uploaded logo; null: Arena's own mark. */
  logo: string | null;
  signupsOpen: boolean;
  captcha: boolean;
  /** Webhooks may call private LAN addresses (a bot on the LAN); off, only public addresses (server/outbound/). */
  webhooksToPrivateNetworks: boolean;
  /** The sites (origins, https://host[:port]) whose pages may frame the embed pages; none: only the site itself. */
  embedOrigins: string[];
  /** How long a live whose channel's station is playing a bracket match waits for its dropped encoder (issue 37, item 5). */
  matchReconnectMinutes: number;
  /** The bitrate (video + audio, kb/s) above which a streamer's health panel warns (issue 37): what viewers' links carry. */
  maxBitrateKbps: number;
  /** How many may watch one live in real time (WebRTC, issue 37 item 6) before the player falls back to HTTP-FLV; 0: never. */
  realtimeViewersPerLive: number;
  /** The fediverse (issue 38; server/federation/): off, no ActivityPub route answers and nothing is fetched or sent. */
  federation: boolean;
  /** The instance's address on the fediverse (https://host, an origin): its actors' ids and handles (@name@host). */
  federationPublicUrl: string | null;
  /** Instances (host names, lowercase) Arena neither hears nor posts to: their activities are refused, their followers dropped. */
  federationBlockedInstances: string[];
}

const DEFAULT_SITE_NAME = "Arena";
// Twitch's ceiling for 1080p60, and what the how-to-stream page advises at most.
const DEFAULT_MAX_BITRATE_KBPS = 6000;
// Each real-time viewer is encrypted apart on the node's one JavaScript thread (docs/benchmarks.md, "WHEP"): enough
// for a venue's screens and a team of casters, and far below what a 2-core node manages.
const DEFAULT_REALTIME_VIEWERS_PER_LIVE = 20;

function defaults(deps: Pick<AppDeps, "config">): SiteSettings {
  return {
    name: DEFAULT_SITE_NAME,
    logo: null,
    signupsOpen: true,
    captcha: deps.config.captcha.enabled,
    webhooksToPrivateNetworks: false,
    embedOrigins: [],
    matchReconnectMinutes: MATCH_RECONNECT_MINUTES.default,
    maxBitrateKbps: DEFAULT_MAX_BITRATE_KBPS,
    realtimeViewersPerLive: DEFAULT_REALTIME_VIEWERS_PER_LIVE,
    // A LAN party with no uplink must see no error, no delay and no outgoing request: federating is chosen, never assumed.
    federation: false,
    federationPublicUrl: null,
    federationBlockedInstances: [],
  };
}

/** Read on each request that needs them: a handful of rows, and an edit shows at once on every node. */
export async function siteSettings(deps: Pick<AppDeps, "db" | "config">): Promise<SiteSettings> {
  const rows = await deps.db.selectFrom("site_setting").select(["key", "value"]).execute();
  const settings = defaults(deps) as unknown as Record<string, unknown>;
  for (const row of rows) if (row.key in settings) settings[row.key] = JSON.parse(row.value);
  return settings as unknown as SiteSettings;
}

export async function captchaEnabled(deps: Pick<AppDeps, "db" | "config">): Promise<boolean> {
  return (await siteSettings(deps)).captcha;
}

/** Writes the given settings; the caller records the audit row in the same transaction. */
export async function writeSiteSettings(db: DbOrTransaction, changes: Partial<SiteSettings>, actorId: number, now: number): Promise<void> {
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const row = { value: JSON.stringify(value), updated_at: now, updated_by: actorId };
    await db
      .insertInto("site_setting")
      .values({ key, ...row })
      .onConflict((oc) => oc.column("key").doUpdateSet(row))
      .execute();
  }
}
