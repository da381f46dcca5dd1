import { createFileRoute } from "@tanstack/react-router";
import { eventQueryOptions } from "../features/events/api/get-event.ts";
import { NightPage } from "./-components/night-page.tsx";
import { startQuery } from "../lib/routing.ts";

// One page for the night of a LAN (issue 18, item 5).
export const Route = createFileRoute("/events/$slug/night")({
  loader: ({ context, params }) => startQuery(context.queryClient, eventQueryOptions(params.slug)),
  component: NightScreen,
});

function NightScreen() {
  const { slug } = Route.useParams();
  return <NightPage key={slug} slug={slug} />;
}
