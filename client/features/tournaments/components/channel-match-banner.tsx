import { Link } from "@tanstack/react-router";
import { MapPin, Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { useChannelMatch } from "../api/stations.ts";
import "../../../styles/tournaments.css";
import "../../../i18n/screens/tournaments-ui.ts";

/**
 * On a channel's stream page, the match on the station it streams (issue 18): its players, the score
 * once started, the station and a link to the tournament; read again whenever that station changes.
 */
export function ChannelMatchBanner({ username }: { username: string }) {
  const { t } = useTranslation("tournaments-ui");
  const onAir = useChannelMatch(username).data?.onAir;
  if (!onAir?.station.match) return null;
  const { tournament, station } = onAir;
  const match = station.match!;
  const [a, b] = match.teams;
  const names = [a?.player?.name ?? t("slot_tba"), b?.player?.name ?? t("slot_tba")];
  return (
    <section className="channel-match" aria-label={t("match_on_stream")} aria-live="polite">
      <div className="channel-match-where">
        <span className="channel-match-state">{match.playing ? t("match_playing") : t("match_next")}</span>
        <span className="muted small">
          <MapPin size={12} aria-hidden /> {station.name}
        </span>
      </div>
      <p className="channel-match-players">
        <span className="channel-match-player">
          <Avatar name={names[0]!} image={a?.player?.avatar ?? null} size={28} /> {names[0]}
        </span>
        <span className="channel-match-score tabular">{match.playing ? `${a?.score ?? 0} – ${b?.score ?? 0}` : t("versus")}</span>
        <span className="channel-match-player">
          <Avatar name={names[1]!} image={b?.player?.avatar ?? null} size={28} /> {names[1]}
        </span>
      </p>
      <Link className="channel-match-tournament" to="/tournament/$id" params={{ id: tournament.id }} search={{ tab: "brackets" }}>
        <Trophy size={16} aria-hidden /> {tournament.name}
      </Link>
    </section>
  );
}
