import { createFileRoute } from "@tanstack/react-router";
import { MyTournamentsScreen } from "../../features/tournaments/components/my-tournaments.tsx";

export const Route = createFileRoute("/_auth/my-tournaments")({ component: () => <MyTournamentsScreen archive={false} /> });
