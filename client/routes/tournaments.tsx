import { createFileRoute } from "@tanstack/react-router";
import { TournamentListScreen } from "../features/tournaments/components/tournament-list.tsx";

export const Route = createFileRoute("/tournaments")({ component: TournamentListScreen });
