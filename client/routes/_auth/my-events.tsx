import { createFileRoute } from "@tanstack/react-router";
import { MyEvents } from "../../features/events/components/my-events.tsx";
import { myEventsQueryOptions } from "../../features/events/api/get-events.ts";
import { startQuery } from "../../lib/routing.ts";

export const Route = createFileRoute("/_auth/my-events")({
  loader: ({ context }) => startQuery(context.queryClient, myEventsQueryOptions()),
  component: MyEvents,
});
