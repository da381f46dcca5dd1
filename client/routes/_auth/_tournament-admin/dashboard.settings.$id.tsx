import { createFileRoute } from "@tanstack/react-router";
import { tournamentQueryOptions } from "../../../features/tournaments/api/queries.ts";
import { SettingsScreen } from "../../../features/tournaments/components/settings.tsx";
import { WebhooksPanel } from "../../../features/webhooks/components/webhooks-panel.tsx";
import { idParams, startQuery } from "../../../lib/routing.ts";
import { lazy, Suspense } from "react";

// Imported when shown, from this screen's chunk: the fediverse's code stays out of the first load's list of chunks.
const FediverseFollowers = lazy(() => import("../../../features/fediverse/components/fediverse-followers.tsx").then((module) => ({ default: module.FediverseFollowers })));

export const Route = createFileRoute("/_auth/_tournament-admin/dashboard/settings/$id")({
  params: idParams("id"),
  loader: ({ context, params }) => startQuery(context.queryClient, tournamentQueryOptions(params.id)),
  component: Screen,
});

/** The tournament's settings, with its webhooks and its followers on the fediverse in their own tab: this route composes the features. */
function Screen() {
  const { id } = Route.useParams();
  return (
    <SettingsScreen
      key={id}
      id={id}
      integrations={
        <>
          <WebhooksPanel owner={{ scope: "tournament", id }} />
          <Suspense fallback={null}>
            <FediverseFollowers identifier={`tournament-${id}`} kind="tournament" />
          </Suspense>
        </>
      }
    />
  );
}
