import { createFileRoute } from "@tanstack/react-router";
import { liveStreamsQueryOptions } from "../features/discovery/api/discovery.ts";
import { TagPage } from "./-components/tag-page.tsx";
import { startQuery } from "../lib/routing.ts";

export const Route = createFileRoute("/tag/$tagName")({
  loader: ({ context, params }) => startQuery(context.queryClient, liveStreamsQueryOptions({ tag: params.tagName })),
  component: TagScreen,
});

function TagScreen() {
  const { tagName } = Route.useParams();
  return <TagPage key={tagName} tag={tagName} />;
}
