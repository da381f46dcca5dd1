import { createFileRoute } from "@tanstack/react-router";
import { eventQueryOptions } from "../features/events/api/get-event.ts";
import { EventPage } from "../features/events/components/event-page.tsx";
import { FediverseHandle } from "../features/fediverse/components/fediverse-handle.tsx";
import { startQuery } from "../lib/routing.ts";

export const Route = createFileRoute("/events/$slug/")({
  loader: ({ context, params }) => startQuery(context.queryClient, eventQueryOptions(params.slug)),
  component: EventScreen,
});

function EventScreen() {
  const { slug } = Route.useParams();
  return <EventPage key={slug} slug={slug} renderBelowFacts={(eventId) => <FediverseHandle identifier={`event-${eventId}`} />} />;
}
