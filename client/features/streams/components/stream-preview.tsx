import { Link } from "@tanstack/react-router";
import { ExternalLink, Radio, Settings } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useSession } from "../../../data/session.ts";
import { VideoPlayer } from "../../../components/player/video-player.tsx";
import { type Stream, StreamLoadError, streamErrorKey, useStream } from "../api/get-stream.ts";
import { useStreamEvents } from "../api/use-stream-events.ts";
import { useViewerCount } from "../api/viewers.ts";
import { LiveStats } from "./stream-toolbar.tsx";
import { goLiveStore } from "../../../lib/ui.ts";
import "../../../styles/streams.css";
import "../../../i18n/screens/streams.ts";

/**
 * /preview: the streamer's own live as viewers get it, muted, without counting as one of them (the
 * page never joins the viewer list), with what viewers read beside it and the way to go live.
 */
export function StreamPreview() {
  const { t } = useTranslation("streams");
  const { user } = useSession();
  const stream = useStream(user!.username);
  // Going live shows here at once, not at the next 30 s read.
  useStreamEvents(user!.username, stream.data?.channelArn ?? null);
  return (
    <main className="page stream-preview">
      <header className="page-header">
        <div>
          <h1>{t("preview_title")}</h1>
          <p className="muted">{t("preview_intro")}</p>
        </div>
        <Link to="/stream/$username" params={{ username: user!.username }} className="btn btn-secondary">
          <ExternalLink size={18} aria-hidden /> {t("preview_open_page")}
        </Link>
      </header>
      {/* A member whose channel is not made yet (404) has nothing to preview: the same as not live. */}
      {stream.error instanceof StreamLoadError && stream.error.status === 404 ? (
        <NotLive />
      ) : (
        <QueryState query={stream} pending={<Skeleton height={360} />} failure={(error) => t(streamErrorKey(error))}>
          {(data) => <PreviewOf stream={data} />}
        </QueryState>
      )}
    </main>
  );
}

function PreviewOf({ stream }: { stream: Stream }) {
  const { t } = useTranslation("streams");
  const viewers = useViewerCount(stream.channelArn, stream.isLive);
  if (!stream.isLive || !stream.playbackLink) return <NotLive />;
  return (
    <div className="stream-preview-layout">
      <div className="stream-stage">
        <VideoPlayer
          key={stream.channelArn}
          mode="live"
          src={stream.playbackLink}
          flvSrc={stream.flvLink}
          poster={stream.thumbnail}
          label={t("player_of", { username: stream.username })}
          startMuted
          keyboard={false}
        />
      </div>
      <section className="stream-preview-facts" aria-label={t("preview_what_viewers_see")}>
        <LiveStats viewerCount={viewers.data?.viewerCount ?? stream.viewerCount} startTime={viewers.data?.startTime ?? stream.startTime} />
        <h2>{stream.title || t("default_title")}</h2>
        {stream.game ? <p className="muted">{stream.game.name}</p> : null}
        {stream.tags.length ? <p className="small">{stream.tags.map((tag) => `#${tag}`).join(" ")}</p> : null}
        <Link to="/settings" className="btn btn-secondary btn-sm">
          <Settings size={16} aria-hidden /> {t("preview_settings")}
        </Link>
      </section>
    </div>
  );
}

function NotLive() {
  const { t } = useTranslation("streams");
  return (
    <EmptyState
      icon={<Radio size={40} aria-hidden />}
      title={t("preview_offline")}
      action={
        <div className="row">
          <Button onClick={() => goLiveStore.set(true)}>{t("preview_go_live")}</Button>
          <Link to="/how-to-stream" className="btn btn-secondary">
            {t("preview_how_to")}
          </Link>
        </div>
      }
    >
      {t("preview_offline_text")}
    </EmptyState>
  );
}
