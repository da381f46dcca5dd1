import { useTranslation } from "react-i18next";
import { useRounds } from "../api/queries.ts";
import { hasBracket, splitBracket } from "../api/types.ts";
import { useTournamentEvents } from "../api/use-tournament-events.ts";
import { BracketView } from "./bracket-view.tsx";

/** Layout 4: the viewer-only bracket under a stream, winners and losers side by side, no admin controls. */
export function TournamentBracketForStream({ tournamentId }: { tournamentId: number }) {
  const { t } = useTranslation("tournaments-ui");
  useTournamentEvents(tournamentId);
  const rounds = useRounds(tournamentId);
  if (!rounds.data || !hasBracket(rounds.data.data)) return null;
  const { winners, losers } = splitBracket(rounds.data.data);
  const structure = rounds.data.structure;
  return (
    <section className="stream-bracket" aria-label={t("brackets")}>
      <div className="stream-bracket-part">
        {losers.length ? <h3 className="round-list-bracket">{t("winners_tournament")}</h3> : null}
        <BracketView rounds={winners} tournamentId={tournamentId} structure={structure} isAdmin={false} readOnly compact />
      </div>
      {losers.length ? (
        <div className="stream-bracket-part">
          <h3 className="round-list-bracket">{t("losers_tournament")}</h3>
          <BracketView rounds={losers} tournamentId={tournamentId} structure={structure} isAdmin={false} readOnly compact showChampion={false} />
        </div>
      ) : null}
    </section>
  );
}
