import { createFileRoute } from "@tanstack/react-router";
import { eventQueryOptions } from "../../features/events/api/get-event.ts";
import { ManageEvent } from "../../features/events/components/manage-event.tsx";
import { WebhooksPanel } from "../../features/webhooks/components/webhooks-panel.tsx";
import { startQuery } from "../../lib/routing.ts";
import { lazy, Suspense } from "react";

// Imported when shown, from this screen's chunk: the fediverse's code stays out of the first load's list of chunks.
const FediverseFollowers = lazy(() => import("../../features/fediverse/components/fediverse-followers.tsx").then((module) => ({ default: module.FediverseFollowers })));

export const Route = createFileRoute("/_auth/events/$slug/manage")({
  loader: ({ context, params }) => startQuery(context.queryClient, eventQueryOptions(params.slug)),
  component: ManageScreen,
});

function ManageScreen() {
  const { slug } = Route.useParams();
  return (
    <ManageEvent
      key={slug}
      slug={slug}
      integrations={(id) => (
        <>
          <WebhooksPanel owner={{ scope: "event", id }} />
          <Suspense fallback={null}>
            <FediverseFollowers identifier={`event-${id}`} kind="event" />
          </Suspense>
        </>
      )}
    />
  );
}
