import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Socket } from "socket.io-client";
import type { NotificationResponse } from "../../../server/notifications/schemas.ts";
import { api } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";

export interface NotificationPage {
  notifications: NotificationResponse[];
  unread: number;
  hasMore: boolean;
}

export const notificationsQueryKey = ["notifications"] as const;

export function useNotifications() {
  const { isLoggedIn } = useSession();
  return useQuery({ queryKey: notificationsQueryKey, queryFn: () => api<NotificationPage>("/notifications?limit=50"), enabled: isLoggedIn, refetchInterval: 60_000 });
}

/** New notifications arrive over socket.io the moment they are made (a followed channel going live…). */
export function useLiveNotifications(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    // socket.io-client loads after the first paint: the bell is in every page's first load.
    let socket: Socket | undefined;
    let closed = false;
    void import("../../lib/live-socket.ts").then(({ connectLive }) => {
      if (closed) return;
      socket = connectLive();
      socket.on("notification:created", () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey }));
    });
    return () => {
      closed = true;
      socket?.close();
    };
  }, [enabled, queryClient]);
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api("/notifications/read-all", { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

/** The bell's badge: the unread count, capped at "+99" (spec 01 §5). */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? "+99" : String(unread);
}
