import clsx from "clsx";
import { Trophy } from "lucide-react";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import type { Round, Seed, Structure } from "../api/types.ts";
import { roundTitle } from "../lib/format.ts";
import { MatchCard, winnerIndex } from "./match-card.tsx";
import "../../../i18n/screens/tournaments-ui.ts";

interface BracketProps {
  rounds: Round[];
  tournamentId: number;
  structure: Structure;
  isAdmin: boolean;
  readOnly?: boolean;
  compact?: boolean;
  /** The final-winner card after the last round (the main bracket only). */
  showChampion?: boolean;
}

/** Groups a round's seeds by the match of the next round they feed: pairs when the next round halves, else one by one. */
function groupsOf(round: Round, next: Round | undefined): Seed[][] {
  const pair = next && next.seeds.length * 2 === round.seeds.length;
  if (!pair) return round.seeds.map((seed) => [seed]);
  const groups: Seed[][] = [];
  for (let i = 0; i < round.seeds.length; i += 2) groups.push(round.seeds.slice(i, i + 2));
  return groups;
}

function championOf(rounds: Round[]): { name: string; avatar: string | null } | null {
  const last = rounds.at(-1)?.seeds.at(-1);
  if (!last?.finished) return null;
  const index = winnerIndex(last);
  return index === null ? null : (last.teams[index]?.player ?? null);
}

/** The columns a bracket draws: its rounds, and the champion's card once there is one. */
export function columnsOf(rounds: Round[], showChampion = true): number {
  return rounds.length + (showChampion && championOf(rounds) ? 1 : 0);
}

/** A double-elimination bracket's grand final and its reset, which the server lists after the winners' rounds. */
export function splitGrandFinal(winners: Round[]): { main: Round[]; grandFinal: Round[] } {
  const isGrandFinal = (round: Round) => round.title === "Grand Final" || round.title === "Grand Final Reset";
  return { main: winners.filter((round) => !isGrandFinal(round)), grandFinal: winners.filter(isGrandFinal) };
}

/**
 * Layout 1: the rounds side by side, joined by connector lines, with the champion at the end. The
 * columns share the width they are given (down to a minimum, past which the bracket scrolls).
 */
export function BracketView({ rounds, tournamentId, structure, isAdmin, readOnly, compact, showChampion = true }: BracketProps) {
  const { t } = useTranslation("tournaments-ui");
  const champion = showChampion ? championOf(rounds) : null;
  return (
    <div className={clsx("bracket", compact && "bracket-compact")} style={{ "--rounds": rounds.length + (champion ? 1 : 0) } as CSSProperties}>
      {rounds.map((round, r) => {
        const next = rounds[r + 1];
        return (
          <section key={`${round.title}-${r}`} className="bracket-round" aria-label={roundTitle(round.title, t)}>
            <h3 className="bracket-round-title">{roundTitle(round.title, t)}</h3>
            <div className="bracket-round-body">
              {groupsOf(round, next).map((group) => (
                <div key={group[0]!.id} className={clsx("bracket-group", group.length === 2 && "bracket-group-pair", !next && !champion && "bracket-group-last", r > 0 && "bracket-group-fed")}>
                  {group.map((seed) => (
                    <div key={seed.id} className="bracket-seed">
                      <MatchCard seed={seed} tournamentId={tournamentId} structure={structure} isAdmin={isAdmin} readOnly={readOnly} compact={compact} />
                    </div>
                  ))}
                </div>
              ))}
            </div>
          </section>
        );
      })}
      {champion ? (
        <section className="bracket-round bracket-champion-round" aria-label={t("champion")}>
          <h3 className="bracket-round-title">{t("champion")}</h3>
          <div className="bracket-round-body">
            <div className="bracket-group bracket-group-fed bracket-group-last">
              <div className="bracket-seed">
                <div className="champion-card" role="status">
                  <Trophy size={28} aria-hidden className="champion-icon" />
                  <Avatar name={champion.name} image={champion.avatar} size={40} />
                  <div>
                    <div className="muted small">{t("champion")}</div>
                    <strong className="champion-name">{champion.name}</strong>
                  </div>
                </div>
              </div>
            </div>
          </div>
        </section>
      ) : null}
    </div>
  );
}
