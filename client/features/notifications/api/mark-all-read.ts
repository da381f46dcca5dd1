import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NotificationsRead } from "../../../../server/notifications/schemas.ts";
import { api } from "../../../lib/api.ts";
import { notificationsQueryOptions } from "./get-notifications.ts";

// Apart from get-notifications.ts: the bell reads the list in every first load; only the notifications page marks it read.

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<NotificationsRead>("/notifications/read-all", { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
  });
}
