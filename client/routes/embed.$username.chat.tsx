import { createFileRoute } from "@tanstack/react-router";
import { MessageSquareOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmbedFrame, EmbedMessage, SiteLink } from "../components/embeds/embed-frame.tsx";
import { Skeleton } from "../components/skeleton.tsx";
import { ChatPanel } from "../features/chat/components/chat-panel.tsx";
import { useStream } from "../features/streams/api/get-stream.ts";

export const Route = createFileRoute("/embed/$username/chat")({ component: ChatEmbedScreen });

/**
 * The channel's chat, for another site's page (issue 36, item 3): read live as a visitor reads it; writing
 * happens on the site (a frame of another site has no session), to which its foot leads.
 */
function ChatEmbedScreen() {
  const { username } = Route.useParams();
  const { t } = useTranslation("chat");
  const { t: te } = useTranslation("embeds");
  const stream = useStream(username);
  const data = stream.data;
  return (
    <EmbedFrame label={`${t("chat")} · ${username}`} className="embed-page-chat">
      {data ? (
        <ChatPanel
          streamID={data.channelArn}
          username={data.username}
          ownerId={data.user}
          variant="popout"
          footer={<SiteLink path={`/stream/${encodeURIComponent(data.username)}`} text="chat_on_site" />}
        />
      ) : stream.isError ? (
        <EmbedMessage icon={<MessageSquareOff size={32} aria-hidden />} title={te("not_found")} />
      ) : (
        <Skeleton height={320} />
      )}
    </EmbedFrame>
  );
}
