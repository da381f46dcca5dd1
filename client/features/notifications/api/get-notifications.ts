import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationPage, NotificationsRead } from "../../../../server/notifications/schemas.ts";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";

export type { NotificationPage } from "../../../../server/notifications/schemas.ts";

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: ["notifications"], queryFn: ({ signal }) => api<NotificationPage>("/notifications?limit=50", { signal }), refetchInterval: 60_000 });

export function useNotifications() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...notificationsQueryOptions(), enabled: isLoggedIn });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<NotificationsRead>("/notifications/read-all", { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
  });
}
