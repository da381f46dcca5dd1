import { useTranslation } from "react-i18next";
import { VideoPlayer } from "../../../components/player/video-player.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import type { Stream } from "../api/get-stream.ts";
import "../../../i18n/screens/streams.ts";

/**
 * A live's player as the stream page and its embed show it. On a restricted live a file the server refuses (a
 * refunded ticket, a left tournament) makes the page ask its verdict again, and say why (issue 18, item 4).
 */
export function LivePlayer({ stream, restricted, onRefused }: { stream: Stream & { playbackLink: string }; restricted: boolean; onRefused: () => void }) {
  const { t } = useTranslation("streams");
  return (
    <VideoPlayer
      key={stream.channelArn}
      mode="live"
      src={stream.playbackLink}
      flvSrc={stream.flvLink}
      realtimeSrc={stream.realtimeLink}
      poster={stream.thumbnail}
      label={t("player_of", { username: stream.username })}
      onLoadFailure={restricted ? onRefused : undefined}
    />
  );
}

/** Over the live's player while it waits for its dropped encoder during a match (issue 37, item 5), on the stream page and the embed. */
export function ReconnectingNotice() {
  const { t } = useTranslation("streams");
  return (
    <div className="stream-reconnecting" role="status">
      <Spinner size={32} />
      <strong>{t("reconnecting")}</strong>
      <span>{t("reconnecting_text")}</span>
    </div>
  );
}
