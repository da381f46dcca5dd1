import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../../lib/api.ts";
import type { SearchResults } from "../../../../server/search/schemas.ts";

export type { FoundUser, SearchResults } from "../../../../server/search/schemas.ts";

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
