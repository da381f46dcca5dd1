import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { connectLive } from "../../../data/live-socket.ts";
import { streamKeys } from "./get-stream.ts";
import type { ViewerData } from "./viewers.ts";

/**
 * Keeps the stream page current between its 30 s reads (STYLE §7): the channel's room on /live pushes
 * the viewer count, and "stream:started"/"stream:ended" for this username reload the stream at once.
 */
export function useStreamEvents(username: string, channelArn: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectLive();
    const reload = (payload: { username?: string }) => {
      if (payload?.username?.toLowerCase() === username.toLowerCase()) void queryClient.invalidateQueries({ queryKey: streamKeys.one(username) });
    };
    socket.on("connect", () => {
      if (channelArn) socket.emit("watch", channelArn);
    });
    socket.on("viewers:changed", (payload: { channelArn?: string; viewerCount?: number }) => {
      if (!channelArn || payload?.channelArn !== channelArn || typeof payload.viewerCount !== "number") return;
      const viewerCount = payload.viewerCount;
      queryClient.setQueryData<ViewerData>(streamKeys.viewers(channelArn), (old) => (old ? { ...old, viewerCount } : old));
    });
    socket.on("stream:started", reload);
    socket.on("stream:ended", reload);
    return () => {
      socket.close();
    };
  }, [queryClient, username, channelArn]);
}
