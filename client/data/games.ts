import { queryOptions, useQuery } from "@tanstack/react-query";
import type { GameDetail, GameList, GameResponse } from "../../server/games/schemas.ts";
import { api } from "../lib/api.ts";

export type Game = GameResponse;

/** Lists refresh on their own: a game that goes live climbs the trending row without a reload. */
const TRENDING_REFRESH_MS = 30_000;

// Shared (client/lib), not a feature: the stream setup and the tournament form pick from the catalogue, the home, tag and game pages list it.
const gameKeys = {
  all: ["games"] as const,
  list: ["games", "list"] as const,
  one: (id: number) => ["games", "byId", id] as const,
  trending: (limit: number) => ["games", "trending", limit] as const,
  search: (term: string) => ["games", "search", term] as const,
};

const getGames = async (signal?: AbortSignal) => (await api<GameList>("/stream/games", { signal })).games;

/** The whole catalogue (a few dozen titles), one cache for every picker: the stream setup and the tournament form filter it in the browser. */
const gamesQueryOptions = () => queryOptions({ queryKey: gameKeys.list, queryFn: ({ signal }) => getGames(signal), staleTime: 10 * 60_000 });

export const useGames = (enabled = true) => useQuery({ ...gamesQueryOptions(), enabled });

const getGame = async (id: number, signal?: AbortSignal) => (await api<GameDetail>(`/stream/games/${id}`, { signal })).game;

export const gameQueryOptions = (id: number) => queryOptions({ queryKey: gameKeys.one(id), queryFn: ({ signal }) => getGame(id, signal) });

export const useGame = (id: number) => useQuery(gameQueryOptions(id));

/** Games ranked by what is watched and live now (GET /api/stream/games/trending). */
function trendingGamesQueryOptions(limit: number) {
  return queryOptions({
    queryKey: gameKeys.trending(limit),
    queryFn: async ({ signal }) => (await api<GameList>(`/stream/games/trending?limit=${limit}`, { signal })).games,
    refetchInterval: TRENDING_REFRESH_MS,
  });
}

export const useTrendingGames = (limit = 12) => useQuery(trendingGamesQueryOptions(limit));

/** Fires only with a non-empty input; a failure gives an empty list (spec 02 §8). */
export function useGameSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: gameKeys.search(term),
    enabled: term.length > 0,
    queryFn: async ({ signal }) => {
      try {
        return (await api<GameList>(`/stream/games/search?q=${encodeURIComponent(term)}`, { signal })).games.slice(0, 4);
      } catch {
        return [];
      }
    },
  });
}
