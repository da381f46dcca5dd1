import { Link } from "@tanstack/react-router";
import { Eye, Settings, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { toast } from "../../../lib/ui.ts";
import { useStartTournament } from "../api/mutations.ts";
import { usePlayers, useRounds, useTournament } from "../api/queries.ts";
import { useTournamentEvents } from "../api/use-tournament-events.ts";
import { canStartWith } from "../../../../shared/tournaments.ts";
import { pendingProgress, setupProgress } from "../lib/format.ts";
import { SeedingCard } from "./seeding-card.tsx";
import "../../../styles/tournaments.css";
import "../../../i18n/screens/tournaments-ui.ts";
import "../../../i18n/screens/tournaments.ts";

function Progress({ label, value }: { label: string; value: number }) {
  return (
    <div className="t-progress">
      <div className="t-progress-head">
        <span>{label}</span>
        <span className="tabular">{value}%</span>
      </div>
      <div className="t-progress-track" role="progressbar" aria-label={label} aria-valuenow={value} aria-valuemin={0} aria-valuemax={100}>
        <span style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

export function TournamentDashboard({ id }: { id: number }) {
  const { t } = useTranslation("tournaments-ui");
  useTournamentEvents(id);
  const tournament = useTournament(id);
  const rounds = useRounds(id);
  const start = useStartTournament(id);
  const players = usePlayers(id);
  if (tournament.data === undefined)
    return (
      <main className="page">
        <QueryState page query={tournament} pending={<Skeleton height={240} />} />
      </main>
    );
  const data = tournament.data;
  const canStart = !data.isActive && !data.isFinished && canStartWith({ structure: data.structure, size: data.size, hasCheckIn: data.checkInClosesAt !== null }, data.numberOfPlayers);
  const running = data.isActive ? (rounds.data?.progress ?? 0) : 0;
  const onStart = (seeding?: number[]) =>
    start.mutate(seeding, {
      // Spec 02 §8: the app's own words both ways, whatever the server said.
      onSuccess: () => toast.success(t("tournaments:tournament_started")),
      onError: () => toast.error(t("start_failed")),
    });
  return (
    <main className="page t-dashboard">
      <header className="page-header">
        <div>
          <div className="t-card-kind">{t(`format_${data.structure}`)}</div>
          <h1>{data.name}</h1>
        </div>
        <div className="row">
          {canStart ? (
            <Button onClick={() => onStart()} busy={start.isPending}>
              {t("start_tournament")}
            </Button>
          ) : (
            <Badge tone={data.isFinished ? "neutral" : data.isActive ? "success" : "warning"}>
              {data.isFinished ? t("status_finished") : data.isActive ? t("status_started") : t("status_pending")}
            </Badge>
          )}
          <Link className="btn btn-secondary" to="/tournament/$id" params={{ id }}>
            <Eye size={16} aria-hidden /> {t("preview")}
          </Link>
        </div>
      </header>
      <div className="t-dash-grid">
        <Link className="t-dash-card" to="/dashboard/settings/$id" params={{ id }}>
          <h2>
            <Settings size={18} aria-hidden /> {t("progress")}
          </h2>
          <Progress label={t("progress_setup")} value={setupProgress(data)} />
          <Progress label={t("progress_pending")} value={pendingProgress(data.numberOfPlayers, data.size)} />
          <Progress label={t("progress_running")} value={running} />
        </Link>
        <Link className="t-dash-card" to="/dashboard/participants/$id" params={{ id }}>
          <h2>
            <Users size={18} aria-hidden /> {t("participants")}
          </h2>
          <p className="t-big tabular">
            {data.numberOfPlayers} / {data.size}
          </p>
          <p className="muted small">{t("participants_hint")}</p>
        </Link>
        {canStart && players.data ? (
          <SeedingCard
            key={players.data.length}
            players={players.data.filter((player) => player.status === "approved" && (!data.checkInClosesAt || player.checkedIn))}
            starting={start.isPending}
            onStart={onStart}
          />
        ) : null}
      </div>
    </main>
  );
}
