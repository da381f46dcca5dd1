import { Link } from "@tanstack/react-router";
import { MapPin, Tv } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/badge.tsx";
import type { StationRef } from "../../../../server/tournaments/schemas.ts";
import "../../../i18n/screens/tournaments-ui.ts";

/**
 * Where a match is played (issue 18), or was once it is over (issue 34, item 6): the station's name
 * and, when a channel streams it, a link to watch there and a "live" badge while that channel is on air.
 */
export function StationTag({ station }: { station: Pick<StationRef, "name" | "channel"> }) {
  const { t } = useTranslation("tournaments-ui");
  return (
    <span className="station-tag">
      <span className="station-tag-name" title={t("station_of_match", { name: station.name })}>
        <MapPin size={12} aria-hidden />
        <span className="sr-only">{t("station")} </span>
        {station.name}
      </span>
      {station.channel?.isLive ? <Badge tone="live">{t("live")}</Badge> : null}
      {station.channel ? (
        <Link className="station-watch" to="/stream/$username" params={{ username: station.channel.username }} aria-label={t("watch_on", { username: station.channel.username })}>
          <Tv size={12} aria-hidden /> {t("watch")}
        </Link>
      ) : null}
    </span>
  );
}
