import { Link } from "@tanstack/react-router";
import clsx from "clsx";
import { BadgeCheck, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { formatCount, formatRelativeTime } from "../../../lib/format.ts";
import { ReportMenu } from "../../../components/report-menu.tsx";
import { AccessBadge } from "../../../components/access-badge.tsx";
import type { StreamResponse as Stream } from "../../../../server/channels/schemas.ts";
import "../../../i18n/screens/discovery.ts";

/** Spec 01 §3's defaults for what a stream may lack. */
export const streamDefaults = (stream: Stream, t: (key: string) => string) => ({
  username: stream.username || t("default_username"),
  title: stream.title || t("default_title"),
  tags: stream.tags.length ? stream.tags : [t("default_tag_live"), t("default_tag_gaming")],
  game: stream.game ?? stream.stream_games,
});

/**
 * A live channel (spec 01 §2 "Cards"): thumbnail (its animated preview on hover), Live badge and
 * viewers, avatar, title to the stream, username to the profile, verified badge, game, tags. The
 * card stays hidden behind a skeleton until its picture has loaded.
 */
export function StreamCard({ stream }: { stream: Stream }) {
  const { t, i18n } = useTranslation("discovery");
  const [loaded, setLoaded] = useState(!stream.thumbnail);
  const [hovered, setHovered] = useState(false);
  const shown = streamDefaults(stream, t);
  const picture = hovered && stream.thumbnailGif ? stream.thumbnailGif : stream.thumbnail;
  return (
    <article className={clsx("stream-card", !loaded && "stream-card-loading")} onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
      <Link to="/stream/$username" params={{ username: stream.username }} className="stream-card-thumb" tabIndex={-1} aria-hidden>
        {!loaded ? <Skeleton height="100%" radius={0} style={{ position: "absolute", inset: 0, zIndex: 1 }} /> : null}
        {picture ? <img src={picture} alt="" loading="lazy" onLoad={() => setLoaded(true)} onError={() => setLoaded(true)} /> : <span className="stream-card-placeholder">{shown.username}</span>}
        <span className={clsx("stream-card-state", stream.isLive ? "stream-card-live" : "stream-card-available")}>{stream.isLive ? t("badge_live") : t("badge_available")}</span>
        <AccessBadge access={stream.watchAccess} label={t(`access_${stream.watchAccess}`)} />
        {stream.isLive ? (
          <span className="stream-card-viewers tabular">
            <Users size={14} aria-hidden /> {t("viewers", { count: stream.viewerCount, formatted: formatCount(stream.viewerCount) })}
          </span>
        ) : null}
      </Link>
      <div className="stream-card-body">
        <Link to="/profile/$username" params={{ username: stream.username }} tabIndex={-1} aria-hidden>
          <Avatar name={shown.username} image={stream.avatar} size={36} isLive={stream.isLive} />
        </Link>
        <div className="stream-card-text">
          <Link to="/stream/$username" params={{ username: stream.username }} className="stream-card-title" title={shown.title}>
            {shown.title}
          </Link>
          <Link to="/profile/$username" params={{ username: stream.username }} className="stream-card-user">
            {shown.username}
            {stream.verified ? <BadgeCheck size={14} className="verified" aria-label={t("verified")} /> : null}
          </Link>
          <div className="stream-card-meta">
            {shown.game ? (
              <Link to="/game/$id" params={{ id: shown.game.id }} className="stream-card-game">
                {shown.game.name}
              </Link>
            ) : null}
            {stream.startTime ? <time dateTime={stream.startTime}>{t("live_since", { time: lowerFirst(formatRelativeTime(stream.startTime, i18n.language)) })}</time> : null}
          </div>
          <ul className="stream-card-tags" aria-label={t("tags")}>
            {shown.tags.slice(0, 3).map((tag) => (
              <li key={tag}>
                <Link to="/tag/$tagName" params={{ tagName: tag }} className="tag-chip">
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div className="stream-card-menu">
          <ReportMenu target={{ targetType: "stream", targetId: stream.channelArn, label: shown.username }} label={t("card_actions", { username: shown.username })} />
        </div>
      </div>
    </article>
  );
}

/** "À l'instant" inside a sentence reads "à l'instant". */
const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase() + text.slice(1);
