import { ListOrdered, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { Modal } from "../../../components/modal.tsx";
import type { Participant } from "../api/types.ts";
import "../../../i18n/screens/tournaments-ui.ts";

interface SeedingCardProps {
  /** Approved players in join order (the default seeding). */
  players: Participant[];
  starting: boolean;
  onStart: (seeding: number[] | undefined) => void;
}

const displayName = (player: Participant) => player.username;

/**
 * Seeds before the start, as start.gg lets an organiser do: join order by default, or placed by hand,
 * one seed at a time ("SELECT" on an empty seed, then "Select this Team ?"). Seeds 1 and 2 meet last.
 */
export function SeedingCard({ players, starting, onStart }: SeedingCardProps) {
  const { t } = useTranslation("tournaments-ui");
  const [slots, setSlots] = useState<(number | null)[]>(() => players.map((player) => player.userId));
  const [picking, setPicking] = useState<number | null>(null);
  const [choice, setChoice] = useState<number | null>(null);

  const byId = new Map(players.map((player) => [player.userId, player]));
  const unplaced = players.filter((player) => !slots.includes(player.userId));
  const complete = slots.every((slot) => slot !== null);
  const isJoinOrder = slots.every((slot, index) => slot === players[index]?.userId);

  const closePicker = () => {
    setPicking(null);
    setChoice(null);
  };
  const place = () => {
    if (picking === null || choice === null) return;
    setSlots((current) => current.map((slot, index) => (index === picking ? choice : slot)));
    closePicker();
  };

  return (
    <section className="t-dash-card t-seeding" aria-labelledby="seeding-title">
      <h2 id="seeding-title">
        <ListOrdered size={18} aria-hidden /> {t("seeding_title")}
      </h2>
      <p className="muted small">{t("seeding_hint")}</p>
      <ol className="t-seed-list">
        {slots.map((slot, index) => {
          const player = slot === null ? null : byId.get(slot);
          return (
            <li key={index} className="t-seed-row">
              <span className="t-seed-number tabular">{index + 1}</span>
              {player ? (
                <>
                  <span className="t-seed-name">{displayName(player)}</span>
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={t("seeding_remove", { name: displayName(player) })}
                    onClick={() => setSlots((current) => current.map((s, i) => (i === index ? null : s)))}
                  >
                    <X size={16} aria-hidden />
                  </button>
                </>
              ) : (
                <Button size="sm" variant="secondary" onClick={() => setPicking(index)}>
                  {t("slot_select")}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      <div className="row">
        <Button variant="secondary" size="sm" onClick={() => setSlots(players.map(() => null))}>
          {t("seeding_clear")}
        </Button>
        <Button variant="secondary" size="sm" disabled={isJoinOrder} onClick={() => setSlots(players.map((player) => player.userId))}>
          {t("seeding_join_order")}
        </Button>
      </div>
      <Button busy={starting} disabled={!complete} onClick={() => onStart(isJoinOrder ? undefined : (slots as number[]))}>
        {t("seeding_start")}
      </Button>
      {!complete ? <p className="muted small">{t("seeding_incomplete")}</p> : null}

      <Modal
        open={picking !== null}
        onClose={closePicker}
        size="sm"
        title={t("select_team_title", { seed: (picking ?? 0) + 1 })}
        footer={
          <>
            <Button variant="secondary" onClick={closePicker}>
              {t("cancel")}
            </Button>
            <Button disabled={choice === null} onClick={place}>
              {t("select_team_confirm")}
            </Button>
          </>
        }
      >
        <p>{t("select_team_text")}</p>
        <div className="t-seed-choices" role="radiogroup" aria-label={t("select_team_text")}>
          {unplaced.map((player) => (
            <label key={player.userId} className="t-seed-choice">
              <input type="radio" name="seed-choice" checked={choice === player.userId} onChange={() => setChoice(player.userId)} />
              <span>{displayName(player)}</span>
            </label>
          ))}
        </div>
      </Modal>
    </section>
  );
}
