import { createFileRoute } from "@tanstack/react-router";
import { eventQueryOptions } from "../../features/events/api/get-event.ts";
import { ManageEvent } from "../../features/events/components/manage-event.tsx";
import { WebhooksPanel } from "../../features/webhooks/components/webhooks-panel.tsx";
import { FediverseFollowers } from "../../features/fediverse/components/fediverse-followers.tsx";
import { startQuery } from "../../lib/routing.ts";

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
          <FediverseFollowers identifier={`event-${id}`} kind="event" />
        </>
      )}
    />
  );
}
