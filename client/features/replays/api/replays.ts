import type { ReplayAccess } from "../../../../server/access/schemas.ts";
import { type InfiniteData, infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Pinned, ReplayDeleted, ReplayDetail, ReplayList, ReplayResponse } from "../../../../server/replays/schemas.ts";
import { api } from "../../../lib/api.ts";

export type Replay = ReplayResponse;
export type ReplayPage = ReplayList;

/** Spec 01 §9: pages of 10. */
export const REPLAYS_PAGE_SIZE = 10;
/** A replay still being made is read again this often (the MP4 is usually ready within seconds). */
const PROCESSING_POLL_MS = 5000;

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

export function myReplaysQueryOptions() {
  return infiniteQueryOptions({
    queryKey: replayKeys.mine(),
    queryFn: ({ pageParam, signal }) => api<ReplayPage>(`/stream/my-replays?page=${pageParam}&limit=${REPLAYS_PAGE_SIZE}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.page + 1 : undefined),
  });
}
export const useMyReplays = () => useInfiniteQuery(myReplaysQueryOptions());

/** Soft delete (spec 01 §4: hard=false); the lists drop the replay at once. */
export function useDeleteReplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<ReplayDeleted>(`/stream/replays/${id}?hard=false`, { method: "DELETE" }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<InfiniteData<ReplayPage>>(replayKeys.mine(), (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, replays: page.replays.filter((replay) => replay.id !== id) })) } : data,
      );
      queryClient.removeQueries({ queryKey: replayKeys.one(id) });
    },
  });
}

/** Pins or unpins a replay (its streamer, or an admin): the storage policy never removes a pinned one. */
export function usePinReplay(options: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pinned }: { id: number; pinned: boolean }) => api<Pinned>(`/stream/replays/${id}/pin`, { method: pinned ? "PUT" : "DELETE" }),
    onSuccess: ({ pinned }, { id }) => {
      const pin = (replay: Replay) => (replay.id === id ? { ...replay, pinned } : replay);
      queryClient.setQueryData<InfiniteData<ReplayPage>>(replayKeys.mine(), (data) => (data ? { ...data, pages: data.pages.map((page) => ({ ...page, replays: page.replays.map(pin) })) } : data));
      queryClient.setQueryData<Replay>(replayKeys.one(id), (replay) => (replay ? pin(replay) : replay));
    },
    onError: options.onError,
  });
}

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
