import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ScoreBug } from "../../../../server/overlays/schemas.ts";
import { type ScoreBugChoice, useOverlayChannel, useScoreBug } from "../api/overlays.ts";
import { OverlayGone, OverlayPage } from "./overlay-page.tsx";
import "../../../i18n/screens/overlays.ts";

export type OverlayMatch = NonNullable<ScoreBug["match"]>;

/**
 * /overlay/{secret}/score: the match on the streamer's station (or the station or match the address names), drawn by
 * `card`, read again with each score the organiser records; with no match it shows nothing, so the scene stays clean.
 */
export function ScoreBugOverlay({ secret, lang, choice, card }: { secret: string; lang?: string; choice: ScoreBugChoice; card: (match: OverlayMatch) => ReactNode }) {
  const { t } = useTranslation("overlays");
  const channel = useOverlayChannel(secret);
  const bug = useScoreBug(secret, channel.data?.username, choice);
  if (channel.isError || bug.isError) return <OverlayGone />;
  const match = bug.data?.match ?? null;
  return (
    <OverlayPage lang={lang} label={t("score_title")}>
      {match ? card(match) : null}
    </OverlayPage>
  );
}
