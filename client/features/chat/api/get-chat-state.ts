import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChatState } from "../../../../server/chat/schemas.ts";
import { api } from "../../../lib/api.ts";

export type { ChatState } from "../../../../server/chat/schemas.ts";

async function getChatState(streamID: string, signal?: AbortSignal): Promise<ChatState> {
  return api<ChatState>(`/chat/${encodeURIComponent(streamID)}/state`, { signal, logoutOn401: false });
}

/** Slow mode, whether the reader moderates, and the reader's own ban; per user, since logging in changes all three. */
export function chatStateQueryOptions(streamID: string, userId: number | null) {
  return queryOptions({
    queryKey: ["chat", streamID, "state", userId ?? 0],
    queryFn: ({ signal }) => getChatState(streamID, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useChatState(streamID: string, userId: number | null) {
  return useQuery(chatStateQueryOptions(streamID, userId));
}

/** Users banned or timed out while this chat is open (their id → until, null for a ban), so a moderator can lift it. */
export type BannedUsers = Record<number, string | null>;

export function bannedUsersQueryOptions(streamID: string) {
  return queryOptions({
    queryKey: ["chat", streamID, "banned-users"],
    queryFn: (): BannedUsers => ({}),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useBannedUsers(streamID: string) {
  return useQuery(bannedUsersQueryOptions(streamID)).data ?? {};
}
