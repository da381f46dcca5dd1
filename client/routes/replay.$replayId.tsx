import { createFileRoute } from "@tanstack/react-router";
import { ClipButton } from "../features/clips/components/clip-button.tsx";
import { replayQueryOptions } from "../features/replays/api/replays.ts";
import { ReplayPage } from "../features/replays/components/replay-page.tsx";
import { idParams, startQuery } from "../lib/routing.ts";

export const Route = createFileRoute("/replay/$replayId")({
  params: idParams("replayId"),
  // Reading a replay counts a view: a hover alone must not, so only the visit itself starts it.
  loader: ({ context, params, preload }) => (preload ? undefined : startQuery(context.queryClient, replayQueryOptions(params.replayId))),
  component: ReplayScreen,
});

function ReplayScreen() {
  const { replayId } = Route.useParams();
  return (
    <ReplayPage
      key={replayId}
      replayId={replayId}
      renderActions={(replay) =>
        replay.duration && replay.duration >= 5 ? <ClipButton target={{ kind: "replay", replayId: replay.id, duration: replay.duration, position: playerPosition }} /> : null
      }
    />
  );
}

/** Where the page's player is now: the clip dialog starts its range there. */
function playerPosition(): number {
  return document.querySelector<HTMLVideoElement>(".replay-stage video")?.currentTime ?? 0;
}
