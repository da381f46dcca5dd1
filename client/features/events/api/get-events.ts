import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { EventCategoryList, EventList, EventSummary as ArenaEvent } from "../../../../server/events/schemas.ts";
import { api } from "../../../lib/api.ts";
import { eventKeys } from "./event-keys.ts";

export type { EventCategory, EventSummary as ArenaEvent } from "../../../../server/events/schemas.ts";

export type EventStatus = ArenaEvent["status"];

/** Cards a page: whole rows of two, three or four columns. */
const EVENTS_PAGE = 24;

const nextPage = (last: EventList) => (last.pagination.hasMore ? last.pagination.page + 1 : undefined);

async function getEvents(search: string, category: number | null, page: number, signal?: AbortSignal): Promise<EventList> {
  const query = new URLSearchParams({ ...(search ? { search } : {}), ...(category ? { category: String(category) } : {}), page: String(page), limit: String(EVENTS_PAGE) });
  return api<EventList>(`/events?${query}`, { signal });
}

/** The public list, by words and category, a page at a time ("More" adds the next); the previous list stays on screen while the next one loads. */
export function eventsQueryOptions(search = "", category: number | null = null) {
  const words = search.trim();
  return infiniteQueryOptions({
    queryKey: eventKeys.list(words, category),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => getEvents(words, category, pageParam, signal),
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
  });
}

export const useEvents = (search: string, category: number | null) => useInfiniteQuery(eventsQueryOptions(search, category));

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: eventKeys.categories, queryFn: async ({ signal }) => (await api<EventCategoryList>("/events/categories", { signal })).categories, staleTime: Infinity });
}

export const useCategories = () => useQuery(categoriesQueryOptions());

/** /my-events: the events the caller organises, and those they joined, a page at a time. */
function ownListOptions(queryKey: typeof eventKeys.mine | typeof eventKeys.joined, path: string) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api<EventList>(`${path}?page=${pageParam}&limit=${EVENTS_PAGE}`, { signal }),
    getNextPageParam: nextPage,
  });
}
export const myEventsQueryOptions = () => ownListOptions(eventKeys.mine, "/events/my-events");
const joinedEventsQueryOptions = () => ownListOptions(eventKeys.joined, "/events/joined-events");
export const useMyEvents = () => useInfiniteQuery(myEventsQueryOptions());
export const useJoinedEvents = () => useInfiniteQuery(joinedEventsQueryOptions());
