import { createFileRoute } from "@tanstack/react-router";
import { tournamentQueryOptions } from "../../../features/tournaments/api/queries.ts";
import { TournamentDashboard } from "../../../features/tournaments/components/dashboard.tsx";
import { idParams, startQuery } from "../../../lib/routing.ts";

export const Route = createFileRoute("/_auth/_tournament-admin/dashboard/$id")({
  params: idParams("id"),
  loader: ({ context, params }) => startQuery(context.queryClient, tournamentQueryOptions(params.id)),
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <TournamentDashboard key={id} id={id} />;
}
