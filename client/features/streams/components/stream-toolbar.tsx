import { Clock, Ellipsis, Flag, HandCoins, Heart, Share2, Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { formatCount, formatElapsed } from "../../../lib/format.ts";
import { useSession } from "../../../lib/session.ts";
import { openAuthModal } from "../../../lib/ui.ts";
import type { Stream } from "../api/get-stream.ts";

interface StreamToolbarProps {
  stream: Stream;
  viewerCount: number;
  startTime: string | null;
  isOwner: boolean;
  onShare: () => void;
}

/** Under the player: viewers and time live on the left; share, donate, follow and "…" on the right (spec 01 §2). */
export function StreamToolbar({ stream, viewerCount, startTime, isOwner, onShare }: StreamToolbarProps) {
  const { t } = useTranslation("streams");
  return (
    <div className="stream-toolbar">
      {stream.isLive ? (
        <div className="stream-stats">
          <ViewerCount count={viewerCount} />
          <span className="stream-stat" title={t("elapsed")}>
            <Clock size={16} aria-hidden />
            <span className="sr-only">{t("elapsed")}</span>
            <ElapsedClock startTime={startTime} />
          </span>
        </div>
      ) : null}
      <div className="stream-actions">
        <Button variant="secondary" size="sm" icon={<Share2 size={16} aria-hidden />} onClick={onShare}>
          {t("share")}
        </Button>
        <DonateButton paypalme={stream.paypalme} />
        {isOwner ? null : <FollowButton />}
        <MoreMenu />
      </div>
    </div>
  );
}

export function ViewerCount({ count }: { count: number }) {
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
export function ElapsedClock({ startTime }: { startTime: string | null }) {
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
function DonateButton({ paypalme }: { paypalme: string | null | undefined }) {
  const { t } = useTranslation("streams");
  const handle = paypalme?.trim().replace(/^https?:\/\/(www\.)?paypal\.me\//i, "").replace(/\/+$/, "");
  if (!handle) return null;
  return (
    <a className="btn btn-secondary btn-sm" href={`https://www.paypal.me/${encodeURIComponent(handle)}`} target="_blank" rel="noopener noreferrer">
      <HandCoins size={16} aria-hidden />
      {t("donate")}
    </a>
  );
}

/** Follows come with the community screens: visitors are asked to log in, users see that it is coming. */
export function FollowButton() {
  const { t } = useTranslation("streams");
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) {
    return (
      <Button size="sm" icon={<Heart size={16} aria-hidden />} onClick={() => openAuthModal("login")}>
        {t("follow")}
      </Button>
    );
  }
  return (
    <span className="stream-soon" title={t("soon")}>
      <Button size="sm" icon={<Heart size={16} aria-hidden />} disabled>
        {t("follow")}
      </Button>
    </span>
  );
}

function MoreMenu() {
  const { t } = useTranslation("streams");
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => !box.current?.contains(event.target as Node) && setOpen(false);
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    box.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  return (
    <div className="menu" ref={box}>
      <button type="button" className="icon-btn" aria-label={t("more_actions")} title={t("more_actions")} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Ellipsis size={20} aria-hidden />
      </button>
      {open ? (
        <div className="menu-list" role="menu" aria-label={t("more_actions")}>
          <button type="button" role="menuitem" className="menu-item" aria-disabled="true" title={t("soon")} tabIndex={-1} onClick={(event) => event.preventDefault()}>
            <Flag size={16} aria-hidden />
            {t("report")}
            <span className="muted small stream-soon-tag">{t("soon")}</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
