import type { ReplayAccess } from "../../../../server/restricted/schemas.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReplayDetail, ReplayList, ReplayResponse } from "../../../../server/replays/schemas.ts";
import { api } from "../../../lib/api.ts";

export type Replay = ReplayResponse;
export type ReplayPage = ReplayList;

/** Spec 01 §9: pages of 10. */
export const REPLAYS_PAGE_SIZE = 10;
/** A replay still being made is read again this often (the MP4 is usually ready within seconds). */
const PROCESSING_POLL_MS = 5000;

// What a route's loader reads stays here, in the first load; the owner's list and the changes (replay-changes.ts)
// load with the screens that use them, and so do TanStack Query's infinite-list and mutation code.
export const replayKeys = {
  all: ["replays"] as const,
  mine: () => ["replays", "mine"] as const,
  one: (id: number) => ["replays", id] as const,
};

/** Each read of a replay counts a view on the server, so it is read once, not on focus or remount. */
export function replayQueryOptions(id: number) {
  return queryOptions({
    queryKey: replayKeys.one(id),
    queryFn: async ({ signal }) => (await api<ReplayDetail>(`/stream/replays/${id}`, { signal, logoutOn401: false })).replay,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.status === "processing" ? PROCESSING_POLL_MS : false),
  });
}
export const useReplay = (id: number) => useQuery(replayQueryOptions(id));

/** Files and thumbnails live under /recordings/ (spec 01 §7). */
export function recordingUrl(path: string | null | undefined): string | null {
  return path ? `/recordings/${path.split("/").map(encodeURIComponent).join("/")}` : null;
}

export const REPLAY_PLACEHOLDER = "/player/replay-placeholder.svg";

/** Replays across channels for the game, tag and profile pages: those of a game, or of one channel. */
export function useVideos(filter: { game?: number; username?: string }) {
  const query = new URLSearchParams({ limit: "24", ...(filter.game ? { game: String(filter.game) } : {}), ...(filter.username ? { username: filter.username } : {}) });
  return useQuery({ queryKey: ["videos", filter], queryFn: async ({ signal }) => (await api<ReplayList>(`/stream/videos?${query}`, { signal })).replays });
}

/** Whether the caller may watch a replay: the rule of the live it was made from (issue 18, item 4), asked afresh on each visit. */
export const useReplayAccess = (id: number, enabled: boolean) =>
  useQuery({ queryKey: ["replays", id, "access"], queryFn: ({ signal }) => api<ReplayAccess>(`/replay-access/${id}`, { signal }), enabled, staleTime: 0 });
