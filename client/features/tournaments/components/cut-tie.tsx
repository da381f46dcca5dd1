import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SwissTable } from "../../../../server/tournaments/schemas.ts";
import { Avatar } from "../../../components/avatar.tsx";
import { Button } from "../../../components/button.tsx";
import { Checkbox } from "../../../components/checkbox.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { toast } from "../../../lib/ui.ts";
import { useDecideTopCut } from "../api/mutations.ts";
import "../../../i18n/screens/errors.ts";
import "../../../i18n/screens/tournaments-ui.ts";

type CutTie = NonNullable<SwissTable["cutTie"]>;

/**
 * A tie across the top cut's line (issue 34, item 5): everyone sees who is level and that the cut
 * waits; the organiser ticks who goes through, as many as the places left, and confirms.
 */
export function CutTiePanel({ tie, topCut, tournamentId, isAdmin }: { tie: CutTie; topCut: number; tournamentId: number; isAdmin: boolean }) {
  const { t, i18n } = useTranslation("tournaments-ui");
  const names = new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(tie.players.map((player) => player.name));
  return (
    <section className="cut-tie" aria-labelledby="cut-tie-title">
      <h3 id="cut-tie-title">{t("cut_tie_title", { n: topCut })}</h3>
      <p>{t("cut_tie_text", { names, count: tie.places })}</p>
      {isAdmin ? <CutTieChoice tie={tie} tournamentId={tournamentId} /> : null}
    </section>
  );
}

function CutTieChoice({ tie, tournamentId }: { tie: CutTie; tournamentId: number }) {
  const { t, i18n } = useTranslation("tournaments-ui");
  const decide = useDecideTopCut(tournamentId);
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const toggle = (playerId: number) => {
    setError(null);
    setChosen((current) => (current.includes(playerId) ? current.filter((id) => id !== playerId) : [...current, playerId]));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length !== tie.places) setError(t("errors:top_cut_choice_invalid"));
    else setConfirming(true);
  };
  const chosenNames = new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(tie.players.filter((player) => chosen.includes(player.playerID)).map((player) => player.name));
  return (
    <form className="cut-tie-choice" onSubmit={onSubmit} noValidate>
      <fieldset className="t-fieldset">
        <legend>{t("cut_tie_choose", { count: tie.places })}</legend>
        {tie.players.map((player) => (
          <Checkbox
            key={player.playerID}
            checked={chosen.includes(player.playerID)}
            onChange={() => toggle(player.playerID)}
            label={
              <span className="standings-team">
                <Avatar name={player.name} image={player.flag} size={24} />
                {player.name}
              </span>
            }
          />
        ))}
      </fieldset>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit">{t("cut_tie_submit")}</Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("cut_tie_confirm_title")}
        confirmLabel={t("cut_tie_submit")}
        busy={decide.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          decide.mutate(chosen, {
            onSuccess: (answer) => {
              setConfirming(false);
              toast.success(answer.message);
            },
            onError: (failure) => {
              setConfirming(false);
              setError(failure.message);
            },
          })
        }
      >
        {t("cut_tie_confirm_text", { names: chosenNames, count: chosen.length })}
      </ConfirmDialog>
    </form>
  );
}
