import { createFileRoute } from "@tanstack/react-router";
import { GamePage } from "../features/discovery/components/game-page.tsx";

export const Route = createFileRoute("/game/$id")({ component: GameScreen });

function GameScreen() {
  const id = Number(Route.useParams().id);
  return <GamePage key={id} id={id} />;
}
