import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoon } from "../../components/coming-soon.tsx";

export const Route = createFileRoute("/_auth/events/$slug/manage")({ component: ManageEventScreen });

function ManageEventScreen() {
  const { t } = useTranslation();
  return <ComingSoon screen={t("screen_manage_event")} />;
}
