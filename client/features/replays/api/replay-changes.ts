import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Pinned, ReplayDeleted } from "../../../../server/replays/schemas.ts";
import { api } from "../../../lib/api.ts";
import { type Replay, type ReplayPage, REPLAYS_PAGE_SIZE, replayKeys } from "./replays.ts";

// The owner's list and what changes a replay: apart from replays.ts, whose reads route loaders start in the first load.

function myReplaysQueryOptions() {
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
