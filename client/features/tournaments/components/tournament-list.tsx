import { useTranslation } from "react-i18next";
import { CardSkeleton } from "../../../components/skeleton.tsx";
import { useTournaments } from "../api/queries.ts";
import { TournamentCard } from "./tournament-card.tsx";
import "../../../styles/tournaments.css";
import "../../../i18n/screens/tournaments-ui.ts";

export function TournamentListScreen() {
  const { t } = useTranslation("tournaments-ui");
  const list = useTournaments();
  return (
    <main className="page">
      <header className="page-header">
        <h1>{t("tournaments")}</h1>
      </header>
      {list.isPending ? (
        <>
          <p className="muted" role="status">
            {t("loading_tournaments")}
          </p>
          <div className="t-grid" aria-hidden>
            {Array.from({ length: 6 }, (_, i) => (
              <CardSkeleton key={i} />
            ))}
          </div>
        </>
      ) : list.isError ? (
        <p className="t-error" role="alert">
          {t("list_failed")}
        </p>
      ) : list.data.length === 0 ? (
        <p className="muted t-empty">{t("no_tournaments")}</p>
      ) : (
        <div className="t-grid">
          {list.data.map((tournament) => (
            <TournamentCard key={tournament.id} tournament={tournament} />
          ))}
        </div>
      )}
    </main>
  );
}
