import { Link, useNavigate } from "@tanstack/react-router";
import { Clock, Download, Eye, FileX, HardDrive, Hourglass, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { Button } from "../../../components/button.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { ApiError } from "../../../lib/api.ts";
import { formatCount, formatDuration, formatFileSize, formatRelativeTime } from "../../../lib/format.ts";
import { useSession } from "../../../lib/session.ts";
import { toast } from "../../../lib/ui.ts";
import { VideoPlayer } from "../../../components/player/video-player.tsx";
import { type Replay, recordingUrl, useReplay, useReplayAccess } from "../api/replays.ts";
import { AccessRefusal } from "../../../components/access-refusal.tsx";
import { DeleteReplayDialog } from "./delete-replay-dialog.tsx";
import { PinButton } from "./pin-button.tsx";
import { GameChip } from "./game-chip.tsx";
import "../../../styles/streams.css";
import "../../../i18n/screens/streams.ts";

/**
 * /replay/{replayId} (spec 01 §2, §4): 'Loading replay...', then the player and the details, or
 * 'Replay not found' with a way home; any other failure is told and leads to /404.
 */
export function ReplayPage({ replayId, renderActions }: { replayId: number; renderActions?: (replay: Replay) => ReactNode }) {
  const { t, i18n } = useTranslation("streams");
  const navigate = useNavigate();
  const replay = useReplay(replayId);
  const access = useReplayAccess(replayId, replay.data?.status === "ready");
  const me = useSession().user;
  const [deleting, setDeleting] = useState(false);
  const notFound = replay.error instanceof ApiError && replay.error.status === 404;

  useEffect(() => {
    if (!replay.isError || notFound) return;
    toast.error(t("replay_load_failed"));
    void navigate({ to: "/404", replace: true });
  }, [replay.isError, notFound, navigate, t]);

  useEffect(() => {
    if (!replay.data) return;
    const previous = document.title;
    document.title = replay.data.title;
    return () => {
      document.title = previous;
    };
  }, [replay.data]);

  if (!Number.isInteger(replayId) || replayId <= 0 || notFound) {
    return (
      <main className="page">
        <EmptyState
          icon={<FileX size={40} aria-hidden />}
          title={t("replay_not_found")}
          action={
            <Link to="/" className="btn btn-primary">
              {t("go_home")}
            </Link>
          }
        />
      </main>
    );
  }
  if (!replay.data) {
    return (
      <main className="page replay-loading" role="status">
        <Spinner size={32} />
        <p>{t("replay_loading")}</p>
      </main>
    );
  }

  const data = replay.data;
  const file = recordingUrl(data.filePath);
  const size = formatFileSize(data.fileSize, i18n.language);
  const isOwner = me?.username === data.username;
  return (
    <main className="page replay-page">
      <div className="replay-stage">
        {access.data && !access.data.watch.allowed ? (
          <AccessRefusal verdict={access.data.watch} replay />
        ) : data.status === "ready" && file && access.isPending ? (
          <div className="stream-stage-message stream-stage-busy" role="status">
            <Spinner size={40} />
          </div>
        ) : data.status === "ready" && file ? (
          <VideoPlayer mode="replay" src={file} poster={recordingUrl(data.thumbnailPath)} label={data.title} autoPlay onLoadFailure={() => void access.refetch()} />
        ) : (
          <div className="stream-stage-message" role="status">
            {data.status === "processing" ? <Hourglass size={40} aria-hidden /> : <FileX size={40} aria-hidden />}
            <h2>{data.status === "processing" ? t("replay_processing") : t("replay_failed")}</h2>
          </div>
        )}
      </div>
      <div className="replay-details">
        <div className="replay-heading">
          <h1 className="replay-title">{data.title}</h1>
          <div className="replay-actions">
            {data.status === "ready" && access.data?.watch.allowed !== false ? renderActions?.(data) : null}
            {file && data.status === "ready" && access.data?.watch.allowed !== false ? (
              <a className="btn btn-secondary btn-sm" href={file} download>
                <Download size={16} aria-hidden />
                {size ? t("download_size", { size }) : t("download")}
              </a>
            ) : null}
            {isOwner || me?.role === "admin" ? <PinButton replay={data} labelled /> : null}
            {isOwner ? (
              <Button variant="ghost" size="sm" icon={<Trash2 size={16} aria-hidden />} onClick={() => setDeleting(true)}>
                {t("delete")}
              </Button>
            ) : null}
          </div>
        </div>
        {data.tournament ? (
          <p className="small">
            <Link to="/tournament/$id" params={{ id: data.tournament.id }}>
              {t("replay_of_tournament", { name: data.tournament.name })}
            </Link>
            {data.partial ? <span className="muted"> · {t("replay_partial")}</span> : null}
          </p>
        ) : null}
        <p className="replay-meta muted">
          <span>
            <Eye size={16} aria-hidden /> <span className="tabular">{t("views", { count: data.viewCount, formatted: formatCount(data.viewCount) })}</span>
          </span>
          <time dateTime={data.createdAt} title={new Date(data.createdAt).toLocaleString(i18n.language)}>
            {formatRelativeTime(data.createdAt, i18n.language)}
          </time>
          {data.duration ? (
            <span>
              <Clock size={16} aria-hidden /> <span className="tabular">{formatDuration(data.duration)}</span>
            </span>
          ) : null}
          {size ? (
            <span>
              <HardDrive size={16} aria-hidden /> <span className="tabular">{size}</span>
            </span>
          ) : null}
        </p>
        <div className="replay-owner">
          <Link to="/profile/$username" params={{ username: data.username }} className="replay-owner-link">
            <Avatar name={data.username} image={data.avatar} size={32} />
            <span>{data.username}</span>
          </Link>
          {data.stream_games ? <GameChip game={data.stream_games} /> : null}
        </div>
        {data.description ? <p className="replay-description">{data.description}</p> : null}
      </div>
      {isOwner ? (
        <DeleteReplayDialog replay={deleting ? data : null} onClose={() => setDeleting(false)} onDeleted={() => void navigate({ to: "/stream/$username", params: { username: data.username } })} />
      ) : null}
    </main>
  );
}
