import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { eventKeys } from "./event-keys.ts";
import type { ArenaEvent } from "./get-events.ts";

export interface EventDetail extends ArenaEvent {
  participants: { id: number; userId: number; status: string; user: { name: string; username: string; profilePicture: string | null } }[];
  participantCount: number;
  /** Why the viewer could not register / buy now (an `errors:` code), from the server's own seat rule; null where they can. */
  registrationRefusal: string | null;
  purchaseRefusal: string | null;
}

export const getEvent = async (slug: string, signal?: AbortSignal) => (await api<{ event: EventDetail }>(`/events/${encodeURIComponent(slug)}`, { signal })).event;

export const eventQueryOptions = (slug: string) => queryOptions({ queryKey: eventKeys.one(slug), queryFn: ({ signal }) => getEvent(slug, signal), retry: false });

export const useEvent = (slug: string) => useQuery(eventQueryOptions(slug));
