import { Link } from "@tanstack/react-router";
import clsx from "clsx";
import { useState } from "react";
import { Skeleton } from "../../../components/skeleton.tsx";
import type { GameResponse as Game } from "../../../../server/games/schemas.ts";

/** A game as a portrait tile linking to its page (spec 01 §2: game cards link to the game by id). */
export function GameCard({ game }: { game: Game }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <Link to="/game/$id" params={{ id: game.id }} className={clsx("game-card", !loaded && "game-card-loading")}>
      <span className="game-card-art">
        {!loaded ? <Skeleton height="100%" radius={0} style={{ position: "absolute", inset: 0 }} /> : null}
        <img src={game.portraitImage} alt="" loading="lazy" onLoad={() => setLoaded(true)} onError={() => setLoaded(true)} />
      </span>
      <span className="game-card-name">{game.name}</span>
    </Link>
  );
}
