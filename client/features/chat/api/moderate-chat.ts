import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { BanInputSchema, ChatBan, ChatDone, SlowMode, SlowModeInputSchema } from "../../../../server/chat/schemas.ts";
import { api } from "../../../lib/api.ts";
import { chatMessagesQueryOptions } from "./get-chat-history.ts";
import { bannedUsersQueryOptions, type BannedUsers, type ChatState } from "./get-chat-state.ts";
import { type ChatLine, removeLine } from "./messages.ts";

/** Ten minutes: the one timeout length the message menu offers. */
export const TIMEOUT_MINUTES = 10;
/** The slow-mode choices of the header: off, 5 s, 30 s, 2 min. */
export const SLOW_MODE_CHOICES = [0, 5, 30, 120] as const;

const chatPath = (streamID: string) => `/chat/${encodeURIComponent(streamID)}`;

export function useDeleteMessage(streamID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => api<ChatDone>(`/messages/${messageId}`, { method: "DELETE" }),
    onSuccess: (_, messageId) => queryClient.setQueryData<ChatLine[]>(chatMessagesQueryOptions(streamID).queryKey, (lines) => removeLine(lines, messageId)),
  });
}

/** Who, for how long (minutes; absent, until lifted), and why. */
type BanInput = z.input<typeof BanInputSchema>;

export function useBanUser(streamID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BanInput) => api<ChatBan>(`${chatPath(streamID)}/bans`, { method: "POST", body: input }),
    onSuccess: ({ userId, until }) => queryClient.setQueryData<BannedUsers>(bannedUsersQueryOptions(streamID).queryKey, (banned) => ({ ...banned, [userId]: until })),
  });
}

export function useUnbanUser(streamID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api<ChatDone>(`${chatPath(streamID)}/bans/${userId}`, { method: "DELETE" }),
    onSuccess: (_, userId) => queryClient.setQueryData<BannedUsers>(bannedUsersQueryOptions(streamID).queryKey, ({ [userId]: _removed, ...rest } = {}) => rest),
  });
}

export function useSetSlowMode(streamID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seconds: number) => api<SlowMode>(`${chatPath(streamID)}/slow`, { method: "PUT", body: { seconds } satisfies z.input<typeof SlowModeInputSchema> }),
    onSuccess: ({ seconds }) => queryClient.setQueriesData<ChatState>({ queryKey: ["chat", streamID, "state"] }, (state) => (state ? { ...state, slowSeconds: seconds } : state)),
  });
}
