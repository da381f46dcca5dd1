import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state.tsx";
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
      <QueryState
        query={list}
        loadingText={t("loading_tournaments")}
        pending={
          <div className="t-grid">
            {Array.from({ length: 6 }, (_, i) => (
              <CardSkeleton key={i} />
            ))}
          </div>
        }
        failure={t("list_failed")}
      >
        {(tournaments) =>
          tournaments.length === 0 ? (
            <p className="muted t-empty">{t("no_tournaments")}</p>
          ) : (
            <div className="t-grid">
              {tournaments.map((tournament) => (
                <TournamentCard key={tournament.id} tournament={tournament} />
              ))}
            </div>
          )
        }
      </QueryState>
    </main>
  );
}
