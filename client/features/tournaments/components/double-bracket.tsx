import clsx from "clsx";
import { type CSSProperties, useId } from "react";
import { useTranslation } from "react-i18next";
import type { Round, Structure } from "../api/types.ts";
import { BracketView, columnsOf, splitGrandFinal } from "./bracket-view.tsx";
import { BracketScroll } from "./bracket-scroll.tsx";
import "../../../i18n/screens/tournaments-ui.ts";

interface DoubleBracketProps {
  winners: Round[];
  losers: Round[];
  tournamentId: number;
  structure: Structure;
  isAdmin: boolean;
  readOnly?: boolean;
  compact?: boolean;
  /** Parts side by side while they fit, one under the other when they don't (under a stream). */
  wrap?: boolean;
}

/**
 * Double elimination in three parts: winners, losers, then the grand final with its reset and the
 * champion. Kept apart from the winners' rounds, the deciding matches never sit past the right edge.
 */
export function DoubleBracket({ winners, losers, wrap, ...common }: DoubleBracketProps) {
  const { t } = useTranslation("tournaments-ui");
  const id = useId();
  const { main, grandFinal } = splitGrandFinal(winners);
  const parts = [
    { key: "winners", title: t("winners_tournament"), rounds: main, champion: false },
    { key: "losers", title: t("losers_tournament"), rounds: losers, champion: false },
    { key: "final", title: t("grand_final_tournament"), rounds: grandFinal, champion: true },
  ].filter((part) => part.rounds.length > 0);
  return (
    <div className={clsx("bracket-parts", wrap && "bracket-parts-wrap", common.compact && "bracket-parts-compact")}>
      {parts.map((part) => (
        <section
          key={part.key}
          className={`bracket-part bracket-part-${part.key}`}
          aria-labelledby={`${id}-${part.key}`}
          style={{ "--rounds": columnsOf(part.rounds, part.champion) } as CSSProperties}
        >
          <h3 id={`${id}-${part.key}`} className="round-list-bracket">
            {part.title}
          </h3>
          <BracketScroll label={part.title}>
            <BracketView rounds={part.rounds} showChampion={part.champion} {...common} />
          </BracketScroll>
        </section>
      ))}
    </div>
  );
}
