import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api.ts";
import type { Rounds, StandingList, SwissTable, Tournament, TournamentAdminFlag, TournamentForViewer, TournamentList, TournamentPlayerList } from "../../../../server/tournaments/schemas.ts";

const base = "/tournament";
/** The code of a tournament page load whose answer was not the API's (spec 02 §8 "Configuration error"). */
export const CONFIG_ERROR = "config_error";

/** Every key starts with ["tournaments"]; a tournament's own keys with ["tournaments", id] so one invalidation refreshes them all. */
export const tournamentKeys = {
  all: ["tournaments"] as const,
  list: () => ["tournaments", "list"] as const,
  mine: (archive: boolean) => ["tournaments", "mine", { archive }] as const,
  one: (id: number) => ["tournaments", id] as const,
};

export function tournamentsQueryOptions() {
  return queryOptions({ queryKey: tournamentKeys.list(), queryFn: ({ signal }) => api<TournamentList>(`${base}/all`, { signal }) });
}
export const useTournaments = (enabled = true) => useQuery({ ...tournamentsQueryOptions(), enabled });

/** The public page: counts a view, and says whether the caller joined and was approved. */
export function tournamentPageQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...tournamentKeys.one(id), "page"],
    queryFn: async ({ signal }) => {
      const page = await api<TournamentForViewer | undefined>(`${base}/getTournament/${id}`, { signal, logoutOn401: false });
      // A success that is not the API's JSON (an HTML page from a misrouted /api): the setup is wrong, not the tournament.
      if (!page || typeof page !== "object") throw new ApiError(200, CONFIG_ERROR, "");
      return page;
    },
  });
}
export const useTournamentPage = (id: number) => useQuery(tournamentPageQueryOptions(id));

/** The tournament with its bracket, without counting a view (dashboard, settings). */
export function tournamentQueryOptions(id: number) {
  return queryOptions({ queryKey: [...tournamentKeys.one(id), "detail"], queryFn: ({ signal }) => api<Tournament>(`${base}/${id}`, { signal }) });
}
export const useTournament = (id: number) => useQuery(tournamentQueryOptions(id));

function roundsQueryOptions(id: number) {
  return queryOptions({ queryKey: [...tournamentKeys.one(id), "rounds"], queryFn: ({ signal }) => api<Rounds>(`${base}/rounds/${id}`, { signal }) });
}
export const useRounds = (id: number) => useQuery(roundsQueryOptions(id));

function standingsQueryOptions(id: number) {
  return queryOptions({ queryKey: [...tournamentKeys.one(id), "standings"], queryFn: ({ signal }) => api<StandingList>(`${base}/round-robin/${id}`, { signal }) });
}
export const useStandings = (id: number, enabled = true) => useQuery({ ...standingsQueryOptions(id), enabled });

/** The Swiss table (issue 19): points and Buchholz, rounds played, the top cut. */
function swissTableQueryOptions(id: number) {
  return queryOptions({ queryKey: [...tournamentKeys.one(id), "swiss"], queryFn: ({ signal }) => api<SwissTable>(`${base}/swiss/${id}`, { signal }) });
}
export const useSwissTable = (id: number) => useQuery(swissTableQueryOptions(id));

export function playersQueryOptions(id: number) {
  return queryOptions({ queryKey: [...tournamentKeys.one(id), "players"], queryFn: ({ signal }) => api<TournamentPlayerList>(`${base}/players/getPlayers/${id}`, { signal }) });
}
export const usePlayers = (id: number) => useQuery(playersQueryOptions(id));

export function isAdminQueryOptions(id: number, userId: number | null) {
  return queryOptions({
    queryKey: [...tournamentKeys.one(id), "is-admin", userId],
    queryFn: async ({ signal }) => (userId ? (await api<TournamentAdminFlag>(`${base}/is-admin/${id}`, { signal })).isAdmin : false),
  });
}
export const useIsAdmin = (id: number, userId: number | null) => useQuery(isAdminQueryOptions(id, userId));

export function myTournamentsQueryOptions(archive: boolean) {
  return queryOptions({ queryKey: tournamentKeys.mine(archive), queryFn: ({ signal }) => api<TournamentList>(`${base}/my-tournaments${archive ? "?isArchive=true" : ""}`, { signal }) });
}
export const useMyTournaments = (archive: boolean) => useQuery(myTournamentsQueryOptions(archive));

/** The tournament a streamer runs (the active one first), or null when they run none. */
function streamerTournamentQueryOptions(streamerId: number) {
  return queryOptions({
    queryKey: [...tournamentKeys.all, "by-streamer", streamerId],
    queryFn: ({ signal }) => api<Tournament>(`${base}/by-streamer/${streamerId}`, { signal }).catch(() => null),
    staleTime: 60_000,
  });
}
export const useStreamerTournament = (streamerId: number) => useQuery(streamerTournamentQueryOptions(streamerId));
