import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChannelSettings } from "../../../../server/channels/settings-schemas.ts";
import { api } from "../../../lib/api.ts";
import { settingsKeys } from "./settings-keys.ts";

export type { ChannelSettings } from "../../../../server/channels/settings-schemas.ts";

function getChannelSettings(signal?: AbortSignal): Promise<ChannelSettings> {
  return api<ChannelSettings>("/stream/channel-settings", { signal });
}

/** The owner's PayPal.me, biography and social links; Edit profile reads the biography too. */
export function channelSettingsQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.channel, queryFn: ({ signal }) => getChannelSettings(signal) });
}

export const useChannelSettings = () => useQuery(channelSettingsQueryOptions());
