import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { z } from "zod";
import type { ViewerBodySchema, ViewerCount, ViewerCountChange } from "../../../../server/channels/schemas.ts";
import { api } from "../../../lib/api.ts";
import { streamKeys } from "./get-stream.ts";

export type ViewerData = ViewerCount;

/** Spec 01 §9: the count is read every 30 s; a presence is renewed every 25 s. */
const VIEWER_POLL_MS = 30_000;
const HEARTBEAT_MS = 25_000;

function viewerCountQueryOptions(channelArn: string) {
  return queryOptions({
    queryKey: streamKeys.viewers(channelArn),
    queryFn: ({ signal }) => api<ViewerCount>(`/stream/viewers/${encodeURIComponent(channelArn)}`, { signal, logoutOn401: false }),
    refetchInterval: VIEWER_POLL_MS,
  });
}

export const useViewerCount = (channelArn: string | null, isLive: boolean) => useQuery({ ...viewerCountQueryOptions(channelArn ?? ""), enabled: Boolean(channelArn) && isLive });

/**
 * This page counts as one viewer while the stream is live: join, a heartbeat every 25 s, and a leave
 * when the page goes away (unmount, or pagehide through sendBeacon, which survives the unload).
 */
export function useViewerSession(channelArn: string | null, isLive: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!channelArn || !isLive) return;
    const body = { channelArn } satisfies z.input<typeof ViewerBodySchema>;
    const touch = (path: "join" | "heartbeat") =>
      api<ViewerCountChange>(`/stream/viewers/${path}`, { method: "POST", body, logoutOn401: false })
        .then(({ viewerCount }) => queryClient.setQueryData<ViewerData>(streamKeys.viewers(channelArn), (old) => (old ? { ...old, viewerCount } : old)))
        .catch(() => undefined);
    let present = false;
    const join = () => {
      present = true;
      void touch("join");
    };
    const leave = () => {
      if (!present) return;
      present = false;
      const payload = new Blob([JSON.stringify(body)], { type: "application/json" });
      if (!navigator.sendBeacon?.("/api/stream/viewers/leave", payload)) void api("/stream/viewers/leave", { method: "POST", body, logoutOn401: false, keepalive: true }).catch(() => undefined);
    };
    // A page restored from the back/forward cache comes back as a viewer.
    const onPageShow = (event: PageTransitionEvent) => event.persisted && join();
    join();
    const timer = setInterval(() => present && void touch("heartbeat"), HEARTBEAT_MS);
    window.addEventListener("pagehide", leave);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      clearInterval(timer);
      window.removeEventListener("pagehide", leave);
      window.removeEventListener("pageshow", onPageShow);
      leave();
    };
  }, [channelArn, isLive, queryClient]);
}
