import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../../lib/api.ts";
import type { ReplayResponse as Replay } from "../../../../server/replays/schemas.ts";
import type { StreamResponse as Stream } from "../../../../server/channels/schemas.ts";
// biome-ignore lint/style/noRestrictedImports: a type only, until item 1 gives the client the search answer's schema (server/search/schemas.ts).
import type { Tournament } from "../../tournaments/api/types.ts";
import type { GameResponse as Game } from "../../../../server/games/schemas.ts";

export interface FoundUser {
  id: number;
  username: string;
  avatar: string | null;
  verified: boolean;
  followers: number;
  isFollowed: boolean;
  isLive: boolean;
}

export interface SearchResults {
  games: Game[];
  users: FoundUser[];
  lives: Stream[];
  videos: Replay[];
  tournaments: Tournament[];
}

/** One call answers every section (GET /api/stream/search); "page" widens them for /search/{term}. */
export function searchQueryOptions(term: string, scope: "dropdown" | "page") {
  const trimmed = term.trim();
  return queryOptions({
    queryKey: ["search", scope, trimmed],
    enabled: trimmed.length > 0,
    queryFn: ({ signal }) => api<SearchResults>(`/stream/search?term=${encodeURIComponent(trimmed)}&scope=${scope}`, { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export const useSearch = (term: string, scope: "dropdown" | "page") => useQuery(searchQueryOptions(term, scope));

/** The value once it has stopped changing for `ms`: one request per pause in typing, not per key. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
