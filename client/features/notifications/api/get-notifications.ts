import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationPage } from "../../../../server/notifications/schemas.ts";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../data/session.ts";

export type { NotificationPage } from "../../../../server/notifications/schemas.ts";

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: ["notifications"], queryFn: ({ signal }) => api<NotificationPage>("/notifications?limit=50", { signal }), refetchInterval: 60_000 });

export function useNotifications() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...notificationsQueryOptions(), enabled: isLoggedIn });
}
