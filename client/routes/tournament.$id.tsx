import { createFileRoute } from "@tanstack/react-router";
import { tournamentPageQueryOptions } from "../features/tournaments/api/queries.ts";
import { TournamentScreen } from "../features/tournaments/components/tournament-page.tsx";
import { type TournamentTab, validateTournamentSearch } from "../features/tournaments/lib/tabs.ts";
import { idParams, startQuery } from "../lib/routing.ts";
import { MatchReplays } from "./-components/match-replays.tsx";
import { lazy, Suspense } from "react";

// Imported when shown, from this page's chunk: the fediverse's code stays out of the first load's list of chunks.
const FediverseHandle = lazy(() => import("../features/fediverse/components/fediverse-handle.tsx").then((module) => ({ default: module.FediverseHandle })));

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
          <Suspense fallback={null}>
            <FediverseHandle identifier={`tournament-${id}`} />
          </Suspense>
          <MatchReplays tournamentId={id} />
        </>
      }
    />
  );
}
