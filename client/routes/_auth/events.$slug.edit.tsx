import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoon } from "../../components/coming-soon.tsx";

export const Route = createFileRoute("/_auth/events/$slug/edit")({ component: EditEventScreen });

function EditEventScreen() {
  const { t } = useTranslation();
  return <ComingSoon screen={t("screen_edit_event")} />;
}
