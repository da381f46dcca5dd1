import { createFileRoute } from "@tanstack/react-router";
import { clipQueryOptions } from "../features/clips/api/clips.ts";
import { ClipPage } from "../features/clips/components/clip-page.tsx";
import { idParams, startQuery } from "../lib/routing.ts";

export const Route = createFileRoute("/clip/$clipId")({
  params: idParams("clipId"),
  // Reading a ready clip counts a view: a hover alone must not, so only the visit itself starts it.
  loader: ({ context, params, preload }) => (preload ? undefined : startQuery(context.queryClient, clipQueryOptions(params.clipId))),
  component: ClipScreen,
});

function ClipScreen() {
  const { clipId } = Route.useParams();
  return <ClipPage key={clipId} clipId={clipId} />;
}
