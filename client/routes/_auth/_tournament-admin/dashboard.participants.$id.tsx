import { createFileRoute } from "@tanstack/react-router";
import { playersQueryOptions } from "../../../features/tournaments/api/queries.ts";
import { ParticipantsScreen } from "../../../features/tournaments/components/participants.tsx";
import { idParams, startQuery } from "../../../lib/routing.ts";

export const Route = createFileRoute("/_auth/_tournament-admin/dashboard/participants/$id")({
  params: idParams("id"),
  loader: ({ context, params }) => startQuery(context.queryClient, playersQueryOptions(params.id)),
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <ParticipantsScreen key={id} id={id} />;
}
