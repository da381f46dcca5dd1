import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StreamKey } from "../../../../server/channels/schemas.ts";
import { api } from "../../../lib/api.ts";
import { settingsKeys } from "./settings-keys.ts";

export type { StreamKey } from "../../../../server/channels/schemas.ts";

function getStreamKey(signal?: AbortSignal): Promise<StreamKey> {
  return api<StreamKey>("/stream/mystreamkey", { signal });
}

/** The owner's stream key and the RTMP address to give OBS. */
export function streamKeyQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.streamKey, queryFn: ({ signal }) => getStreamKey(signal) });
}

export const useStreamKey = () => useQuery(streamKeyQueryOptions());
