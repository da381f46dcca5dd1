import { Link } from "@tanstack/react-router";
import { Radio, Tv } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { Badge } from "../../../components/badge.tsx";
import { useStations } from "../api/stations.ts";
import "../../../i18n/screens/tournaments-ui.ts";

/**
 * "Live now" on the tournament page (issue 18): the matches on stations whose channel is on air, each
 * with its players, its score once started, and a link to watch it. Nothing when none is.
 */
export function LiveNow({ tournamentId }: { tournamentId: number }) {
  const { t } = useTranslation("tournaments-ui");
  const stations = useStations(tournamentId);
  const onAir = (stations.data?.stations ?? []).filter((s) => s.match && s.channel?.isLive);
  if (onAir.length === 0) return null;
  return (
    <section className="t-live-now" aria-labelledby={`live-now-${tournamentId}`}>
      <h2 id={`live-now-${tournamentId}`} className="t-live-now-title">
        <Radio size={18} aria-hidden /> {t("live_now")}
      </h2>
      <ul className="t-live-now-list">
        {onAir.map((station) => {
          const [a, b] = station.match!.teams;
          const names = [a?.player?.name ?? t("slot_tba"), b?.player?.name ?? t("slot_tba")];
          return (
            <li key={station.id} className="t-live-match">
              <div className="t-live-match-head">
                <Badge tone="live">{t("live")}</Badge>
                <span className="muted small">{station.name}</span>
              </div>
              <p className="t-live-match-players">
                <span>
                  <Avatar name={names[0]!} image={a?.player?.avatar ?? null} size={20} /> {names[0]}
                </span>
                <span className="tabular t-live-match-score">{station.match!.playing || station.match!.finished ? `${a?.score ?? 0} – ${b?.score ?? 0}` : t("versus")}</span>
                <span>
                  <Avatar name={names[1]!} image={b?.player?.avatar ?? null} size={20} /> {names[1]}
                </span>
              </p>
              <Link
                className="btn btn-secondary btn-sm"
                to="/stream/$username"
                params={{ username: station.channel!.username }}
                aria-label={t("watch_match_on", { a: names[0], b: names[1], username: station.channel!.username })}
              >
                <Tv size={16} aria-hidden /> {t("watch_on", { username: station.channel!.username })}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
