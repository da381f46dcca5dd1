import { createFileRoute } from "@tanstack/react-router";
import { AdminGate } from "../../features/tournaments/components/admin-gate.tsx";
import { SettingsScreen } from "../../features/tournaments/components/settings.tsx";

export const Route = createFileRoute("/_auth/dashboard/settings/$id")({
  component: Screen,
});

function Screen() {
  const id = Number(Route.useParams().id);
  return (
    <AdminGate key={id} id={id}>
      <SettingsScreen id={id} />
    </AdminGate>
  );
}
