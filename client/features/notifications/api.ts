import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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
