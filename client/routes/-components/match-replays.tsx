import { useTranslation } from "react-i18next";
import { ReplayCard } from "../../features/replays/components/replay-card.tsx";
import { useMatchReplays } from "../../features/tournaments/api/stations.ts";
import "../../styles/streams.css";
import "../../i18n/screens/tournaments-ui.ts";

/** The tournament's match replays (issue 18, item 3), newest first; nothing until the first is cut. */
export function MatchReplays({ tournamentId }: { tournamentId: number }) {
  const { t } = useTranslation("tournaments-ui");
  const replays = useMatchReplays(tournamentId);
  if (!replays.data?.length) return null;
  return (
    <section className="t-match-replays" aria-labelledby={`match-replays-${tournamentId}`}>
      <h2 id={`match-replays-${tournamentId}`}>{t("match_replays")}</h2>
      <div className="replay-grid">
        {replays.data.map((replay) => (
          <ReplayCard key={replay.id} replay={replay} />
        ))}
      </div>
    </section>
  );
}
