import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { StreamList } from "../../../../server/channels/schemas.ts";

const CHANNELS_REFRESH_MS = 30_000;
const SIDEBAR_CHANNELS = 10;

/** The sidebar's live channels, or those the caller follows; under "streams" so a follow refreshes them with every list. */
function sidebarChannelsQueryOptions(following: boolean) {
  return queryOptions({
    queryKey: ["streams", "sidebar", following],
    queryFn: async ({ signal }) => (await api<StreamList>(`/stream/streams${following ? "?following=true" : ""}`, { signal })).data.slice(0, SIDEBAR_CHANNELS),
    refetchInterval: CHANNELS_REFRESH_MS,
  });
}

export const useSidebarChannels = (following: boolean) => useQuery(sidebarChannelsQueryOptions(following));
