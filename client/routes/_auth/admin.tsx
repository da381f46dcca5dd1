import { createFileRoute, redirect } from "@tanstack/react-router";
import { AdminPage } from "../../features/admin/components/admin-page.tsx";
import { sessionStore } from "../../lib/session.ts";

/** /admin: admins only. The page is hidden from others here; the server refuses every console call to them anyway. */
export const Route = createFileRoute("/_auth/admin")({
  beforeLoad: () => {
    if (sessionStore.get().user?.role !== "admin") throw redirect({ to: "/forbidden" });
  },
  component: AdminPage,
});
