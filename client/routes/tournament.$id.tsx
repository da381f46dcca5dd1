import { createFileRoute } from "@tanstack/react-router";
import { tournamentPageQueryOptions } from "../features/tournaments/api/queries.ts";
import { TournamentScreen } from "../features/tournaments/components/tournament-page.tsx";
import { type TournamentTab, validateTournamentSearch } from "../features/tournaments/lib/tabs.ts";
import { idParams, startQuery } from "../lib/routing.ts";
import { FediverseHandle } from "../features/fediverse/components/fediverse-handle.tsx";
import { MatchReplays } from "./-components/match-replays.tsx";

export const Route = createFileRoute("/tournament/$id")({
  params: idParams("id"),
  // The open tab lives in the address, so a link or a reload lands on it.
  validateSearch: validateTournamentSearch,
  // The public page counts a view: a hover alone must not, so only the visit itself starts it.
  loader: ({ context, params, preload }) => (preload ? undefined : startQuery(context.queryClient, tournamentPageQueryOptions(params.id))),
  component: TournamentRoute,
});

function TournamentRoute() {
  const { id } = Route.useParams();
  const { tab = "about" } = Route.useSearch();
  const navigate = Route.useNavigate();
  const selectTab = (next: TournamentTab) => void navigate({ search: next === "about" ? {} : { tab: next }, replace: true });
  return (
    <TournamentScreen
      key={id}
      id={id}
      tab={tab}
      onTabChange={selectTab}
      below={
        <>
          <FediverseHandle identifier={`tournament-${id}`} />
          <MatchReplays tournamentId={id} />
        </>
      }
    />
  );
}
