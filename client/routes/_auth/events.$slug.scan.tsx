import { createFileRoute } from "@tanstack/react-router";
import { eventQueryOptions } from "../../features/events/api/get-event.ts";
import { DoorScanner } from "../../features/events/components/door-scanner.tsx";
import { startQuery } from "../../lib/routing.ts";

export const Route = createFileRoute("/_auth/events/$slug/scan")({
  loader: ({ context, params }) => startQuery(context.queryClient, eventQueryOptions(params.slug)),
  component: ScanScreen,
});

function ScanScreen() {
  const { slug } = Route.useParams();
  return <DoorScanner key={slug} slug={slug} />;
}
