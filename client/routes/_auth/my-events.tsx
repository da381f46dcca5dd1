import { createFileRoute } from "@tanstack/react-router";
import { MyEvents } from "../../features/events/components/my-events.tsx";
import { myEventsQueryOptions } from "../../features/events/api/get-events.ts";
import { startInfiniteQuery } from "../../lib/routing.ts";

export const Route = createFileRoute("/_auth/my-events")({
  loader: ({ context }) => startInfiniteQuery(context.queryClient, myEventsQueryOptions()),
  component: MyEvents,
});
