import { Link } from "@tanstack/react-router";
import { Archive, Plus, Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { CardSkeleton } from "../../../components/skeleton.tsx";
import { useMyTournaments } from "../api/queries.ts";
import { ARCHIVE_PLACEHOLDERS, padCount } from "../lib/format.ts";
import { TournamentCard } from "./tournament-card.tsx";
import "../../../styles/tournaments.css";
import "../../../i18n/screens/tournaments-ui.ts";

export function MyTournamentsScreen({ archive }: { archive: boolean }) {
  const { t } = useTranslation("tournaments-ui");
  const list = useMyTournaments(archive);
  return (
    <main className="page">
      <header className="page-header">
        <h1>
          {archive ? t("my_tournaments_archive") : t("my_tournaments")} {list.data ? <span className="muted tabular">({padCount(list.data.length)})</span> : null}
        </h1>
        <div className="row">
          <Link className="btn btn-primary" to="/create-tournament">
            <Plus size={16} aria-hidden /> {t("create_short")}
          </Link>
          {archive ? (
            <Link className="btn btn-secondary" to="/my-tournaments">
              {t("my_tournaments")}
            </Link>
          ) : (
            <Link className="btn btn-secondary" to="/my-tournaments-archive">
              <Archive size={16} aria-hidden /> {t("archive")}
            </Link>
          )}
        </div>
      </header>
      <QueryState
        query={list}
        pending={
          <div className="t-grid">
            {Array.from({ length: ARCHIVE_PLACEHOLDERS }, (_, i) => (
              <CardSkeleton key={i} />
            ))}
          </div>
        }
      >
        {(tournaments) =>
          tournaments.length === 0 ? (
            <EmptyState
              icon={<Trophy size={40} aria-hidden />}
              title={archive ? t("archive_empty") : t("mine_empty")}
              action={
                archive ? undefined : (
                  <Link className="btn btn-primary" to="/create-tournament">
                    {t("create")}
                  </Link>
                )
              }
            />
          ) : (
            <div className="t-grid">
              {tournaments.map((tournament) => (
                <TournamentCard key={tournament.id} tournament={tournament} to="dashboard" />
              ))}
            </div>
          )
        }
      </QueryState>
    </main>
  );
}
