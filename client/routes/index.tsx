import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "./-components/home-page.tsx";
import { liveStreamsQueryOptions } from "../features/discovery/api/discovery.ts";
import { startQuery } from "../lib/routing.ts";

export const Route = createFileRoute("/")({
  loader: ({ context }) => startQuery(context.queryClient, liveStreamsQueryOptions()),
  component: HomePage,
});
