import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { connectLive } from "../../../data/live-socket.ts";
import type { StationList } from "../../../../server/tournaments/schemas.ts";
import { tournamentKeys } from "./queries.ts";
import { stationsQueryOptions } from "./stations.ts";

/**
 * Keeps a tournament's queries current (STYLE §7): joins its room on the /live namespace and, on
 * every "tournament:changed", invalidates what the screens read. Returns whether the room is joined.
 */
export function useTournamentEvents(tournamentId: number | null): boolean {
  const queryClient = useQueryClient();
  const [watching, setWatching] = useState(false);
  useEffect(() => {
    if (!tournamentId) return;
    const socket = connectLive();
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: tournamentKeys.one(tournamentId) });
      void queryClient.invalidateQueries({ queryKey: tournamentKeys.list() });
    };
    let joinedBefore = false;
    socket.on("connect", () => {
      socket.emit("watch-tournament", tournamentId, (joined: boolean) => {
        setWatching(joined);
        // After a reconnect, whatever changed while the socket was away is read again.
        if (joined && joinedBefore) refresh();
        joinedBefore ||= joined;
      });
    });
    socket.on("disconnect", () => setWatching(false));
    socket.on("tournament:changed", (payload: { tournamentId?: number }) => {
      if (payload?.tournamentId === tournamentId) refresh();
    });
    // A station's channel going on or off air changes its match's "live" badge (issue 18).
    const streamedHere = (payload: { username?: string }) => {
      const stations = queryClient.getQueryData<StationList>(stationsQueryOptions(tournamentId).queryKey);
      if (stations?.stations.some((s) => s.channel?.username.toLowerCase() === payload?.username?.toLowerCase())) refresh();
    };
    socket.on("stream:started", streamedHere);
    socket.on("stream:ended", streamedHere);
    return () => {
      socket.close();
      setWatching(false);
    };
  }, [queryClient, tournamentId]);
  return watching;
}
