import { createFileRoute } from "@tanstack/react-router";
import { eventQueryOptions } from "../../features/events/api/get-event.ts";
import { EditEventPage } from "../../features/events/components/event-form-pages.tsx";
import { startQuery } from "../../lib/routing.ts";
import { TournamentSelect } from "./-components/event-form-screens.tsx";

export const Route = createFileRoute("/_auth/events/$slug/edit")({
  loader: ({ context, params }) => startQuery(context.queryClient, eventQueryOptions(params.slug)),
  component: EditEventScreen,
});

function EditEventScreen() {
  const { slug } = Route.useParams();
  return <EditEventPage key={slug} slug={slug} TournamentSelect={TournamentSelect} />;
}
