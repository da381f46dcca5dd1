import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoon } from "../../components/coming-soon.tsx";

export const Route = createFileRoute("/_auth/create-event")({ component: CreateEventScreen });

function CreateEventScreen() {
  const { t } = useTranslation();
  return <ComingSoon screen={t("screen_create_event")} />;
}
