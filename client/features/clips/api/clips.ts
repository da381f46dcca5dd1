import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { ClipCreateSchema, ClipDetail, ClipList, ClipResponse } from "../../../../server/clips/schemas.ts";
import { api } from "../../../lib/api.ts";

export type Clip = ClipResponse;
/** What the dialog sends: the last seconds of a live, or a range of a replay. */
export type NewClip = z.input<typeof ClipCreateSchema>;
/** A clip being cut is read again this often: a copy of at most a minute takes a second or two. */
const PROCESSING_POLL_MS = 1500;

export const clipKeys = {
  all: ["clips"] as const,
  one: (id: number) => ["clips", id] as const,
  list: (filter: { username?: string; game?: number }) => ["clips", "list", filter] as const,
};

/** Each read of a ready clip counts a view, so it is read once, and again only while it is being cut. */
export function clipQueryOptions(id: number) {
  return queryOptions({
    queryKey: clipKeys.one(id),
    queryFn: async ({ signal }) => (await api<ClipDetail>(`/stream/clips/${id}`, { signal, logoutOn401: false })).clip,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.status === "processing" ? PROCESSING_POLL_MS : false),
  });
}
export const useClip = (id: number) => useQuery(clipQueryOptions(id));

/** A channel's clips (its profile) or a game's (its page). */
export function useClips(filter: { username?: string; game?: number }) {
  const query = new URLSearchParams({ limit: "24", ...(filter.game ? { game: String(filter.game) } : {}), ...(filter.username ? { username: filter.username } : {}) });
  return useQuery({ queryKey: clipKeys.list(filter), queryFn: async ({ signal }) => (await api<ClipList>(`/stream/clips?${query}`, { signal })).clips });
}
