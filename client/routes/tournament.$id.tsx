import { createFileRoute } from "@tanstack/react-router";
import { TournamentScreen } from "../features/tournaments/components/tournament-page.tsx";

export const Route = createFileRoute("/tournament/$id")({
  component: TournamentRoute,
});

function TournamentRoute() {
  const id = Number(Route.useParams().id);
  return <TournamentScreen key={id} id={id} />;
}
