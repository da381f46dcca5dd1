import { createFileRoute } from "@tanstack/react-router";
import { EventsList } from "../features/events/components/events-list.tsx";
import { categoriesQueryOptions, eventsQueryOptions } from "../features/events/api/get-events.ts";
import { startInfiniteQuery, startQuery } from "../lib/routing.ts";

export const Route = createFileRoute("/events/")({
  loader: ({ context }) => {
    startInfiniteQuery(context.queryClient, eventsQueryOptions());
    startQuery(context.queryClient, categoriesQueryOptions());
  },
  component: EventsList,
});
