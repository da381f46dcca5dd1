import type { SelectHTMLAttributes } from "react";
import { CreateEventPage } from "../../../features/events/components/event-form-pages.tsx";
import { useTournaments } from "../../../features/tournaments/api/queries.ts";

/**
 * The event form's tournament picker: the tournaments feature's list (one cache with /tournaments) after the form's
 * own options. It mounts only while the tournament category is chosen, so the list is read only then; the options
 * and the `<select>` render together, so the saved choice is selected once the list arrives.
 */
export function TournamentSelect({ children, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  const tournaments = useTournaments();
  return (
    <select {...props}>
      {children}
      {(tournaments.data ?? []).map((tournament) => (
        <option key={tournament.id} value={tournament.id}>
          {tournament.name}
        </option>
      ))}
    </select>
  );
}

/** /events/create and /create-event. */
export const CreateEventScreen = () => <CreateEventPage TournamentSelect={TournamentSelect} />;
