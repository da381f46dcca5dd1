import { createFileRoute } from "@tanstack/react-router";
import { ReplayPage } from "../features/replays/components/replay-page.tsx";

export const Route = createFileRoute("/replay/$replayId")({ component: ReplayScreen });

function ReplayScreen() {
  const id = Number(Route.useParams().replayId);
  return <ReplayPage key={id} replayId={id} />;
}
