import { useTranslation } from "react-i18next";
import type { Round, Structure } from "../api/types.ts";
import { roundTitle } from "../lib/format.ts";
import { MatchCard } from "./match-card.tsx";
import "../../../i18n/screens/tournaments-ui.ts";

interface RoundListProps {
  winners: Round[];
  losers: Round[];
  tournamentId: number;
  structure: Structure;
  isAdmin: boolean;
}

function Rounds({ rounds, tournamentId, structure, isAdmin }: { rounds: Round[] } & Omit<RoundListProps, "winners" | "losers">) {
  const { t } = useTranslation("tournaments-ui");
  return (
    <>
      {rounds.map((round, index) => (
        <section key={`${round.title}-${index}`} className="round-list-round">
          <h4 className="round-list-heading">
            {t("round_list_heading", { n: index + 1 })}
            {round.title === `Round ${index + 1}` ? null : <span className="muted small"> · {roundTitle(round.title, t)}</span>}
          </h4>
          <div className="round-list-grid">
            {round.seeds.map((seed) => (
              <MatchCard key={seed.id} seed={seed} tournamentId={tournamentId} structure={structure} isAdmin={isAdmin} />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}

/** Layout 2: the matches listed by round; double elimination lists winners then losers. */
export function RoundList({ winners, losers, ...rest }: RoundListProps) {
  const { t } = useTranslation("tournaments-ui");
  if (rest.structure !== "d_elim")
    return (
      <div className="round-list">
        <Rounds rounds={winners} {...rest} />
      </div>
    );
  return (
    <div className="round-list">
      <h3 className="round-list-bracket">{t("winners_tournament")}</h3>
      <Rounds rounds={winners} {...rest} />
      <h3 className="round-list-bracket">{t("losers_tournament")}</h3>
      <Rounds rounds={losers} {...rest} />
    </div>
  );
}
