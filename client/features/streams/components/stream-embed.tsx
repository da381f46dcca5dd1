import { VideoOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AccessRefusal } from "../../../components/access-refusal.tsx";
import { EmbedMessage, SiteLink, useSiteName } from "../../../components/embeds/embed-frame.tsx";
import { Avatar } from "../../../components/avatar.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useSession } from "../../../data/session.ts";
import { useLiveAccess } from "../api/live-access.ts";
import { useStream } from "../api/get-stream.ts";
import { useStreamEvents } from "../api/use-stream-events.ts";
import { useViewerSession } from "../api/viewers.ts";
import { LivePlayer, ReconnectingNotice } from "./live-player.tsx";
import "../../../styles/streams.css";
import "../../../i18n/screens/streams.ts";
import "../../../i18n/screens/embeds.ts";

/**
 * /embed/{username} (issue 36, item 3): the stream page's player alone. A restricted live asks the same
 * verdict as the stream page (GET /api/live-access, and the media routes again on every file); in another
 * site's frame the reader is a visitor, so a ticketed live is refused there, with the way to the site.
 */
export function StreamEmbed({ username }: { username: string }) {
  const { t } = useTranslation("embeds");
  const site = useSiteName();
  const stream = useStream(username);
  const data = stream.data;
  const live = Boolean(data?.isLive);
  const restricted = Boolean(data && data.watchAccess !== "everyone");
  // A frame of the site's own pages (or a browser that sends the cookie to frames) is the member's; another site's is a visitor's.
  const access = useLiveAccess(username, restricted && live, useSession().user?.id);
  const { reconnecting, resumes } = useStreamEvents(username, data?.channelArn ?? null);
  useViewerSession(data?.channelArn ?? null, live && access.data?.watch.allowed !== false);
  const pagePath = `/stream/${encodeURIComponent(data?.username ?? username)}`;

  if (stream.isPending || (live && restricted && access.isPending)) {
    return <EmbedMessage icon={<Spinner size={32} />} title={t("loading")} />;
  }
  if (!data) return <EmbedMessage icon={<VideoOff size={32} aria-hidden />} title={t("not_found")} />;
  if (live && restricted && access.data && !access.data.watch.allowed) {
    return (
      <div className="embed-stage">
        <AccessRefusal verdict={access.data.watch} instead={<SiteLink path={pagePath} text="watch_on_site" primary />} />
      </div>
    );
  }
  if (live && data.playbackLink) {
    return (
      <div className="embed-stage embed-player">
        <LivePlayer key={resumes} stream={{ ...data, playbackLink: data.playbackLink }} restricted={restricted} onRefused={() => void access.refetch()} />
        {reconnecting ? <ReconnectingNotice /> : null}
      </div>
    );
  }
  return (
    <div className="embed-stage">
      <EmbedMessage icon={<Avatar name={data.username} image={data.avatar} size={56} />} title={t("offline", { username: data.username })} text={t("offline_text", { site })}>
        <SiteLink path={pagePath} text="watch_on_site" primary />
      </EmbedMessage>
    </div>
  );
}
