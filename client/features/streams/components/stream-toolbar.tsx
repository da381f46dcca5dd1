import { Clock, HandCoins, Share2, Users } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { ReportMenu } from "../../../components/report-menu.tsx";
import { formatCount, formatElapsed } from "../../../lib/format.ts";
import type { Stream } from "../api/get-stream.ts";
import "../../../i18n/screens/streams.ts";

interface StreamToolbarProps {
  stream: Stream;
  viewerCount: number;
  startTime: string | null;
  /** The follow button, for anyone but the owner (the follows feature's; the route hands it in). */
  follow: ReactNode;
  /** The clip button (the clips feature's), while live. */
  clip?: ReactNode;
  /** The owner's raid button (the raids feature's), while live. */
  raid?: ReactNode;
  onShare: () => void;
}

/** Under the player: viewers and time live on the left; share, donate, follow and "…" on the right (spec 01 §2). */
export function StreamToolbar({ stream, viewerCount, startTime, follow, clip, raid, onShare }: StreamToolbarProps) {
  const { t } = useTranslation("streams");
  return (
    <div className="stream-toolbar">
      {stream.isLive ? <LiveStats viewerCount={viewerCount} startTime={startTime} /> : null}
      <div className="stream-actions">
        {raid}
        {clip}
        <Button variant="secondary" size="sm" icon={<Share2 size={16} aria-hidden />} onClick={onShare}>
          {t("share")}
        </Button>
        <DonateButton paypalme={stream.paypalme} />
        {follow}
        <ReportMenu target={{ targetType: "stream", targetId: stream.channelArn, label: stream.username }} />
      </div>
    </div>
  );
}

/** How many watch and for how long the stream has been live. */
export function LiveStats({ viewerCount, startTime }: { viewerCount: number; startTime: string | null }) {
  const { t } = useTranslation("streams");
  return (
    <div className="stream-stats">
      <ViewerCount count={viewerCount} />
      <span className="stream-stat" title={t("elapsed")}>
        <Clock size={16} aria-hidden />
        <span className="sr-only">{t("elapsed")}</span>
        <ElapsedClock startTime={startTime} />
      </span>
    </div>
  );
}

function ViewerCount({ count }: { count: number }) {
  const { t } = useTranslation("streams");
  return (
    <span className="stream-stat stream-viewers" title={t("viewers", { count })}>
      <Users size={16} aria-hidden />
      <span className="tabular" aria-hidden>
        {formatCount(count)}
      </span>
      <span className="sr-only">{t("viewers", { count })}</span>
    </span>
  );
}

/** h:mm:ss since the live started, ticking every second. */
function ElapsedClock({ startTime }: { startTime: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!startTime) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [startTime]);
  return (
    <time className="tabular" dateTime={startTime ?? undefined}>
      {formatElapsed(startTime, now)}
    </time>
  );
}

/** Shown only when the streamer gave a paypal.me handle; older answers may not carry the field at all. */
export function DonateButton({ paypalme }: { paypalme: string | null | undefined }) {
  const { t } = useTranslation("streams");
  const handle = paypalme
    ?.trim()
    .replace(/^https?:\/\/(www\.)?paypal\.me\//i, "")
    .replace(/\/+$/, "");
  if (!handle) return null;
  return (
    <a className="btn btn-secondary btn-sm" href={`https://www.paypal.me/${encodeURIComponent(handle)}`} target="_blank" rel="noopener noreferrer">
      <HandCoins size={16} aria-hidden />
      {t("donate")}
    </a>
  );
}
