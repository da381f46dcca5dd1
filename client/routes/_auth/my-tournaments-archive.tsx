import { createFileRoute } from "@tanstack/react-router";
import { MyTournamentsScreen } from "../../features/tournaments/components/my-tournaments.tsx";

export const Route = createFileRoute("/_auth/my-tournaments-archive")({ component: () => <MyTournamentsScreen archive /> });
