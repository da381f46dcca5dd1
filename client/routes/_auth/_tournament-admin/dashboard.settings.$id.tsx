import { createFileRoute } from "@tanstack/react-router";
import { tournamentQueryOptions } from "../../../features/tournaments/api/queries.ts";
import { SettingsScreen } from "../../../features/tournaments/components/settings.tsx";
import { WebhooksPanel } from "../../../features/webhooks/components/webhooks-panel.tsx";
import { FediverseFollowers } from "../../../features/fediverse/components/fediverse-followers.tsx";
import { idParams, startQuery } from "../../../lib/routing.ts";

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
          <FediverseFollowers identifier={`tournament-${id}`} kind="tournament" />
        </>
      }
    />
  );
}
