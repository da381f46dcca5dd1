import { useTranslation } from "react-i18next";
import { defaultSwissRounds, maxSwissRounds } from "../../../../shared/tournaments.ts";
import { TOP_CUTS } from "../lib/format.ts";
import "../../../i18n/screens/tournaments-ui.ts";

interface Props {
  /** Keeps the ids of the create form and of the settings form apart. */
  idPrefix: string;
  size: number;
  /** "" for the default, ceil(log2 size). */
  rounds: string;
  topCut: number;
  onRounds: (rounds: string) => void;
  onTopCut: (topCut: number) => void;
  errors: Record<string, string>;
  /** Once the tournament has started: the bracket was drawn with them. */
  locked?: boolean;
}

/** A Swiss's rounds and top cut (issue 19), offering only what the size can pair and cut, as the server checks. */
export function SwissFields({ idPrefix, size, rounds, topCut, onRounds, onTopCut, errors, locked = false }: Props) {
  const { t } = useTranslation("tournaments-ui");
  const roundsId = `${idPrefix}-swiss-rounds`;
  return (
    <div className="grid-2">
      <div className="field">
        <label htmlFor={roundsId}>{t("swiss_rounds")}</label>
        <select id={roundsId} value={rounds} disabled={locked} onChange={(e) => onRounds(e.target.value)} aria-describedby={`${roundsId}-hint`}>
          <option value="">{t("swiss_rounds_default", { count: defaultSwissRounds(size) })}</option>
          {Array.from({ length: maxSwissRounds(size) }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <p id={`${roundsId}-hint`} className="muted small">
          {locked ? t("swiss_locked") : t("swiss_rounds_hint")}
        </p>
        {errors.swissRounds ? <p className="field-error">{errors.swissRounds}</p> : null}
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-top-cut`}>{t("top_cut")}</label>
        <select id={`${idPrefix}-top-cut`} value={topCut} disabled={locked} onChange={(e) => onTopCut(Number(e.target.value))}>
          {TOP_CUTS.filter((cut) => cut < size).map((cut) => (
            <option key={cut} value={cut}>
              {cut === 0 ? t("top_cut_none") : t("top_cut_n", { n: cut })}
            </option>
          ))}
        </select>
        {errors.topCut ? <p className="field-error">{errors.topCut}</p> : null}
      </div>
    </div>
  );
}

/** What a size keeps of chosen settings: rounds it cannot pair go back to the default, a cut it cannot hold to none. */
export function swissSettingsFor(size: number, rounds: string, topCut: number): { rounds: string; topCut: number } {
  return { rounds: rounds && Number(rounds) > maxSwissRounds(size) ? "" : rounds, topCut: topCut < size ? topCut : 0 };
}
