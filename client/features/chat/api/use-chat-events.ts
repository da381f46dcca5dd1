import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSession } from "../../../data/session.ts";
import { type ChatConnection, openChatConnection, type WriteAnswer } from "./chat-socket.ts";
import { chatMessagesQueryOptions } from "./get-chat-history.ts";
import { bannedUsersQueryOptions, type BannedUsers, type ChatState, chatStateQueryOptions } from "./get-chat-state.ts";
import { addLine, type ChatLine, parseChatLine, removeLine } from "./messages.ts";

export type SendResult = { ok: true } | { ok: false; code: string; msg: string };

/**
 * The one place the chat sockets touch the screen (STYLE §7): every event lands in the query cache,
 * which the panel reads. Returns whether both namespaces are connected, and a sender.
 */
export function useChatEvents(streamID: string): { online: boolean; send: (text: string) => Promise<SendResult> } {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  const [online, setOnline] = useState(false);
  const connection = useRef<ChatConnection | null>(null);

  useEffect(() => {
    const messagesKey = chatMessagesQueryOptions(streamID).queryKey;
    const stateKey = chatStateQueryOptions(streamID, userId).queryKey;
    const bannedKey = bannedUsersQueryOptions(streamID).queryKey;
    const setBanned = (update: (banned: BannedUsers) => BannedUsers) => queryClient.setQueryData<BannedUsers>(bannedKey, (banned) => update(banned ?? {}));
    const setState = (update: (state: ChatState) => ChatState) => queryClient.setQueryData<ChatState>(stateKey, (state) => (state ? update(state) : state));

    const opened = openChatConnection(streamID, {
      onStatus: setOnline,
      onJoined() {
        void queryClient.invalidateQueries({ queryKey: messagesKey, exact: true });
        void queryClient.invalidateQueries({ queryKey: stateKey, exact: true });
      },
      onMessage(raw) {
        const line = parseChatLine(raw, streamID);
        if (line) queryClient.setQueryData<ChatLine[]>(messagesKey, (lines) => addLine(lines, line));
      },
      onDeleted(id) {
        queryClient.setQueryData<ChatLine[]>(messagesKey, (lines) => removeLine(lines, id));
      },
      onBanned(target, until) {
        setBanned((banned) => ({ ...banned, [target]: until }));
        if (target !== userId) return;
        setState((state) => ({ ...state, ban: { until, reason: state.ban?.reason ?? "" } }));
        // The event does not carry the reason; the state call does.
        void queryClient.invalidateQueries({ queryKey: stateKey, exact: true });
      },
      onUnbanned(target) {
        setBanned(({ [target]: _, ...rest }) => rest);
        if (target === userId) setState((state) => ({ ...state, ban: null }));
      },
      onSlowMode(seconds) {
        queryClient.setQueriesData<ChatState>({ queryKey: ["chat", streamID, "state"] }, (state) => (state ? { ...state, slowSeconds: seconds } : state));
      },
      onAccessChanged() {
        void queryClient.invalidateQueries({ queryKey: stateKey, exact: true });
      },
    });
    connection.current = opened;
    return () => {
      opened.close();
      if (connection.current === opened) connection.current = null;
      setOnline(false);
    };
  }, [queryClient, streamID, userId]);

  const send = useCallback(
    async (text: string): Promise<SendResult> => {
      const answer: WriteAnswer = (await connection.current?.send(text)) ?? { ok: false, code: "chat_offline", msg: "" };
      if (!answer.ok) return answer;
      // The sender sees its line at once, even if the reader socket is a moment behind; the id dedupes it.
      const line = parseChatLine(answer.message, streamID);
      if (line) queryClient.setQueryData<ChatLine[]>(chatMessagesQueryOptions(streamID).queryKey, (lines) => addLine(lines, line));
      return { ok: true };
    },
    [queryClient, streamID],
  );

  return { online, send };
}
