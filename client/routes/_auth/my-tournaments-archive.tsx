import { createFileRoute } from "@tanstack/react-router";
import { MyTournamentsScreen } from "../../features/tournaments/components/my-tournaments.tsx";
import { myTournamentsQueryOptions } from "../../features/tournaments/api/queries.ts";
import { startQuery } from "../../lib/routing.ts";

export const Route = createFileRoute("/_auth/my-tournaments-archive")({
  loader: ({ context }) => startQuery(context.queryClient, myTournamentsQueryOptions(true)),
  component: () => <MyTournamentsScreen archive />,
});
