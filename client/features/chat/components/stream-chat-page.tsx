import { Link } from "@tanstack/react-router";
import { MessageSquareOff } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { useSession } from "../../../data/session.ts";
import { openAuthModal } from "../../../lib/ui.ts";
import { useOwnChatChannel } from "../api/get-own-chat-channel.ts";
import { apiErrorText } from "../format.ts";
import { ChatPanel } from "./chat-panel.tsx";
import "../../../styles/chat.css";
import "../../../i18n/screens/chat.ts";

/**
 * /streamChat/{username}: the chat alone, full height, for the streamer's OBS browser dock. Spec 01
 * §2 and §6: it is drawn only for the channel's owner; anyone else is told so and sent to the stream.
 */
export function StreamChatPage({ username }: { username: string }) {
  const { t } = useTranslation("chat");
  const me = useSession().user;
  const isOwner = me !== null && me.username.toLowerCase() === username.toLowerCase();
  const channel = useOwnChatChannel(isOwner ? me.username : null);

  useEffect(() => {
    const previous = document.title;
    document.title = `${t("chat")} · ${username}`;
    return () => {
      document.title = previous;
    };
  }, [t, username]);

  if (!isOwner) {
    return (
      <main className="chat-popout-page chat-popout-message">
        <MessageSquareOff size={40} aria-hidden className="muted" />
        <h1>{t("owner_only")}</h1>
        <p className="muted">{t("owner_only_text", { username })}</p>
        <div className="chat-popout-actions">
          <Link to="/stream/$username" params={{ username }} className="btn btn-primary">
            {t("open_stream", { username })}
          </Link>
          {me ? null : (
            <Button variant="secondary" onClick={() => openAuthModal("login")}>
              {t("login")}
            </Button>
          )}
        </div>
      </main>
    );
  }
  if (channel.data === undefined) {
    return (
      <main className="chat-popout-page chat-popout-message">
        <QueryState page query={channel} loadingText={t("loading")} failure={(error) => ({ title: t("popout_error"), text: apiErrorText(error) })} />
      </main>
    );
  }
  return (
    <main className="chat-popout-page">
      <ChatPanel streamID={channel.data.channelArn} username={channel.data.username} ownerId={channel.data.user} variant="popout" />
    </main>
  );
}
