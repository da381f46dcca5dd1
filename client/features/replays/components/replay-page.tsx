import { Link, useNavigate } from "@tanstack/react-router";
import { Download, Eye, HardDrive, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { QueryPending } from "../../../components/query-state.tsx";
import { useVideoTitle, VideoDate, VideoDuration, VideoFigure, VideoOwner, VideoPage, VideoPageMissing, VideoStageMessage } from "../../../components/video-page.tsx";
import { ApiError } from "../../../lib/api.ts";
import { formatCount, formatFileSize } from "../../../lib/format.ts";
import { useSession } from "../../../data/session.ts";
import { toast } from "../../../lib/ui.ts";
import { VideoPlayer } from "../../../components/player/video-player.tsx";
import { type Replay, recordingUrl, useReplay, useReplayAccess } from "../api/replays.ts";
import { replayDownloadName } from "../download-name.ts";
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

  useVideoTitle(replay.data?.title);

  if (!Number.isInteger(replayId) || replayId <= 0 || notFound) return <VideoPageMissing title={t("replay_not_found")} homeLabel={t("go_home")} />;
  // Another failure is toasted and leads to /404 (above): the page waits until then.
  if (!replay.data)
    return (
      <main className="page">
        <QueryPending page loadingText={t("replay_loading")} />
      </main>
    );

  const data = replay.data;
  const file = recordingUrl(data.filePath);
  const size = formatFileSize(data.fileSize, i18n.language);
  const isOwner = me?.username === data.username;
  const watchable = data.status === "ready" && access.data?.watch.allowed !== false;
  return (
    <VideoPage
      stage={
        access.data && !access.data.watch.allowed ? (
          <AccessRefusal verdict={access.data.watch} replay />
        ) : data.status === "ready" && file && access.isPending ? (
          <div className="stream-stage-message stream-stage-busy" role="status">
            <Spinner size={40} />
          </div>
        ) : data.status === "ready" && file ? (
          <VideoPlayer mode="replay" src={file} poster={recordingUrl(data.thumbnailPath)} label={data.title} autoPlay onLoadFailure={() => void access.refetch()} />
        ) : (
          <VideoStageMessage processing={data.status === "processing"} label={data.status === "processing" ? t("replay_processing") : t("replay_failed")} />
        )
      }
      heading={<h1 className="replay-title">{data.title}</h1>}
      actions={
        <>
          {watchable ? renderActions?.(data) : null}
          {file && watchable ? (
            <a className="btn btn-secondary btn-sm" href={file} download={replayDownloadName(data)}>
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
        </>
      }
      context={
        data.tournament ? (
          <p className="small">
            <Link to="/tournament/$id" params={{ id: data.tournament.id }}>
              {t("replay_of_tournament", { name: data.tournament.name })}
            </Link>
            {data.partial ? <span className="muted"> · {t("replay_partial")}</span> : null}
          </p>
        ) : null
      }
      figures={
        <>
          <VideoFigure icon={<Eye size={16} aria-hidden />}>{t("views", { count: data.viewCount, formatted: formatCount(data.viewCount) })}</VideoFigure>
          <VideoDate at={data.createdAt} language={i18n.language} />
          <VideoDuration seconds={data.duration} />
          {size ? <VideoFigure icon={<HardDrive size={16} aria-hidden />}>{size}</VideoFigure> : null}
        </>
      }
      owner={
        <>
          <VideoOwner username={data.username} avatar={data.avatar} to="/profile/$username" />
          {data.stream_games ? <GameChip game={data.stream_games} /> : null}
        </>
      }
    >
      {data.description ? <p className="replay-description">{data.description}</p> : null}
      {isOwner ? (
        <DeleteReplayDialog replay={deleting ? data : null} onClose={() => setDeleting(false)} onDeleted={() => void navigate({ to: "/stream/$username", params: { username: data.username } })} />
      ) : null}
    </VideoPage>
  );
}
