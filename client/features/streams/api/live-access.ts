import { useQuery } from "@tanstack/react-query";
import type { LiveAccess } from "../../../../server/restricted/schemas.ts";
import { api } from "../../../lib/api.ts";
import { streamKeys } from "./get-stream.ts";

export type { LiveAccess } from "../../../../server/restricted/schemas.ts";

/**
 * Whether the caller may watch a restricted live and write in its chat (issue 18, item 4), asked
 * afresh each time the page opens: someone back from buying a ticket is let in at once. The media
 * routes ask the same rule again on every request, so this only decides what the page shows.
 */
export function useLiveAccess(username: string, enabled: boolean, sessionUserId: number | undefined) {
  return useQuery({
    queryKey: [...streamKeys.one(username), "access", sessionUserId ?? 0],
    queryFn: ({ signal }) => api<LiveAccess>(`/live-access/${encodeURIComponent(username)}`, { signal }),
    enabled,
    staleTime: 0,
  });
}
