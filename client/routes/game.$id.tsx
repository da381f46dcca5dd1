import { createFileRoute } from "@tanstack/react-router";
import { GamePage } from "./-components/game-page.tsx";
import { gameQueryOptions } from "../data/games.ts";
import { idParams, startQuery } from "../lib/routing.ts";

export const Route = createFileRoute("/game/$id")({
  params: idParams("id"),
  loader: ({ context, params }) => startQuery(context.queryClient, gameQueryOptions(params.id)),
  component: GameScreen,
});

function GameScreen() {
  const { id } = Route.useParams();
  return <GamePage key={id} id={id} />;
}
