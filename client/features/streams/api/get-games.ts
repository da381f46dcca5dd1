import { queryOptions, useQuery } from "@tanstack/react-query";
import type { GameResponse } from "../../../../server/games/schemas.ts";
import { api } from "../../../lib/api.ts";
import { streamKeys } from "./get-stream.ts";

export type Game = GameResponse;

/** The whole catalogue (a few dozen titles): the game dropdown filters it in the browser. */
export function gamesQueryOptions() {
  return queryOptions({
    queryKey: streamKeys.games(),
    queryFn: async ({ signal }) => (await api<{ games: Game[] }>("/stream/games", { signal })).games,
    staleTime: 10 * 60_000,
  });
}

export const useGames = (enabled = true) => useQuery({ ...gamesQueryOptions(), enabled });
