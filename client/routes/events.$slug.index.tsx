import { createFileRoute } from "@tanstack/react-router";
import { eventQueryOptions } from "../features/events/api/get-event.ts";
import { EventPage } from "../features/events/components/event-page.tsx";
import { startQuery } from "../lib/routing.ts";
import { lazy, Suspense } from "react";

// Imported when shown, from this page's chunk: the fediverse's code stays out of the first load's list of chunks.
const FediverseHandle = lazy(() => import("../features/fediverse/components/fediverse-handle.tsx").then((module) => ({ default: module.FediverseHandle })));

export const Route = createFileRoute("/events/$slug/")({
  loader: ({ context, params }) => startQuery(context.queryClient, eventQueryOptions(params.slug)),
  component: EventScreen,
});

function EventScreen() {
  const { slug } = Route.useParams();
  return (
    <EventPage
      key={slug}
      slug={slug}
      renderBelowFacts={(eventId) => (
        <Suspense fallback={null}>
          <FediverseHandle identifier={`event-${eventId}`} />
        </Suspense>
      )}
    />
  );
}
