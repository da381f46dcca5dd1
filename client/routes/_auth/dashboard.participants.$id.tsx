import { createFileRoute } from "@tanstack/react-router";
import { AdminGate } from "../../features/tournaments/components/admin-gate.tsx";
import { ParticipantsScreen } from "../../features/tournaments/components/participants.tsx";

export const Route = createFileRoute("/_auth/dashboard/participants/$id")({
  component: Screen,
});

function Screen() {
  const id = Number(Route.useParams().id);
  return (
    <AdminGate key={id} id={id}>
      <ParticipantsScreen id={id} />
    </AdminGate>
  );
}
