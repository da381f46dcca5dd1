import { Link, useNavigate } from "@tanstack/react-router";
import { Eye, Gamepad2, Pencil, Radio, Scissors, Trash2, Video } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { CopyField } from "../../../components/copy-field.tsx";
import { VideoPlayer } from "../../../components/player/video-player.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { useVideoTitle, VideoDate, VideoDuration, VideoFigure, VideoOwner, VideoPage, VideoPageMissing, VideoStageMessage } from "../../../components/video-page.tsx";
import { ApiError } from "../../../lib/api.ts";
import { formatCount, formatDuration } from "../../../lib/format.ts";
import { toast } from "../../../lib/ui.ts";
import { useDeleteClip, useRenameClip } from "../api/clip-changes.ts";
import { CLIP_TITLE_MAX } from "../../../../shared/clips.ts";
import { type Clip, useClip } from "../api/clips.ts";
import "../../../styles/streams.css";
import "../../../styles/clips.css";
import "../../../i18n/screens/clips.ts";
import "../../../i18n/screens/errors.ts";

/**
 * /clip/{clipId}: the clip in the site's player once cut (until then, that it is being cut), its
 * title (its author may change it), the channel, the game, who clipped it and what from; its author,
 * the streamer and moderators may delete it.
 */
export function ClipPage({ clipId }: { clipId: number }) {
  const { t } = useTranslation("clips");
  const clip = useClip(clipId);
  const notFound = clip.error instanceof ApiError && clip.error.status === 404;

  useVideoTitle(clip.data?.title);

  if (notFound) return <VideoPageMissing title={t("clip_not_found")} homeLabel={t("go_home")} />;
  if (!clip.data)
    return (
      <main className="page">
        <QueryState page query={clip} loadingText={t("clip_loading")} />
      </main>
    );
  return <ClipDetails clip={clip.data} />;
}

function ClipDetails({ clip }: { clip: Clip }) {
  const { t, i18n } = useTranslation("clips");
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <VideoPage
      className="clip-page"
      stage={
        clip.status === "ready" && clip.videoUrl ? (
          <VideoPlayer mode="replay" src={clip.videoUrl} poster={clip.thumbnailUrl} label={clip.title} autoPlay />
        ) : (
          <VideoStageMessage processing={clip.status === "processing"} label={clip.status === "processing" ? t("clip_processing") : t("clip_failed")} />
        )
      }
      heading={
        editing ? (
          <TitleForm clip={clip} onDone={() => setEditing(false)} />
        ) : (
          <h1 className="replay-title">
            <Scissors size={20} aria-hidden /> {clip.title}
          </h1>
        )
      }
      actions={
        <>
          {clip.canEdit && !editing ? (
            <Button variant="ghost" size="sm" icon={<Pencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
              {t("edit_title")}
            </Button>
          ) : null}
          {clip.canDelete ? (
            <Button variant="ghost" size="sm" icon={<Trash2 size={16} aria-hidden />} onClick={() => setDeleting(true)}>
              {t("delete")}
            </Button>
          ) : null}
        </>
      }
      figures={
        <>
          <VideoFigure icon={<Eye size={16} aria-hidden />}>{t("views", { count: clip.viewCount, formatted: formatCount(clip.viewCount) })}</VideoFigure>
          <VideoDuration seconds={clip.duration} />
          <VideoDate at={clip.createdAt} language={i18n.language} />
        </>
      }
      owner={
        <>
          <VideoOwner username={clip.channel.username} avatar={clip.channel.avatar} to="/stream/$username" />
          {clip.game ? (
            <Link to="/game/$id" params={{ id: clip.game.id }} className="game-chip">
              <Gamepad2 size={20} aria-hidden />
              <span>{clip.game.name}</span>
            </Link>
          ) : null}
          <Link to="/profile/$username" params={{ username: clip.author.username }} className="muted">
            {t("by_author", { username: clip.author.username })}
          </Link>
          <ClipSource clip={clip} />
        </>
      }
    >
      <CopyField label={t("clip_link")} value={`${window.location.origin}/clip/${clip.id}`} copyLabel={t("copy_link")} />
      <DeleteClipDialog clip={deleting ? clip : null} onClose={() => setDeleting(false)} onDeleted={() => void navigate({ to: "/profile/$username", params: { username: clip.channel.username } })} />
    </VideoPage>
  );
}

/** What the clip was cut from: the channel's live, or the replay at the cut's start. */
function ClipSource({ clip }: { clip: Clip }) {
  const { t } = useTranslation("clips");
  if (clip.source.kind === "replay" && clip.source.replayId !== null) {
    return (
      <Link to="/replay/$replayId" params={{ replayId: clip.source.replayId }} className="clip-source">
        <Video size={16} aria-hidden />
        {t("from_replay", { time: formatDuration(clip.source.startSeconds) })}
      </Link>
    );
  }
  return (
    <Link to="/stream/$username" params={{ username: clip.channel.username }} className="clip-source">
      <Radio size={16} aria-hidden />
      {t("from_live", { username: clip.channel.username })}
    </Link>
  );
}

function TitleForm({ clip, onDone }: { clip: Clip; onDone: () => void }) {
  const { t } = useTranslation("clips");
  const [title, setTitle] = useState(clip.title);
  const rename = useRenameClip(clip.id);
  const error = rename.error instanceof ApiError ? (rename.error.fields[0]?.msg ?? rename.error.message) : undefined;
  return (
    <form
      className="clip-title-form"
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate(title, {
          onSuccess: () => {
            toast.success(t("title_saved"));
            onDone();
          },
          onError: () => toast.error(t("rename_failed")),
        });
      }}
    >
      <TextField label={t("title")} value={title} maxLength={CLIP_TITLE_MAX} required onChange={(event) => setTitle(event.target.value)} error={error} />
      <Button type="submit" size="sm" busy={rename.isPending}>
        {t("save")}
      </Button>
      <Button variant="secondary" size="sm" onClick={onDone}>
        {t("cancel")}
      </Button>
    </form>
  );
}

function DeleteClipDialog({ clip, onClose, onDeleted }: { clip: Clip | null; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation("clips");
  const remove = useDeleteClip();
  const cancel = useCallback(() => !remove.isPending && onClose(), [remove.isPending, onClose]);
  return (
    <ConfirmDialog
      open={clip !== null}
      title={t("delete_title")}
      confirmLabel={t("delete")}
      busyLabel={t("deleting")}
      busy={remove.isPending}
      danger
      onCancel={cancel}
      onConfirm={() => {
        if (!clip) return;
        remove.mutate(clip.id, {
          onSuccess: () => {
            toast.success(t("deleted"));
            onClose();
            onDeleted();
          },
          onError: (error) => toast.error(error.message),
        });
      }}
    >
      <p>{t("delete_text", { title: clip?.title ?? "" })}</p>
    </ConfirmDialog>
  );
}
