import { Network, Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmbedMessage, SiteLink } from "../../../components/embeds/embed-frame.tsx";
import { Badge } from "../../../components/badge.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useRounds, useStandings, useTournament } from "../api/queries.ts";
import { hasBracket, splitBracket } from "../api/types.ts";
import { useTournamentEvents } from "../api/use-tournament-events.ts";
import { TournamentBracketForStream } from "./bracket-for-stream.tsx";
import { StandingsTable } from "./standings-table.tsx";
import { SwissView } from "./swiss-view.tsx";
import "../../../styles/tournaments.css";
import "../../../i18n/screens/tournaments-ui.ts";
import "../../../i18n/screens/embeds.ts";

/**
 * /embed/tournament/{id} (issue 36, item 3): the tournament's name and state, and its bracket as a viewer sees
 * it under a stream, kept current by the tournament's room (a score set on the site shows here at once).
 */
export function TournamentEmbed({ id }: { id: number }) {
  const { t } = useTranslation("tournaments-ui");
  const { t: te } = useTranslation("embeds");
  useTournamentEvents(id);
  const tournament = useTournament(id);
  if (tournament.data === undefined) {
    if (tournament.isError) return <EmbedMessage icon={<Trophy size={32} aria-hidden />} title={te("not_found")} />;
    return <Skeleton height={240} />;
  }
  const { name, structure, isActive, isFinished } = tournament.data;
  return (
    <div className="embed-card embed-tournament">
      <header className="embed-head">
        <div>
          <div className="t-card-kind">{t(`format_${structure}`)}</div>
          <h1>{name}</h1>
        </div>
        <Badge tone={isFinished ? "neutral" : isActive ? "success" : "warning"}>{isFinished ? t("status_finished") : isActive ? t("status_started") : t("status_pending")}</Badge>
        <SiteLink path={`/tournament/${id}`} text="open_on_site" />
      </header>
      <EmbeddedBracket id={id} structure={structure} isActive={isActive} isFinished={isFinished} />
    </div>
  );
}

function EmbeddedBracket({ id, structure, isActive, isFinished }: { id: number; structure: string; isActive: boolean; isFinished: boolean }) {
  const { t } = useTranslation("embeds");
  const rounds = useRounds(id);
  const standings = useStandings(id, structure === "robin" && (isActive || isFinished));
  if (rounds.data === undefined) return <QueryState query={rounds} pending={<Skeleton height={200} />} />;
  if (!hasBracket(rounds.data.data)) return <EmbedMessage icon={<Network size={32} aria-hidden />} title={t("no_bracket")} />;
  if (structure === "swiss") return <SwissView rounds={splitBracket(rounds.data.data).winners} tournamentId={id} isAdmin={false} />;
  if (structure === "robin") {
    return (
      <QueryState query={standings} pending={<Skeleton height={160} />}>
        {(rows) => <StandingsTable rows={rows} finished={isFinished} />}
      </QueryState>
    );
  }
  return <TournamentBracketForStream tournamentId={id} />;
}
