import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { z } from "zod";
import type { OverlayAlert, OverlayAlertKind, OverlayChannel, OverlaySettingsSchema, ScoreBug } from "../../../../server/overlays/schemas.ts";
import { connectLive } from "../../../data/live-socket.ts";
import { api } from "../../../lib/api.ts";

type OverlaySettings = z.infer<typeof OverlaySettingsSchema>;

// The streamer's side (Settings → Integrations) and the overlay pages' side (opened by OBS with the secret address).

const settingsQuery = queryOptions({ queryKey: ["overlay", "own"] as const, queryFn: ({ signal }) => api<OverlaySettings>("/me/overlay", { signal }) });

export const useOverlaySettings = () => useQuery(settingsQuery);

function useSettingsMutation<I>(call: (input: I) => Promise<OverlaySettings>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (settings) => queryClient.setQueryData(settingsQuery.queryKey, settings) });
}

export const useSetOverlaySound = () => useSettingsMutation((sound: boolean) => api<OverlaySettings>("/me/overlay", { method: "PUT", body: { sound } }));
export const useResetOverlay = () => useSettingsMutation(() => api<OverlaySettings>("/me/overlay/reset", { method: "POST" }));
export const useTestAlert = () => useMutation({ mutationFn: (kind: OverlayAlertKind) => api("/me/overlay/test-alert", { method: "POST", body: { kind } }) });

const channelQuery = (secret: string) =>
  queryOptions({ queryKey: ["overlay", secret, "channel"] as const, queryFn: ({ signal }) => api<OverlayChannel>(`/overlay/${encodeURIComponent(secret)}`, { signal }), retry: false });

export const useOverlayChannel = (secret: string) => useQuery(channelQuery(secret));

/** Which match a score bug shows: its address may name a station or a match (?station=, ?match=). */
export interface ScoreBugChoice {
  station?: number;
  match?: string;
}

const scoreQuery = (secret: string, choice: ScoreBugChoice) =>
  queryOptions({
    queryKey: ["overlay", secret, "score", choice.station ?? null, choice.match ?? null] as const,
    queryFn: ({ signal }) => {
      const search = new URLSearchParams();
      if (choice.station) search.set("station", String(choice.station));
      if (choice.match) search.set("match", choice.match);
      const query = search.size > 0 ? `?${search}` : "";
      return api<ScoreBug>(`/overlay/${encodeURIComponent(secret)}/score${query}`, { signal });
    },
  });

/**
 * The score bug's match, read again the moment the organiser records a score: the stream page's events (its
 * streamer's station changed) and the tournament's (any of its matches changed) both say when.
 */
export function useScoreBug(secret: string, username: string | undefined, choice: ScoreBugChoice) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...scoreQuery(secret, choice), enabled: username !== undefined });
  const tournamentId = query.data?.match?.tournament.id;
  useEffect(() => {
    if (!username) return;
    const socket = connectLive();
    const again = () => void queryClient.invalidateQueries({ queryKey: ["overlay", secret, "score"] });
    socket.on("connect", () => {
      if (tournamentId) socket.emit("watch-tournament", tournamentId);
      again();
    });
    socket.on("stations:changed", (payload: { usernames?: string[] }) => {
      if (payload?.usernames?.some((name) => name.toLowerCase() === username.toLowerCase())) again();
    });
    socket.on("tournament:changed", again);
    return () => {
      socket.close();
    };
  }, [queryClient, secret, username, tournamentId]);
  return query;
}

/** Each alert of the overlay's streamer as it comes, and whether the address still opens it (false after a reset). */
export function useOverlayAlerts(secret: string, onAlert: (alert: OverlayAlert) => void, onGone: () => void): void {
  useEffect(() => {
    const socket = connectLive();
    // Joined again after every reconnect: a room is the socket's, not the address's.
    socket.on("connect", () => {
      socket.emit("watch-overlay", secret, (joined: boolean) => {
        if (!joined) onGone();
      });
    });
    socket.on("overlay:alert", (alert: OverlayAlert) => onAlert(alert));
    socket.on("overlay:reset", () => onGone());
    return () => {
      socket.close();
    };
  }, [secret, onAlert, onGone]);
}
