import { useNavigate } from "@tanstack/react-router";
import clsx from "clsx";
import { VideoOff } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { Button } from "../../../components/button.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { Tabs } from "../../../components/tabs.tsx";
import { useSession } from "../../../data/session.ts";
import { toast } from "../../../lib/ui.ts";
import { type Stream, StreamLoadError, streamErrorKey, useStream } from "../api/get-stream.ts";
import { useStreamEvents } from "../api/use-stream-events.ts";
import { useLiveAccess } from "../api/live-access.ts";
import { AccessBadge } from "../../../components/access-badge.tsx";
import { AccessRefusal } from "../../../components/access-refusal.tsx";
import { useViewerCount, useViewerSession } from "../api/viewers.ts";
import { useIsPhone } from "../use-is-phone.ts";
import { LivePlayer, ReconnectingNotice } from "./live-player.tsx";
import { ShareModal } from "./share-modal.tsx";
import { StreamInfo } from "./stream-info.tsx";
import { LiveStats, StreamToolbar } from "./stream-toolbar.tsx";
import "../../../styles/streams.css";
import "../../../i18n/screens/streams.ts";

interface StreamPageProps {
  username: string;
  /** The chat column, drawn once the stream is known (the chat is its own feature; the route hands it in). */
  renderChat?: (stream: Stream) => ReactNode;
  /** What the channel's owner sees under the offline message (their replays). */
  ownerOffline?: ReactNode;
  /** Under the stream's info, whoever watches (the streamer's tournament bracket). */
  renderBelow?: (stream: Stream) => ReactNode;
  /** The channel's follow button (the follows feature's), shown to anyone but the owner. */
  renderFollow?: (stream: Stream) => ReactNode;
  /** Right under the player, whoever watches (the tournament match this channel streams). */
  renderBanner?: (stream: Stream) => ReactNode;
  /** The clip button (the clips feature's), in the toolbar. */
  renderClip?: (stream: Stream) => ReactNode;
  /** The owner's raid button (the raids feature's), in the toolbar while live. */
  renderOwnerLive?: (stream: Stream) => ReactNode;
}

/**
 * /stream/{username} (spec 01 §2): player with the chat on the right, toolbar and details under it;
 * on phones player, title, viewers, streamer, then Chat and Details tabs. Viewer presence and the
 * count follow the live; the stream is read again every 30 s (and at once on live/offline events).
 */
export function StreamPage({ username, renderChat, ownerOffline, renderOwnerLive, renderBelow, renderFollow, renderBanner, renderClip }: StreamPageProps) {
  const { t } = useTranslation("streams");
  const navigate = useNavigate();
  const stream = useStream(username);
  const me = useSession().user;
  const phone = useIsPhone();
  const [shareOpen, setShareOpen] = useState(false);
  const closeShare = useCallback(() => setShareOpen(false), []);
  const [tab, setTab] = useState<"chat" | "details">("chat");
  const toldError = useRef(false);

  const data = stream.data;
  const live = Boolean(data?.isLive);
  const channelArn = data?.channelArn ?? null;
  const isOwner = Boolean(me && (data ? data.user === me.id : me.username.toLowerCase() === username.toLowerCase()));
  const restricted = Boolean(data && data.watchAccess !== "everyone");
  const access = useLiveAccess(username, restricted && live, me?.id);
  // Someone kept out of a restricted live does not watch it: they are not counted among its viewers.
  useViewerSession(channelArn, live && access.data?.watch.allowed !== false);
  // Nor are they offered to clip it (the server refuses them too): a restricted live's button waits for the verdict.
  const mayClip = !restricted || access.data?.watch.allowed === true;
  const { reconnecting, resumes } = useStreamEvents(username, channelArn);
  const viewers = useViewerCount(channelArn, live);
  const viewerCount = viewers.data?.viewerCount ?? data?.viewerCount ?? 0;
  const startTime = viewers.data?.startTime ?? data?.startTime ?? null;

  // Spec 01 §8: a user without a channel has a profile instead; other failures are told once.
  useEffect(() => {
    const error = stream.error;
    if (!error) {
      toldError.current = false;
      return;
    }
    if (error instanceof StreamLoadError && error.status === 404 && error.profileUsername) {
      void navigate({ to: "/profile/$username", params: { username: error.profileUsername }, replace: true });
      return;
    }
    if (data || toldError.current || (error instanceof StreamLoadError && error.status === 404)) return;
    toldError.current = true;
    const key = streamErrorKey(error);
    if (key === "load_session_expired") toast.warning(t(key));
    else toast.error(t(key));
  }, [stream.error, data, navigate, t]);

  useEffect(() => {
    const previous = document.title;
    document.title = data ? `${data.username} · ${data.title || t("default_title")}` : username;
    return () => {
      document.title = previous;
    };
  }, [data, username, t]);

  const stage = (
    <div className="stream-stage">
      {playerArea()}
      {live && reconnecting ? <ReconnectingNotice /> : null}
    </div>
  );

  function playerArea(): ReactNode {
    if (stream.isPending) return <StageMessage busy title={t("loading")} />;
    if (!data) {
      const unknownUser = stream.error instanceof StreamLoadError && stream.error.status === 404;
      return (
        <StageMessage title={t("no_live")} text={unknownUser ? t("unknown_user") : t(streamErrorKey(stream.error))}>
          {unknownUser ? null : (
            <Button variant="secondary" size="sm" onClick={() => void stream.refetch()} busy={stream.isFetching}>
              {t("retry")}
            </Button>
          )}
        </StageMessage>
      );
    }
    if (data.isLive && restricted && access.isPending) return <StageMessage busy title={t("loading")} />;
    if (data.isLive && restricted && access.data && !access.data.watch.allowed) return <AccessRefusal verdict={access.data.watch} />;
    if (data.isLive && data.playbackLink) {
      // A new key after the encoder came back (a match's long reconnect, issue 37, item 5): the player starts again.
      return <LivePlayer key={`${data.channelArn}-${resumes}`} stream={{ ...data, playbackLink: data.playbackLink }} restricted={restricted} onRefused={() => void access.refetch()} />;
    }
    if (!data.isLive) return <StageMessage title={t("no_live")} text={t("not_live")} avatar={data} avatarSize={phone ? 44 : 72} />;
    return <StageMessage busy title={t("loading")} />;
  }

  const share = data ? <ShareModal open={shareOpen} onClose={closeShare} username={data.username} title={data.title} /> : null;
  const ownerExtra = data && !data.isLive && isOwner ? ownerOffline : null;
  // The same toolbar on a phone (under its Details tab) and on a desktop (under the player).
  const toolbar = data ? (
    <StreamToolbar
      stream={data}
      viewerCount={viewerCount}
      startTime={startTime}
      follow={isOwner ? null : renderFollow?.(data)}
      clip={mayClip ? renderClip?.(data) : null}
      raid={isOwner && data.isLive ? renderOwnerLive?.(data) : null}
      onShare={() => setShareOpen(true)}
    />
  ) : null;

  if (phone) {
    return (
      <div className="stream-page stream-page-phone">
        {stage}
        {data ? (
          <>
            {renderBanner?.(data)}
            <div className="stream-phone-head">
              <h1 className="stream-title">{data.title || t("default_title")}</h1>
              <AccessBadge access={data.watchAccess} label={t(`access_${data.watchAccess}`)} />
              {live ? <LiveStats viewerCount={viewerCount} startTime={startTime} /> : null}
              <div className="stream-phone-streamer">
                <Avatar name={data.username} image={data.avatar} size={36} isLive={live} isVerified={data.verified} />
                <span className="stream-username">{data.username}</span>
                {isOwner ? null : renderFollow?.(data)}
              </div>
            </div>
            <Tabs
              label={t("sections")}
              value={tab}
              onChange={setTab}
              tabs={[
                { id: "chat", label: t("tab_chat") },
                { id: "details", label: t("tab_details") },
              ]}
            />
            <div className="stream-phone-panel" role="tabpanel" aria-label={tab === "chat" ? t("tab_chat") : t("tab_details")}>
              {tab === "chat" ? (
                renderChat?.(data)
              ) : (
                <div className="stream-phone-details">
                  {toolbar}
                  <StreamInfo stream={data} compact />
                  {renderBelow?.(data)}
                  {ownerExtra}
                </div>
              )}
            </div>
            {share}
          </>
        ) : null}
      </div>
    );
  }

  return (
    <div className="stream-page">
      <div className="stream-main">
        {stage}
        {data ? (
          <>
            {renderBanner?.(data)}
            {toolbar}
            <StreamInfo stream={data} />
            {renderBelow?.(data)}
            {ownerExtra}
            {share}
          </>
        ) : null}
      </div>
      {data && renderChat ? <div className="stream-chat">{renderChat(data)}</div> : stream.isPending ? <div className="stream-chat stream-chat-pending" aria-hidden /> : null}
    </div>
  );
}

function StageMessage({ title, text, busy, avatar, avatarSize = 72, children }: { title: string; text?: string; busy?: boolean; avatar?: Stream; avatarSize?: number; children?: ReactNode }) {
  return (
    <div className={clsx("stream-stage-message", busy && "stream-stage-busy")} role={busy ? "status" : undefined}>
      {busy ? <Spinner size={40} /> : avatar ? <Avatar name={avatar.username} image={avatar.avatar} size={avatarSize} /> : <VideoOff size={40} aria-hidden />}
      <h2>{title}</h2>
      {text ? <p>{text}</p> : null}
      {children}
    </div>
  );
}
