import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoon } from "../../components/coming-soon.tsx";

export const Route = createFileRoute("/_auth/my-tournaments-archive")({ component: MyTournamentsArchiveScreen });

function MyTournamentsArchiveScreen() {
  const { t } = useTranslation();
  return <ComingSoon screen={t("screen_my_tournaments_archive")} />;
}
