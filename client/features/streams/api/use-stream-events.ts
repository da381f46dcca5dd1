import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { connectLive } from "../../../data/live-socket.ts";
import { type Stream, streamKeys, useStream } from "./get-stream.ts";
import type { ViewerData } from "./viewers.ts";

/** While a live waits for its dropped encoder during a match (issue 37, item 5); `resumes` counts its returns. */
interface Reconnecting {
  reconnecting: boolean;
  resumes: number;
}

/**
 * Keeps the stream page current between its 30 s reads (STYLE §7): the channel's room on /live pushes
 * the viewer count, and "stream:started"/"stream:ended" for this username reload the stream at once.
 * The stream's `reconnecting` (its encoder dropped during a match) holds the live up, with a message over
 * the player: the page starts from the answer, "stream:reconnecting" and "stream:resumed" change it at once.
 */
export function useStreamEvents(username: string, channelArn: string | null): Reconnecting {
  const queryClient = useQueryClient();
  const reconnecting = useStream(username).data?.reconnecting ?? false;
  const resumes = useResumes(reconnecting);
  useEffect(() => {
    const socket = connectLive();
    const key = streamKeys.one(username);
    const mine = (payload: { username?: string }) => payload?.username?.toLowerCase() === username.toLowerCase();
    // Shown at once; read again too, so an answer already on its way, older than the event, is not the last word.
    const setReconnecting = (value: boolean) => {
      queryClient.setQueryData<Stream>(key, (old) => (old ? { ...old, reconnecting: value } : old));
      void queryClient.invalidateQueries({ queryKey: key });
    };
    const reload = (payload: { username?: string }) => {
      if (mine(payload)) void queryClient.invalidateQueries({ queryKey: key });
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
      if (mine(payload)) setReconnecting(true);
    });
    socket.on("stream:resumed", (payload: { username?: string }) => {
      if (mine(payload)) setReconnecting(false);
    });
    return () => {
      socket.close();
    };
  }, [queryClient, username, channelArn]);
  return { reconnecting, resumes };
}

/**
 * The live's returns from a match's wait, however the page learnt of them (the event, or a read once the socket
 * missed it): the player starts again on the encoder's new stream rather than wait out its own retries.
 */
function useResumes(reconnecting: boolean): number {
  const [seen, setSeen] = useState({ reconnecting, resumes: 0 });
  if (seen.reconnecting !== reconnecting) setSeen({ reconnecting, resumes: seen.resumes + (reconnecting ? 0 : 1) });
  return seen.resumes;
}
