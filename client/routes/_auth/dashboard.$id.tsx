import { createFileRoute } from "@tanstack/react-router";
import { AdminGate } from "../../features/tournaments/components/admin-gate.tsx";
import { TournamentDashboard } from "../../features/tournaments/components/dashboard.tsx";

export const Route = createFileRoute("/_auth/dashboard/$id")({
  component: Screen,
});

function Screen() {
  const id = Number(Route.useParams().id);
  return (
    <AdminGate key={id} id={id}>
      <TournamentDashboard id={id} />
    </AdminGate>
  );
}
