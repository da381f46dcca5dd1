import { Link } from "@tanstack/react-router";
import { Gamepad2 } from "lucide-react";
import { useState } from "react";
import type { Replay } from "../api/replays.ts";

/** The replay's game, with its icon (a gamepad when it has none), linking to /game/{id}. */
export function GameChip({ game, small = false }: { game: NonNullable<Replay["stream_games"]>; small?: boolean }) {
  const [failed, setFailed] = useState(false);
  const size = small ? 16 : 20;
  return (
    <Link to="/game/$id" params={{ id: game.id }} className={small ? "game-chip game-chip-sm" : "game-chip"}>
      {game.icon && !failed ? <img src={game.icon} alt="" width={size} height={size} onError={() => setFailed(true)} /> : <Gamepad2 size={size} aria-hidden />}
      <span>{game.name}</span>
    </Link>
  );
}
