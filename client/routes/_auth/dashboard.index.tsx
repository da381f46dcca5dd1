import { createFileRoute } from "@tanstack/react-router";
import { RoleDashboard } from "./-components/role-dashboard.tsx";
import { dashboardQueryOptions } from "../../features/dashboards/api/get-dashboard.ts";
import { startQuery } from "../../lib/routing.ts";

export const Route = createFileRoute("/_auth/dashboard/")({
  loader: ({ context }) => startQuery(context.queryClient, dashboardQueryOptions()),
  component: RoleDashboard,
});
