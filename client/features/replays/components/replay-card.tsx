import { Link } from "@tanstack/react-router";
import { Eye, HardDrive, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCount, formatDuration, formatFileSize, formatRelativeTime } from "../../../lib/format.ts";
import { type Replay, REPLAY_PLACEHOLDER, recordingUrl } from "../api/replays.ts";
import { ReportMenu } from "../../../components/report-menu.tsx";
import { GameChip } from "./game-chip.tsx";
import { PinButton, PinnedMarker } from "./pin-button.tsx";
import "../../../i18n/screens/streams.ts";

interface ReplayCardProps {
  replay: Replay;
  /** The owner sees a delete button and a pin button. */
  onDelete?: (replay: Replay) => void;
}

/** Thumbnail with its duration, title, game, views, size and age (spec 01 §2). */
export function ReplayCard({ replay, onDelete }: ReplayCardProps) {
  const { t, i18n } = useTranslation("streams");
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  const thumbnail = (!thumbnailFailed && recordingUrl(replay.thumbnailPath)) || REPLAY_PLACEHOLDER;
  const size = formatFileSize(replay.fileSize, i18n.language);
  return (
    <article className="replay-card">
      <Link to="/replay/$replayId" params={{ replayId: replay.id }} className="replay-card-thumb" tabIndex={-1} aria-hidden>
        <img src={thumbnail} alt="" loading="lazy" onError={() => setThumbnailFailed(true)} />
        {replay.pinned ? <PinnedMarker /> : null}
        {replay.status === "ready" ? (
          <span className="replay-card-duration tabular">{formatDuration(replay.duration)}</span>
        ) : (
          <span className="replay-card-duration">{t(replay.status === "processing" ? "status_processing" : "status_failed")}</span>
        )}
      </Link>
      <div className="replay-card-body">
        <div className="replay-card-head">
          <Link to="/replay/$replayId" params={{ replayId: replay.id }} className="replay-card-title">
            {replay.title}
          </Link>
          {onDelete ? <PinButton replay={replay} /> : null}
          {onDelete ? (
            <button type="button" className="icon-btn replay-card-delete" aria-label={t("delete_replay_named", { title: replay.title })} title={t("delete")} onClick={() => onDelete(replay)}>
              <Trash2 size={18} aria-hidden />
            </button>
          ) : (
            <ReportMenu target={{ targetType: "replay", targetId: replay.id, label: replay.title }} label={t("replay_actions", { title: replay.title })} />
          )}
        </div>
        {replay.stream_games ? <GameChip game={replay.stream_games} small /> : null}
        {replay.partial ? <p className="muted small">{t("replay_partial")}</p> : null}
        <p className="replay-card-meta muted small">
          <span>
            <Eye size={14} aria-hidden /> <span className="tabular">{t("views", { count: replay.viewCount, formatted: formatCount(replay.viewCount) })}</span>
          </span>
          {size ? (
            <span>
              <HardDrive size={14} aria-hidden /> <span className="tabular">{size}</span>
            </span>
          ) : null}
          <time dateTime={replay.createdAt} title={new Date(replay.createdAt).toLocaleString(i18n.language)}>
            {formatRelativeTime(replay.createdAt, i18n.language)}
          </time>
        </p>
      </div>
    </article>
  );
}
