import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon.tsx";

export const Route = createFileRoute("/events/")({ component: EventsScreen });

function EventsScreen() {
  const { t } = useTranslation();
  return <ComingSoon screen={t("screen_events")} />;
}
