import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { StreamList } from "../../../../server/channels/schemas.ts";

/** Which lives a list shows (spec 01 §7): every live, most watched first, or those of a game or a tag. */
interface StreamFilter {
  game?: number;
  tag?: string;
}

/** Lists refresh on their own: a channel that goes live appears without a reload. */
const LIST_REFRESH_MS = 30_000;

function streamsPath(filter: StreamFilter): string {
  const query = new URLSearchParams({ recommended: "true" });
  if (filter.game) query.set("game", String(filter.game));
  if (filter.tag) query.set("tag", filter.tag);
  return `/stream/streams?${query}`;
}

export function liveStreamsQueryOptions(filter: StreamFilter = {}) {
  return queryOptions({
    queryKey: ["streams", "list", filter],
    queryFn: async ({ signal }) => (await api<StreamList>(streamsPath(filter), { signal })).data,
    refetchInterval: LIST_REFRESH_MS,
  });
}

export const useLiveStreams = (filter: StreamFilter = {}) => useQuery(liveStreamsQueryOptions(filter));
