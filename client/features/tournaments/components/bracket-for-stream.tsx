import { Link } from "@tanstack/react-router";
import { Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useRounds, useStreamerTournament } from "../api/queries.ts";
import { hasBracket, splitBracket } from "../api/types.ts";
import { useTournamentEvents } from "../api/use-tournament-events.ts";
import { BracketView } from "./bracket-view.tsx";
import { DoubleBracket } from "./double-bracket.tsx";
import { BracketScroll } from "./bracket-scroll.tsx";
import "../../../i18n/screens/tournaments-ui.ts";

/** Layout 4: the viewer-only bracket under a stream, winners and losers side by side while they fit, no admin controls. */
export function TournamentBracketForStream({ tournamentId }: { tournamentId: number }) {
  const { t } = useTranslation("tournaments-ui");
  useTournamentEvents(tournamentId);
  const rounds = useRounds(tournamentId);
  if (!rounds.data || !hasBracket(rounds.data.data)) return null;
  const { winners, losers } = splitBracket(rounds.data.data);
  const structure = rounds.data.structure;
  return (
    <section className="stream-bracket" aria-label={t("brackets")}>
      {structure === "d_elim" ? (
        <DoubleBracket winners={winners} losers={losers} tournamentId={tournamentId} structure={structure} isAdmin={false} readOnly compact wrap />
      ) : (
        <BracketScroll label={t("brackets")}>
          <BracketView rounds={winners} tournamentId={tournamentId} structure={structure} isAdmin={false} readOnly compact />
        </BracketScroll>
      )}
    </section>
  );
}

/**
 * Under a streamer's stream: the bracket of the tournament they run (the active one first), with a
 * link to its page; nothing when they run none or it has not started.
 */
export function StreamerTournament({ streamerId }: { streamerId: number }) {
  const { t } = useTranslation("tournaments-ui");
  const tournament = useStreamerTournament(streamerId);
  if (!tournament.data) return null;
  const { id, name } = tournament.data;
  return (
    <section className="stream-tournament" aria-labelledby={`stream-tournament-${id}`}>
      <h2 id={`stream-tournament-${id}`} className="stream-tournament-title">
        <Trophy size={18} aria-hidden />
        <Link to="/tournament/$id" params={{ id }} search={{ tab: "brackets" }}>
          {name}
        </Link>
      </h2>
      <p className="muted small">{t("stream_bracket_hint")}</p>
      <TournamentBracketForStream tournamentId={id} />
    </section>
  );
}
