import { CreateEventPage } from "../../../features/events/components/event-form-pages.tsx";
import { useTournaments } from "../../../features/tournaments/api/queries.ts";

/**
 * The event form's tournament choices: the tournaments feature's list (one cache with /tournaments). It mounts only
 * while the tournament category is chosen, so the list is read only then.
 */
export function TournamentOptions() {
  const tournaments = useTournaments();
  return (tournaments.data ?? []).map((tournament) => (
    <option key={tournament.id} value={tournament.id}>
      {tournament.name}
    </option>
  ));
}

/** /events/create and /create-event. */
export const CreateEventScreen = () => <CreateEventPage tournamentOptions={<TournamentOptions />} />;
