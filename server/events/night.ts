import { assertCanSeeEvent, canManageEvent } from "../access/policy.ts";
import type { AppDeps } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";
import type { User } from "../../db/types.ts";
import { rounds } from "../tournaments/queries.ts";
import type { Round } from "../tournaments/schemas.ts";
import { listStations } from "../tournaments/stations.ts";
import type { EventNight } from "./schemas.ts";
import { doorCount } from "./seats.ts";

/** How many of the matches still to play the page lists: the next hour or two of a LAN's evening. */
const NEXT_MATCHES = 8;

/**
 * One page for the night (issue 18, item 5): the event's tournament (the link the event form already
 * sets, event.tournament_id) with its stations, so the matches in progress and their streams; the
 * matches that come next; and, for the organiser only, the door count. An event with no tournament
 * answers with its door count alone.
 */
export async function eventNight(deps: AppDeps, slug: string, viewer: User | undefined): Promise<EventNight> {
  const event = await deps.db.selectFrom("event").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!event) throw new NotFoundError("event_not_found");
  await assertCanSeeEvent(deps.db, event, viewer);
  const door = canManageEvent(viewer, event) ? await doorCount(deps.db, event) : null;
  const tournament = event.tournament_id === null ? undefined : await deps.db.selectFrom("tournament").selectAll().where("id", "=", event.tournament_id).executeTakeFirst();
  if (!tournament) return { tournament: null, autoAssign: false, stations: [], next: [], door };
  const { autoAssign, stations } = await listStations(deps, tournament.id);
  const { data } = await rounds(deps, tournament.id);
  return {
    tournament: {
      id: tournament.id,
      name: tournament.name,
      structure: tournament.structure,
      started: tournament.is_active === 1,
      finished: tournament.finished_at !== null,
    },
    autoAssign,
    stations,
    next: nextMatches(Array.isArray(data) ? data : [...data.winnerBracket, ...data.LoserBracket]),
    door,
  };
}

/** The matches whose players are known and that nobody plays yet, round by round, with their round's name. */
function nextMatches(allRounds: Round[]): EventNight["next"] {
  return allRounds
    .flatMap((round) => round.seeds.map((match) => ({ round: round.title, match })))
    .filter(({ match }) => !match.finished && !match.playing && match.teams.every((team) => team.playerID !== null))
    .slice(0, NEXT_MATCHES);
}
