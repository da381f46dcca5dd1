import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { tournamentPageQueryOptions } from "../features/tournaments/api/queries.ts";
import { TOURNAMENT_TABS, type TournamentTab, TournamentScreen } from "../features/tournaments/components/tournament-page.tsx";
import { idParams, startQuery } from "../lib/routing.ts";

// The open tab lives in the address (?tab=brackets), so a link or a reload lands on it; "about" is the bare address.
const TournamentSearchSchema = z.object({
  tab: z.enum(TOURNAMENT_TABS).exclude(["about"]).optional().catch(undefined),
});

export const Route = createFileRoute("/tournament/$id")({
  params: idParams("id"),
  validateSearch: TournamentSearchSchema,
  // The public page counts a view: a hover alone must not, so only the visit itself starts it.
  loader: ({ context, params, preload }) => (preload ? undefined : startQuery(context.queryClient, tournamentPageQueryOptions(params.id))),
  component: TournamentRoute,
});

function TournamentRoute() {
  const { id } = Route.useParams();
  const { tab = "about" } = Route.useSearch();
  const navigate = Route.useNavigate();
  const selectTab = (next: TournamentTab) => void navigate({ search: next === "about" ? {} : { tab: next }, replace: true });
  return <TournamentScreen key={id} id={id} tab={tab} onTabChange={selectTab} />;
}
