import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { z } from "zod";
import type {
  AutoAssignSchema,
  ChannelMatch,
  MatchScoreSchema,
  StationAnswerSchema,
  StationAssignSchema,
  StationCreateSchema,
  StationList,
  StationRequests,
  StationSaved,
  StationUpdateSchema,
  TournamentDone as Ok,
  TournamentReplays,
} from "../../../../server/tournaments/schemas.ts";
import { api } from "../../../lib/api.ts";
import { connectLive } from "../../../data/live-socket.ts";
import { tournamentKeys } from "./queries.ts";

// Stations and match streams (issue 18): the list of a tournament's stations, the organiser's changes
// to it, and the match a channel's station holds, for that channel's stream page.

const base = "/tournament";

export function stationsQueryOptions(id: number) {
  return queryOptions({ queryKey: [...tournamentKeys.one(id), "stations"], queryFn: ({ signal }) => api<StationList>(`${base}/${id}/stations`, { signal }) });
}
export const useStations = (id: number) => useQuery(stationsQueryOptions(id));

/** A station change moves matches too (auto-assign): the whole tournament is read again. */
function useStationMutation<T, R>(id: number, call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: tournamentKeys.one(id) }) });
}

/** A station's fields as its form holds them: the name, and the streamer's username ("" for a station nobody streams). */
export type StationInput = Record<keyof z.input<typeof StationCreateSchema>, string>;

export const useCreateStation = (id: number) => useStationMutation(id, (body: StationInput) => api<StationSaved>(`${base}/${id}/stations`, { method: "POST", body }));
export const useUpdateStation = (id: number) =>
  useStationMutation(id, ({ stationId, ...body }: z.input<typeof StationUpdateSchema> & { stationId: number }) => api<StationSaved>(`${base}/${id}/stations/${stationId}`, { method: "PUT", body }));
export const useRemoveStation = (id: number) => useStationMutation(id, (stationId: number) => api<Ok>(`${base}/${id}/stations/${stationId}`, { method: "DELETE" }));
export const useAssignMatch = (id: number) =>
  useStationMutation(id, ({ stationId, matchID }: { stationId: number; matchID: string | null }) =>
    api<StationSaved>(`${base}/${id}/stations/${stationId}/match`, { method: "PUT", body: { matchID } satisfies z.input<typeof StationAssignSchema> }),
  );
export const useSetAutoAssign = (id: number) =>
  useStationMutation(id, (autoAssign: boolean) => api<Ok>(`${base}/${id}/auto-assign`, { method: "PUT", body: { autoAssign } satisfies z.input<typeof AutoAssignSchema> }));

// A streamer's side (issue 34, item 17): the stations whose organisers ask for their channel, and their answer.

const requestsKey = [...tournamentKeys.all, "station-requests"] as const;

export const useStationRequests = () => useQuery({ queryKey: requestsKey, queryFn: ({ signal }) => api<StationRequests>(`${base}/station-requests`, { signal }) });

export function useAnswerStation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tournamentId, stationId, accept }: { tournamentId: number; stationId: number; accept: boolean }) =>
      api<Ok>(`${base}/${tournamentId}/stations/${stationId}/answer`, { method: "POST", body: { accept } satisfies z.input<typeof StationAnswerSchema> }),
    onSuccess: (_answer, { tournamentId }) => Promise.all([queryClient.invalidateQueries({ queryKey: requestsKey }), queryClient.invalidateQueries({ queryKey: tournamentKeys.one(tournamentId) })]),
  });
}

const onChannelKey = (username: string) => [...tournamentKeys.all, "on-channel", username.toLowerCase()] as const;

function channelMatchQueryOptions(username: string) {
  return queryOptions({ queryKey: onChannelKey(username), queryFn: ({ signal }) => api<ChannelMatch>(`${base}/on-channel/${encodeURIComponent(username)}`, { signal }) });
}

/**
 * The match on the station a channel streams, kept current: the server names the channels whose
 * station changed ("stations:changed": a match put on, started, scored, ended), and this one is read again.
 */
export function useChannelMatch(username: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectLive();
    let connectedBefore = false;
    socket.on("connect", () => {
      // What changed while the socket was away is read again.
      if (connectedBefore) void queryClient.invalidateQueries({ queryKey: onChannelKey(username) });
      connectedBefore = true;
    });
    socket.on("stations:changed", (payload: { usernames?: string[] }) => {
      if (payload?.usernames?.some((name) => name.toLowerCase() === username.toLowerCase())) void queryClient.invalidateQueries({ queryKey: onChannelKey(username) });
    });
    return () => {
      socket.close();
    };
  }, [queryClient, username]);
  return useQuery(channelMatchQueryOptions(username));
}

/** The score of a match being played (issue 18): the cards, the stream's banner and its chat follow it. */
export const useSetMatchScore = (id: number) =>
  useStationMutation(id, ({ matchID, scorePlayer1, scorePlayer2 }: { matchID: string; scorePlayer1: number; scorePlayer2: number }) =>
    api<Ok>(`${base}/${id}/matches/${matchID}/score`, { method: "PUT", body: { scorePlayer1, scorePlayer2 } satisfies z.input<typeof MatchScoreSchema> }),
  );

/** The tournament's match replays (issue 18, item 3), read again with the tournament (a replay ready says "tournament:changed"). */
function matchReplaysQueryOptions(id: number) {
  return queryOptions({ queryKey: [...tournamentKeys.one(id), "replays"], queryFn: async ({ signal }) => (await api<TournamentReplays>(`${base}/${id}/replays`, { signal })).replays });
}
export const useMatchReplays = (id: number) => useQuery(matchReplaysQueryOptions(id));
