import { Link } from "@tanstack/react-router";
import { Eye, Scissors } from "lucide-react";
import { useTranslation } from "react-i18next";
import { List } from "../../../components/list.tsx";
import { formatCount, formatDuration, formatRelativeTime } from "../../../lib/format.ts";
import { type Clip, useClips } from "../api/clips.ts";
import "../../../i18n/screens/clips.ts";
import "../../../styles/clips.css";

/** Its picture with its length, its title, the channel, who clipped it, views and age. */
function ClipCard({ clip }: { clip: Clip }) {
  const { t, i18n } = useTranslation("clips");
  return (
    <article className="replay-card clip-card">
      <Link to="/clip/$clipId" params={{ clipId: clip.id }} className="replay-card-thumb" tabIndex={-1} aria-hidden>
        {clip.thumbnailUrl ? <img src={clip.thumbnailUrl} alt="" loading="lazy" /> : <Scissors className="clip-card-placeholder" size={32} aria-hidden />}
        <span className="replay-card-duration tabular">{formatDuration(clip.duration)}</span>
      </Link>
      <div className="replay-card-body">
        <Link to="/clip/$clipId" params={{ clipId: clip.id }} className="replay-card-title">
          {clip.title}
        </Link>
        <p className="replay-card-meta muted small">
          <span>{clip.channel.username}</span>
          <span>{t("by_author", { username: clip.author.username })}</span>
        </p>
        <p className="replay-card-meta muted small">
          <span>
            <Eye size={14} aria-hidden /> <span className="tabular">{t("views", { count: clip.viewCount, formatted: formatCount(clip.viewCount) })}</span>
          </span>
          <time dateTime={clip.createdAt} title={new Date(clip.createdAt).toLocaleString(i18n.language)}>
            {formatRelativeTime(clip.createdAt, i18n.language)}
          </time>
        </p>
      </div>
    </article>
  );
}

/** The clips of a channel (its profile) or of a game (its page), newest first, as items of the page's grid. */
export function ClipsList({ username, game }: { username?: string; game?: number }) {
  const { t } = useTranslation("clips");
  const clips = useClips({ username, game });
  return <List loading={clips.isPending} empty={t("no_clips")} items={(clips.data ?? []).map((clip) => <ClipCard key={clip.id} clip={clip} />)} />;
}
