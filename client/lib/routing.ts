import type { EnsureInfiniteQueryDataOptions, FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { notFound } from "@tanstack/react-router";

/**
 * A database id in an address: digits only, so "12abc", "1e3" or "-1" are not found rather than NaN in a
 * query key. Checked by hand, not with zod: route definitions are in the first load, zod is not.
 */
function parseId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^[1-9]\d{0,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** `params` of a file route whose `key` is a numeric id; anything else is the not-found page. */
export function idParams<K extends string>(key: K) {
  return {
    parse: (raw: Record<K, string>) => {
      const id = parseId(raw[key]);
      if (id === undefined) throw notFound();
      return { [key]: id } as Record<K, number>;
    },
    stringify: (params: Record<K, number>) => ({ [key]: String(params[key]) }) as Record<K, string>,
  };
}

/**
 * A loader's start of the screen's main query: with preload "intent" it begins on hover, with the
 * code. Not awaited: the screen keeps its own skeleton, and its own words for a failure, which it
 * reads from the same cache entry.
 */
export function startQuery<T, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, K>): void {
  void queryClient.ensureQueryData(options).catch(() => undefined);
}

/** `startQuery` for a list read a page at a time: its first page. */
export function startInfiniteQuery<T, K extends QueryKey, P>(queryClient: QueryClient, options: EnsureInfiniteQueryDataOptions<T, Error, T, K, P>): void {
  void queryClient.ensureInfiniteQueryData(options).catch(() => undefined);
}
