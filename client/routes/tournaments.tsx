import { createFileRoute } from "@tanstack/react-router";
import { TournamentListScreen } from "../features/tournaments/components/tournament-list.tsx";
import { tournamentsQueryOptions } from "../features/tournaments/api/queries.ts";
import { startQuery } from "../lib/routing.ts";

export const Route = createFileRoute("/tournaments")({
  loader: ({ context }) => startQuery(context.queryClient, tournamentsQueryOptions()),
  component: TournamentListScreen,
});
