import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { EventCategoryList, EventList, EventSummary as ArenaEvent } from "../../../../server/events/schemas.ts";
import { api } from "../../../lib/api.ts";
import { eventKeys } from "./event-keys.ts";

export type { EventCategory, EventSummary as ArenaEvent } from "../../../../server/events/schemas.ts";

export type EventStatus = ArenaEvent["status"];

export async function getEvents(search: string, category: number | null, signal?: AbortSignal): Promise<ArenaEvent[]> {
  const query = new URLSearchParams({ ...(search ? { search } : {}), ...(category ? { category: String(category) } : {}) });
  return (await api<EventList>(`/events?${query}`, { signal })).events;
}

/** The public list, by words and category; the previous list stays on screen while the next one loads. */
export function eventsQueryOptions(search = "", category: number | null = null) {
  const words = search.trim();
  return queryOptions({ queryKey: eventKeys.list(words, category), queryFn: ({ signal }) => getEvents(words, category, signal), placeholderData: keepPreviousData });
}

export const useEvents = (search: string, category: number | null) => useQuery(eventsQueryOptions(search, category));

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: eventKeys.categories, queryFn: async ({ signal }) => (await api<EventCategoryList>("/events/categories", { signal })).categories, staleTime: Infinity });
}

export const useCategories = () => useQuery(categoriesQueryOptions());

/** /my-events: the events the caller organises, and those they joined. */
export const myEventsQueryOptions = () => queryOptions({ queryKey: eventKeys.mine, queryFn: async ({ signal }) => (await api<EventList>("/events/my-events", { signal })).events });
export const joinedEventsQueryOptions = () => queryOptions({ queryKey: eventKeys.joined, queryFn: async ({ signal }) => (await api<EventList>("/events/joined-events", { signal })).events });
export const useMyEvents = () => useQuery(myEventsQueryOptions());
export const useJoinedEvents = () => useQuery(joinedEventsQueryOptions());
