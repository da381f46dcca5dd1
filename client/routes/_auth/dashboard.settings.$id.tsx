import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoon } from "../../components/coming-soon.tsx";

export const Route = createFileRoute("/_auth/dashboard/settings/$id")({ component: TournamentSettingsScreen });

function TournamentSettingsScreen() {
  const { t } = useTranslation();
  return <ComingSoon screen={t("screen_tournament_settings")} />;
}
