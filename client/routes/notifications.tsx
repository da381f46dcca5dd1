import { createFileRoute } from "@tanstack/react-router";
import { BellOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/button.tsx";
import { EmptyState } from "../components/empty-state.tsx";

export const Route = createFileRoute("/notifications")({ component: NotificationsScreen });

/** Real notifications (a followed channel went live, a join approved…) are filled in by issue 6. */
function NotificationsScreen() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <div className="page-header">
        <h1>{t("notifications")}</h1>
        <Button variant="ghost" size="sm" disabled>
          {t("mark_all_read")}
        </Button>
      </div>
      <EmptyState icon={<BellOff size={40} aria-hidden />} title={t("no_notifications")} />
    </main>
  );
}
