import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Socket } from "socket.io-client";
import { notificationsQueryOptions } from "./get-notifications.ts";

/** New notifications arrive over socket.io the moment they are made (a followed channel going live…). */
export function useLiveNotifications(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    // socket.io-client loads after the first paint: the bell is in every page's first load.
    let socket: Socket | undefined;
    let closed = false;
    void import("../../../data/live-socket.ts").then(({ connectLive }) => {
      if (closed) return;
      socket = connectLive();
      socket.on("notification:created", () => void queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }));
    });
    return () => {
      closed = true;
      socket?.close();
    };
  }, [enabled, queryClient]);
}
