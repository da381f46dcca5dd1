import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChatHistory } from "../../../../server/chat/schemas.ts";
import { api } from "../../../lib/api.ts";
import { type ChatLine, HISTORY_LIMIT, mergeHistory, parseChatLine } from "./messages.ts";

async function getChatHistory(streamID: string, signal?: AbortSignal): Promise<ChatLine[]> {
  const items = await api<ChatHistory>(`/messages/${encodeURIComponent(streamID)}?limit=${HISTORY_LIMIT}`, { signal, logoutOn401: false });
  return items.map((item) => parseChatLine(item, streamID)).filter((line) => line !== null);
}

/** The lines on screen: the last 50 from the server merged by id with what the sockets already brought. */
export function chatMessagesQueryOptions(streamID: string) {
  return queryOptions({
    queryKey: ["chat", streamID, "messages"],
    queryFn: async ({ client, queryKey, signal }) => mergeHistory(client.getQueryData<ChatLine[]>(queryKey), await getChatHistory(streamID, signal)),
    // The sockets keep it current; it is read again only when they reconnect.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useChatMessages(streamID: string) {
  return useQuery(chatMessagesQueryOptions(streamID));
}
