import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { CreateTournamentForm } from "../../features/tournaments/components/create-tournament-form.tsx";

export const Route = createFileRoute("/_auth/create-tournament")({ component: CreateTournamentScreen });

// Its "tournaments-ui" texts come with the form's module (a route file's bare imports would stay in the first load).
function CreateTournamentScreen() {
  const { t } = useTranslation("tournaments-ui");
  return (
    <main className="page">
      <header className="page-header">
        <h1>{t("create_title")}</h1>
      </header>
      <CreateTournamentForm />
    </main>
  );
}
