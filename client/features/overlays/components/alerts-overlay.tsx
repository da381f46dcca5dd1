import { Heart, Swords, Ticket, Trophy } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OverlayAlert, OverlayAlertKind } from "../../../../server/overlays/schemas.ts";
import { useOverlayAlerts, useOverlayChannel } from "../api/overlays.ts";
import { playChime } from "../chime.ts";
import { OverlayGone, OverlayPage } from "./overlay-page.tsx";
import "../../../i18n/screens/overlays.ts";

/** How long one alert stays on screen; the next waits its turn. */
const ALERT_MS = 6000;
/** A flood (a big raid's followers) keeps the latest this many: the queue never lags minutes behind. */
const MAX_QUEUED = 20;

const ICONS: Record<OverlayAlertKind, typeof Heart> = { follow: Heart, ticket: Ticket, raid: Swords, match_won: Trophy };

interface Queued {
  id: number;
  alert: OverlayAlert;
}

/**
 * /overlay/{secret}/alerts: a new follower, a ticket sold, a raid, a match won, one after the other (each
 * ALERT_MS), with a chime unless the streamer turned it off (Settings) or the address says ?sound=0.
 */
export function AlertsOverlay({ secret, lang, muted }: { secret: string; lang?: string; muted: boolean }) {
  const { t } = useTranslation("overlays");
  const channel = useOverlayChannel(secret);
  const [queue, setQueue] = useState<Queued[]>([]);
  const [gone, setGone] = useState(false);
  const next = useRef(0);
  const onAlert = useCallback((alert: OverlayAlert) => {
    next.current += 1;
    const id = next.current;
    setQueue((queued) => [...queued, { id, alert }].slice(-MAX_QUEUED));
  }, []);
  const onGone = useCallback(() => setGone(true), []);
  useOverlayAlerts(secret, onAlert, onGone);
  const current = queue[0];
  const sound = channel.data?.sound === true && !muted;
  useEffect(() => {
    if (!current) return;
    if (sound) playChime(current.alert.kind);
    const timer = setTimeout(() => setQueue((queued) => queued.slice(1)), ALERT_MS);
    return () => clearTimeout(timer);
  }, [current, sound]);
  if (gone || channel.isError) return <OverlayGone />;
  return (
    <OverlayPage lang={lang} label={t("alerts_title")}>
      <div className="overlay-alert-slot" aria-live="polite">
        {current ? <AlertCard key={current.id} alert={current.alert} /> : null}
      </div>
    </OverlayPage>
  );
}

function AlertCard({ alert }: { alert: OverlayAlert }) {
  const { t } = useTranslation("overlays");
  const Icon = ICONS[alert.kind];
  return (
    <section className={`overlay-alert overlay-alert-${alert.kind}`} data-alert-kind={alert.kind}>
      <Icon size={56} aria-hidden className="overlay-alert-icon" />
      <div>
        <p className="overlay-alert-kind">{t(`alert_${alert.kind}`)}</p>
        <p className="overlay-alert-text">{t(`alert_${alert.kind}_text`, { name: alert.name, count: alert.count, score: alert.score })}</p>
        {alert.detail ? <p className="overlay-alert-detail">{alert.detail}</p> : null}
      </div>
    </section>
  );
}
