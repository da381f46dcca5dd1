import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { connectLive } from "../../../data/live-socket.ts";
import { streamKeys } from "./get-stream.ts";
import type { ViewerData } from "./viewers.ts";

/** While a live waits for its dropped encoder during a match (issue 37, item 5); `resumes` counts its returns. */
interface Reconnecting {
  reconnecting: boolean;
  resumes: number;
}

/**
 * Keeps the stream page current between its 30 s reads (STYLE §7): the channel's room on /live pushes
 * the viewer count, and "stream:started"/"stream:ended" for this username reload the stream at once.
 * "stream:reconnecting" (its encoder dropped during a match) holds the live up, with a message over the
 * player, until "stream:resumed" or the live ends.
 */
export function useStreamEvents(username: string, channelArn: string | null): Reconnecting {
  const queryClient = useQueryClient();
  const [state, setState] = useState<Reconnecting>({ reconnecting: false, resumes: 0 });
  useEffect(() => {
    const socket = connectLive();
    const mine = (payload: { username?: string }) => payload?.username?.toLowerCase() === username.toLowerCase();
    const reload = (payload: { username?: string }) => {
      if (!mine(payload)) return;
      setState((old) => ({ ...old, reconnecting: false }));
      void queryClient.invalidateQueries({ queryKey: streamKeys.one(username) });
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
    socket.on("stream:reconnecting", (payload: { username?: string }) => {
      if (mine(payload)) setState((old) => ({ ...old, reconnecting: true }));
    });
    // The player starts again on the encoder's new stream rather than wait out its own retries.
    socket.on("stream:resumed", (payload: { username?: string }) => {
      if (mine(payload)) setState((old) => ({ reconnecting: false, resumes: old.resumes + 1 }));
    });
    return () => {
      socket.close();
    };
  }, [queryClient, username, channelArn]);
  return state;
}
