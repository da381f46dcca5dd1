import type { RestreamPlatform, RestreamStatus, User } from "../../db/types.ts";
import { ensureChannel } from "../channels/own-channel.ts";
import type { AppDeps } from "../http/context.ts";
import { PLATFORMS, type RestreamConfig, type RestreamConfigInput } from "./schemas.ts";
import { openSecret, sealSecret } from "./secret-box.ts";

export async function getRestreamConfig(deps: AppDeps, user: User): Promise<RestreamConfig> {
  const channel = await ensureChannel(deps, user);
  const rows = await deps.db.selectFrom("restream_target").selectAll().where("channel_id", "=", channel.id).execute();
  const target = (platform: RestreamPlatform) => rows.find((row) => row.platform === platform);
  const status = (platform: RestreamPlatform) => ({
    keySaved: Boolean(target(platform)?.key_encrypted),
    status: target(platform)?.status ?? ("idle" as const),
    error: target(platform)?.last_error ?? null,
  });
  return {
    success: true,
    enabled: channel.restream_enabled === 1,
    twitchEnabled: target("twitch")?.enabled === 1,
    youtubeEnabled: target("youtube")?.enabled === 1,
    facebookEnabled: target("facebook")?.enabled === 1,
    twitchKeySaved: status("twitch").keySaved,
    youtubeKeySaved: status("youtube").keySaved,
    facebookKeySaved: status("facebook").keySaved,
    targets: { twitch: status("twitch"), youtube: status("youtube"), facebook: status("facebook") },
  };
}

/** Saves the switches and any new keys; a live in progress picks the change up at once. */
export async function saveRestreamConfig(deps: AppDeps, user: User, input: RestreamConfigInput): Promise<RestreamConfig> {
  const channel = await ensureChannel(deps, user);
  const now = deps.now();
  await deps.db
    .updateTable("channel")
    .set({ restream_enabled: input.enabled ? 1 : 0, updated_at: now })
    .where("id", "=", channel.id)
    .execute();
  for (const platform of PLATFORMS) {
    const enabled = input[`${platform}Enabled`] ? 1 : 0;
    const key = input[`${platform}Key`]?.trim();
    const sealed = key ? sealSecret(key, deps.config.secret) : undefined;
    await deps.db
      .insertInto("restream_target")
      .values({ channel_id: channel.id, platform, enabled, key_encrypted: sealed ?? null, last_error: null, updated_at: now })
      .onConflict((oc) => oc.columns(["channel_id", "platform"]).doUpdateSet({ enabled, updated_at: now, ...(sealed ? { key_encrypted: sealed } : {}) }))
      .execute();
  }
  await deps.live?.refreshRelays(channel.id);
  return getRestreamConfig(deps, user);
}

interface RelayTarget {
  platform: RestreamPlatform;
  url: string;
}

/** The addresses to relay a channel to right now: restreaming on, the platform on, and a key saved. */
export async function relayTargets(deps: AppDeps, channelId: number): Promise<RelayTarget[]> {
  const channel = await deps.db.selectFrom("channel").select("restream_enabled").where("id", "=", channelId).executeTakeFirst();
  if (channel?.restream_enabled !== 1) return [];
  const rows = await deps.db.selectFrom("restream_target").selectAll().where("channel_id", "=", channelId).where("enabled", "=", 1).where("key_encrypted", "is not", null).execute();
  return rows.map((row) => ({ platform: row.platform, url: `${deps.config.restreamUrls[row.platform].replace(/\/$/, "")}/${openSecret(row.key_encrypted!, deps.config.secret)}` }));
}

export async function setRelayStatus(deps: AppDeps, channelId: number, platform: RestreamPlatform, status: RestreamStatus, error: string | null = null): Promise<void> {
  await deps.db.updateTable("restream_target").set({ status, last_error: error, updated_at: deps.now() }).where("channel_id", "=", channelId).where("platform", "=", platform).execute();
}
