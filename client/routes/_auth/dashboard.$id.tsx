import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoon } from "../../components/coming-soon.tsx";

export const Route = createFileRoute("/_auth/dashboard/$id")({ component: TournamentDashboardScreen });

function TournamentDashboardScreen() {
  const { t } = useTranslation();
  return <ComingSoon screen={t("screen_tournament_dashboard")} />;
}
