import { createFileRoute } from "@tanstack/react-router";
import { RoleDashboard } from "../../features/dashboards/components/role-dashboard.tsx";

export const Route = createFileRoute("/_auth/dashboard/")({ component: RoleDashboard });
