import { createFileRoute, redirect } from "@tanstack/react-router";
import { type AdminTab, isAdminTab } from "../../features/admin/admin-tabs.ts";
import { AdminPage } from "../../features/admin/components/admin-page.tsx";
import { sessionStore } from "../../data/session.ts";
import { WebhooksPanel } from "../../features/webhooks/components/webhooks-panel.tsx";

/** /admin: admins only. The page is hidden from others here; the server refuses every console call to them anyway. */
export const Route = createFileRoute("/_auth/admin")({
  beforeLoad: () => {
    if (sessionStore.get().user?.role !== "admin") throw redirect({ to: "/forbidden" });
  },
  // ?tab=machine or ?tab=audit opens that tab (links from elsewhere, screenshots).
  validateSearch: (search: Record<string, unknown>): { tab?: AdminTab } => (isAdminTab(search.tab) ? { tab: search.tab } : {}),
  component: AdminRoute,
});

function AdminRoute() {
  const { tab } = Route.useSearch();
  return <AdminPage initialTab={tab} webhooks={<WebhooksPanel owner={{ scope: "site" }} />} />;
}
