import { useTranslation } from "react-i18next";
import type { ScoreBug } from "../../../../server/overlays/schemas.ts";
import { roundTitle } from "../lib/format.ts";
import "../../../i18n/screens/tournaments-ui.ts";
import "../../../styles/overlays.css";

type Match = NonNullable<ScoreBug["match"]>;

// A match as the OBS overlays draw it (issue 36, item 4): the score bug, and the next match of a waiting scene.

/** Both players and their scores, the match's state, then its tournament, round, format and station. */
export function ScoreBugCard({ match }: { match: Match }) {
  const { t } = useTranslation("tournaments-ui");
  const [one, two] = match.players;
  const leader = match.finished && one && two && one.score !== two.score ? (one.score > two.score ? 0 : 1) : null;
  return (
    <section className="score-bug" data-match-id={match.id} aria-label={t("score_bug")}>
      <div className="score-bug-row">
        <Side name={one?.name || t("slot_tba")} score={one?.score ?? 0} won={leader === 0} side="left" />
        <span className="score-bug-state">{match.finished ? t("score_bug_final") : match.playing ? t("score_bug_live") : t("score_bug_next")}</span>
        <Side name={two?.name || t("slot_tba")} score={two?.score ?? 0} won={leader === 1} side="right" />
      </div>
      <p className="score-bug-meta">{[match.tournament.name, roundTitle(match.round, t), t(`format_${match.format}`), match.station].filter(Boolean).join(" · ")}</p>
    </section>
  );
}

function Side({ name, score, won, side }: { name: string; score: number; won: boolean; side: "left" | "right" }) {
  return (
    <div className={`score-bug-side score-bug-${side}${won ? " score-bug-won" : ""}`}>
      <span className="score-bug-name">{name}</span>
      <span className="score-bug-score tabular" data-score={score}>
        {score}
      </span>
    </div>
  );
}

/** A waiting scene's next match: being played or next, its players, tournament, round and station. */
export function SceneMatch({ match }: { match: Match }) {
  const { t } = useTranslation("tournaments-ui");
  const [one, two] = match.players;
  return (
    <div className="overlay-scene-match" data-match-id={match.id}>
      <p className="overlay-scene-next">{match.playing ? t("scene_match_playing") : t("scene_match_next")}</p>
      <p className="overlay-scene-players">
        {one?.name || t("slot_tba")} <span className="muted">{t("versus")}</span> {two?.name || t("slot_tba")}
      </p>
      <p className="overlay-scene-meta">{[match.tournament.name, roundTitle(match.round, t), match.station].filter(Boolean).join(" · ")}</p>
    </div>
  );
}
