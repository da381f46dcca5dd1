import { eventPlace } from "./events/seats.ts";
import type { PlaceKinds } from "./http/context.ts";
import { tournamentPlace } from "./tournaments/records.ts";
import { wirePlaceKinds } from "./waitlist/places/offers.ts";

/**
 * The waiting list's places, wired where the app's dependencies are assembled (server/server.ts, and every
 * other builder of AppDeps): each domain that owns seats gives its reader here, none registers itself on import.
 */
export function placeKinds(): PlaceKinds {
  return wirePlaceKinds({ event: eventPlace, tournament: tournamentPlace });
}
