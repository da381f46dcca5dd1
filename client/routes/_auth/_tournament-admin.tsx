import { createFileRoute, Outlet, useParams } from "@tanstack/react-router";
import { isAdminQueryOptions } from "../../features/tournaments/api/queries.ts";
import { AdminGate } from "../../features/tournaments/components/admin-gate.tsx";
import { startQuery } from "../../lib/routing.ts";
import { sessionStore } from "../../data/session.ts";

/**
 * The organiser's screens of one tournament (/dashboard/$id, its participants, its settings) sit
 * under this one gate: drawn only once is-admin answers true (spec 02 §6).
 */
export const Route = createFileRoute("/_auth/_tournament-admin")({
  loader: ({ context, params }) => {
    const id = tournamentIdOf(params);
    if (id !== null) startQuery(context.queryClient, isAdminQueryOptions(id, sessionStore.get().user?.id ?? null));
  },
  component: TournamentAdminLayout,
});

/** The child screen's id: each parses its own `$id`, and a layout's params carry its children's. */
function tournamentIdOf(params: object): number | null {
  return "id" in params && typeof params.id === "number" ? params.id : null;
}

function TournamentAdminLayout() {
  const id = useParams({ strict: false, select: tournamentIdOf });
  if (id === null) return null;
  return (
    <AdminGate key={id} id={id}>
      <Outlet />
    </AdminGate>
  );
}
