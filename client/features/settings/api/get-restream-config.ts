import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RestreamConfig } from "../../../../server/restream/schemas.ts";
import { api } from "../../../lib/api.ts";
import { settingsKeys } from "./settings-keys.ts";

function getRestreamConfig(signal?: AbortSignal): Promise<RestreamConfig> {
  return api<RestreamConfig>("/stream/restream/config", { signal });
}

/** Multi-streaming: which platforms are on, whether each has a saved key, and each one's status. */
export function restreamConfigQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.restream, queryFn: ({ signal }) => getRestreamConfig(signal) });
}

export const useRestreamConfig = () => useQuery(restreamConfigQueryOptions());
