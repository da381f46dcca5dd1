import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import * as createAccounts from "./migrations/0001_create_accounts.ts";
import * as createLegal from "./migrations/0002_create_legal.ts";
import * as createChannels from "./migrations/0003_create_channels.ts";
import * as createRestream from "./migrations/0004_create_restream.ts";
import * as createChat from "./migrations/0005_create_chat.ts";
import * as createCommunity from "./migrations/0006_create_community.ts";
import * as addSearchTitles from "./migrations/0007_add_search_titles.ts";
import * as createTournaments from "./migrations/0008_create_tournaments.ts";
import * as createEventsWallet from "./migrations/0009_create_events_wallet.ts";
import * as addListingIndexes from "./migrations/0010_add_listing_indexes.ts";
import * as addViewerAddress from "./migrations/0011_add_viewer_address.ts";
import * as createLoginFailure from "./migrations/0012_create_login_failure.ts";
import * as addLedgerLineCode from "./migrations/0013_add_ledger_line_code.ts";
import * as addLiveNodes from "./migrations/0014_add_live_nodes.ts";
import * as addSearchIndex from "./migrations/0015_add_search_index.ts";
import * as createStations from "./migrations/0016_create_stations.ts";
import * as createDataExport from "./migrations/0017_create_data_export.ts";
import * as createAuditLog from "./migrations/0018_create_audit_log.ts";
import * as addScaleIndexes from "./migrations/0019_add_scale_indexes.ts";
import * as addFollowerCount from "./migrations/0020_add_follower_count.ts";
import * as createWaitlist from "./migrations/0021_create_waitlist.ts";
import * as addSwissAndCheckin from "./migrations/0022_add_swiss_and_checkin.ts";
import * as createClips from "./migrations/0023_create_clips.ts";
import * as createSiteSettings from "./migrations/0024_create_site_settings.ts";
import * as addStoragePolicy from "./migrations/0025_add_storage_policy.ts";
import * as addLiveAccess from "./migrations/0026_add_live_access.ts";
import * as createMatchReplays from "./migrations/0027_create_match_replays.ts";
import * as addStationConsent from "./migrations/0028_add_station_consent.ts";
import * as addTicketTypeSales from "./migrations/0029_add_ticket_type_sales.ts";
import * as promotePastStreamers from "./migrations/0032_promote_past_streamers.ts";
import * as addEventSearch from "./migrations/0033_add_event_search.ts";
import * as createWebhooks from "./migrations/0034_create_webhooks.ts";
import * as createPersonalTokens from "./migrations/0035_create_personal_tokens.ts";
import * as createRaids from "./migrations/0036_create_raids.ts";
import * as createOverlays from "./migrations/0037_create_overlays.ts";
import * as createStreamHealth from "./migrations/0038_create_stream_health.ts";
import * as addChannelSrtPort from "./migrations/0039_add_channel_srt_port.ts";
import * as addLiveSessionReconnectUntil from "./migrations/0040_add_live_session_reconnect_until.ts";
import * as createFederation from "./migrations/0041_create_federation.ts";
import * as createFederationFollows from "./migrations/0042_create_federation_follows.ts";

// Listed by hand rather than read from the folder, so the same code runs from source and from a bundle.
const migrations: Record<string, Migration> = {
  "0001_create_accounts": createAccounts,
  "0002_create_legal": createLegal,
  "0003_create_channels": createChannels,
  "0004_create_restream": createRestream,
  "0005_create_chat": createChat,
  "0006_create_community": createCommunity,
  "0007_add_search_titles": addSearchTitles,
  "0008_create_tournaments": createTournaments,
  "0009_create_events_wallet": createEventsWallet,
  "0010_add_listing_indexes": addListingIndexes,
  "0011_add_viewer_address": addViewerAddress,
  "0012_create_login_failure": createLoginFailure,
  "0013_add_ledger_line_code": addLedgerLineCode,
  "0014_add_live_nodes": addLiveNodes,
  "0015_add_search_index": addSearchIndex,
  "0016_create_stations": createStations,
  "0017_create_data_export": createDataExport,
  "0018_create_audit_log": createAuditLog,
  "0019_add_scale_indexes": addScaleIndexes,
  "0020_add_follower_count": addFollowerCount,
  "0021_create_waitlist": createWaitlist,
  "0022_add_swiss_and_checkin": addSwissAndCheckin,
  "0023_create_clips": createClips,
  "0024_create_site_settings": createSiteSettings,
  "0025_add_storage_policy": addStoragePolicy,
  "0026_add_live_access": addLiveAccess,
  "0027_create_match_replays": createMatchReplays,
  "0028_add_station_consent": addStationConsent,
  "0029_add_ticket_type_sales": addTicketTypeSales,
  "0032_promote_past_streamers": promotePastStreamers,
  "0033_add_event_search": addEventSearch,
  "0034_create_webhooks": createWebhooks,
  "0035_create_personal_tokens": createPersonalTokens,
  "0036_create_raids": createRaids,
  "0037_create_overlays": createOverlays,
  "0038_create_stream_health": createStreamHealth,
  "0039_add_channel_srt_port": addChannelSrtPort,
  "0040_add_live_session_reconnect_until": addLiveSessionReconnectUntil,
  "0041_create_federation": createFederation,
  "0042_create_federation_follows": createFederationFollows,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw new Error(`Database migration failed: ${error instanceof Error ? error.message : String(error)}`);
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** The migrations this version of Arena knows, oldest first: a backup from a later schema cannot be restored here. */
export function knownMigrations(): string[] {
  return Object.keys(migrations);
}
