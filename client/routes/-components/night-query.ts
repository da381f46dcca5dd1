import { queryOptions, useQuery } from "@tanstack/react-query";
import type { EventNight } from "../../../server/events/schemas.ts";
import { api } from "../../lib/api.ts";
import { tournamentKeys } from "../../features/tournaments/api/queries.ts";

export type { EventNight };

/** The door has no live event of its own: the organiser's count is read again this often. */
const DOOR_POLL_MS = 30_000;

/**
 * The night page's programme (issue 18, item 5). Its key sits under the tournament's, so every
 * "tournament:changed" of the linked tournament (a match started, scored, ended, a replay ready)
 * reads it again, as it reads the tournament's own screens.
 */
function nightQueryOptions(slug: string, tournamentId: number | null) {
  return queryOptions({
    queryKey: [...(tournamentId === null ? ["events", slug] : tournamentKeys.one(tournamentId)), "night", slug],
    queryFn: ({ signal }) => api<EventNight>(`/events/${encodeURIComponent(slug)}/night`, { signal }),
    refetchInterval: (query) => (query.state.data?.door ? DOOR_POLL_MS : false),
  });
}
export const useNight = (slug: string, tournamentId: number | null) => useQuery(nightQueryOptions(slug, tournamentId));
