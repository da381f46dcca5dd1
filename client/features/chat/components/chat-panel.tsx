import clsx from "clsx";
import { Timer } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../data/session.ts";
import { openReportModal, toast } from "../../../lib/ui.ts";
import { useChatMessages } from "../api/get-chat-history.ts";
import { chatStateQueryOptions, useBannedUsers, useChatState } from "../api/get-chat-state.ts";
import type { ChatLine } from "../api/messages.ts";
import { SLOW_MODE_CHOICES, TIMEOUT_MINUTES, useBanUser, useDeleteMessage, useSetSlowMode, useUnbanUser } from "../api/moderate-chat.ts";
import { useChatEvents } from "../api/use-chat-events.ts";
import { apiErrorText, formatDuration } from "../format.ts";
import { BanDialog } from "./ban-dialog.tsx";
import { ChatComposer } from "./chat-composer.tsx";
import { MessageList } from "./message-list.tsx";
import type { MessageMenuAction } from "./message-menu.tsx";
import "../../../styles/chat.css";
import "../../../i18n/screens/chat.ts";

interface ChatPanelProps {
  /** The channel's public id: `channelArn` (or `_id`) of GET /api/stream/stream/{username}. */
  streamID: string;
  /** The channel owner's username. */
  username: string;
  /** The channel owner's user id: the owner cannot be banned from their own chat. */
  ownerId: number;
  /** "docked": the 300 px column beside the player (full width on phones); "popout": the whole window (OBS dock). */
  variant?: "docked" | "popout";
  className?: string;
  /** Whether the reader follows the channel: a followers-only chat asks again when it changes. */
  followed?: boolean;
  /** The channel's follow button (the follows feature's), offered by a followers-only chat to who may not write. */
  followButton?: ReactNode;
  /** In place of the input: an embed's link to write on the site (a frame of another site has no session). */
  footer?: ReactNode;
}

/** A stream's chat: history and live lines, the input, and the moderators' tools (spec 01 §2, §4, §5). */
export function ChatPanel({ streamID, username, ownerId, variant = "docked", className, followed, followButton, footer }: ChatPanelProps) {
  const { t } = useTranslation("chat");
  const headingId = useId();
  const me = useSession().user;
  const { online, send } = useChatEvents(streamID);
  const messages = useChatMessages(streamID);
  const state = useChatState(streamID, me?.id ?? null);
  const banned = useBannedUsers(streamID);
  useAskAgainWhenFollowChanges(streamID, me?.id ?? null, followed);
  const canModerate = Boolean(me && state.data?.canModerate);
  const [followToken, setFollowToken] = useState(0);
  const [banTarget, setBanTarget] = useState<{ userId: number; username: string } | null>(null);

  const deleteMessage = useDeleteMessage(streamID);
  const banUser = useBanUser(streamID);
  const unbanUser = useUnbanUser(streamID);
  const failed = (error: unknown) => toast.error(apiErrorText(error));

  const actionsFor = (line: ChatLine): MessageMenuAction[] => {
    // Anyone logged in may report someone else's message; moderation comes first for those who moderate.
    const report: MessageMenuAction[] =
      line.userId === me?.id ? [] : [{ key: "report", label: t("report"), run: () => openReportModal({ targetType: "message", targetId: line.id, label: line.username }) }];
    return canModerate ? [...moderationActions(line), ...report] : report;
  };

  const moderationActions = (line: ChatLine): MessageMenuAction[] => {
    const actions: MessageMenuAction[] = [
      { key: "delete", label: t("delete"), danger: true, run: () => deleteMessage.mutate(line.id, { onSuccess: () => toast.success(t("deleted_done")), onError: failed }) },
    ];
    // The owner cannot be banned from their own chat, and nobody bans themselves.
    if (line.userId === ownerId || line.userId === me?.id) return actions;
    if (line.userId in banned) {
      actions.push({ key: "unban", label: t("unban"), run: () => unbanUser.mutate(line.userId, { onSuccess: () => toast.success(t("unbanned_done", { username: line.username })), onError: failed }) });
    } else {
      actions.push(
        {
          key: "timeout",
          label: t("timeout"),
          run: () => banUser.mutate({ userId: line.userId, minutes: TIMEOUT_MINUTES }, { onSuccess: () => toast.success(t("timeout_done", { username: line.username })), onError: failed }),
        },
        { key: "ban", label: t("ban"), danger: true, run: () => setBanTarget({ userId: line.userId, username: line.username }) },
      );
    }
    return actions;
  };

  return (
    <section className={clsx("chat-panel", `chat-panel-${variant}`, className)} aria-labelledby={headingId}>
      <header className="chat-header">
        <h2 id={headingId} className="chat-title">
          {t("chat")}
          {variant === "popout" ? <span className="chat-title-channel">{` · ${username}`}</span> : null}
        </h2>
        <span className={clsx("chat-status", online ? "chat-status-online" : "chat-status-offline")} role="status">
          <span className="chat-status-dot" aria-hidden />
          {online ? t("online") : t("offline")}
        </span>
        {canModerate ? <SlowModeSelect streamID={streamID} value={state.data?.slowSeconds ?? 0} /> : null}
      </header>
      <MessageList history={messages} followToken={followToken} actionsFor={me && !footer ? actionsFor : undefined} moderator={canModerate} />
      {footer ? (
        <div className="chat-footer">{footer}</div>
      ) : (
        <ChatComposer
          loggedIn={Boolean(me)}
          ban={state.data?.ban ?? null}
          access={state.data?.access}
          followButton={followButton}
          slowSeconds={state.data?.slowSeconds ?? 0}
          send={send}
          onSent={() => setFollowToken((token) => token + 1)}
        />
      )}
      {canModerate ? (
        <BanDialog
          key={banTarget?.userId ?? 0}
          username={banTarget?.username ?? null}
          busy={banUser.isPending}
          onCancel={() => setBanTarget(null)}
          onConfirm={(reason) => {
            if (!banTarget) return;
            banUser.mutate(
              { userId: banTarget.userId, reason },
              {
                onSuccess: () => {
                  toast.success(t("banned_done", { username: banTarget.username }));
                  setBanTarget(null);
                },
                onError: failed,
              },
            );
          }}
        />
      ) : null}
    </section>
  );
}

/** Following (here or in the toolbar) may open a followers-only chat: its state is read again, not guessed. */
function useAskAgainWhenFollowChanges(streamID: string, userId: number | null, followed: boolean | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef(followed);
  useEffect(() => {
    if (seen.current === followed) return;
    seen.current = followed;
    void queryClient.invalidateQueries({ queryKey: chatStateQueryOptions(streamID, userId).queryKey, exact: true });
  }, [queryClient, streamID, userId, followed]);
}

function SlowModeSelect({ streamID, value }: { streamID: string; value: number }) {
  const { t } = useTranslation("chat");
  const setSlowMode = useSetSlowMode(streamID);
  const choices: number[] = SLOW_MODE_CHOICES.includes(value as (typeof SLOW_MODE_CHOICES)[number]) ? [...SLOW_MODE_CHOICES] : [...SLOW_MODE_CHOICES, value].sort((a, b) => a - b);
  return (
    <label className="chat-slow-select" title={t("slow_mode")}>
      <Timer size={14} aria-hidden />
      <span className="sr-only">{t("slow_mode")}</span>
      <select
        value={value}
        disabled={setSlowMode.isPending}
        onChange={(event) => {
          const seconds = Number(event.target.value);
          setSlowMode.mutate(seconds, {
            onSuccess: () => toast.info(seconds === 0 ? t("slow_mode_set_off") : t("slow_mode_set", { duration: formatDuration(seconds) })),
            onError: (error) => toast.error(apiErrorText(error)),
          });
        }}
      >
        {choices.map((seconds) => (
          <option key={seconds} value={seconds}>
            {seconds === 0 ? t("slow_mode_off") : formatDuration(seconds)}
          </option>
        ))}
      </select>
    </label>
  );
}
