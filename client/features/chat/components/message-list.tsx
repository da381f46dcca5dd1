import type { UseQueryResult } from "@tanstack/react-query";
import { ArrowDown, MessageSquare, Rocket, Trophy } from "lucide-react";
import { type CSSProperties, memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import type { ChatLine } from "../api/messages.ts";
import { formatClock, formatFullTime, lineText, nameHue } from "../format.ts";
import { ChatAnnouncer } from "./chat-announcer.tsx";
import { MessageMenu, type MessageMenuAction } from "./message-menu.tsx";
import "../../../i18n/screens/chat.ts";

const EMPTY: ChatLine[] = [];

/** Within this distance of the bottom the reader is "at the newest" and the list follows new lines. */
const FOLLOW_THRESHOLD_PX = 32;

interface MessageListProps {
  /** The history's query; the sockets add to its data. */
  history: UseQueryResult<ChatLine[]>;
  /** Changes when the reader sent a line: the list jumps to the newest whatever the scroll. */
  followToken: number;
  actionsFor?: ((line: ChatLine) => MessageMenuAction[]) | undefined;
  /** The menu names itself for moderators ("Actions de modération…") or for viewers, who may only report. */
  moderator?: boolean;
}

export function MessageList({ history, followToken, actionsFor, moderator = true }: MessageListProps) {
  const { t } = useTranslation("chat");
  const lines = history.data ?? EMPTY;
  const list = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const [atBottom, setAtBottom] = useState(true);
  const [unseen, setUnseen] = useState(0);
  const lastSeenId = useRef<number | undefined>(undefined);
  const newestId = lines.at(-1)?.id;

  const scrollToNewest = useCallback(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
    following.current = true;
    setAtBottom(true);
    setUnseen(0);
  }, []);

  // Before paint: follow the newest line, or count what the reader, scrolled up, has not seen.
  useLayoutEffect(() => {
    if (following.current) {
      scrollToNewest();
    } else if (newestId !== undefined && lastSeenId.current !== undefined && newestId > lastSeenId.current) {
      const since = lastSeenId.current;
      setUnseen((count) => count + lines.filter((line) => line.id > since).length);
    }
    lastSeenId.current = newestId;
  }, [lines, newestId, scrollToNewest]);

  useLayoutEffect(() => {
    if (followToken > 0) scrollToNewest();
  }, [followToken, scrollToNewest]);

  // A resized panel (phone rotation, OBS dock) keeps showing the newest line if it did.
  useEffect(() => {
    const element = list.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (following.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = list.current;
    if (!element) return;
    const bottom = element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_THRESHOLD_PX;
    following.current = bottom;
    setAtBottom(bottom);
    if (bottom) setUnseen(0);
  };

  return (
    <div className="chat-list-wrap">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log must be focusable for keyboard users (WCAG 2.1.1). */}
      <div ref={list} className="chat-list" role="log" aria-live="off" aria-label={t("messages")} tabIndex={0} onScroll={onScroll}>
        <QueryState query={history} pending={<ListSkeleton />} loadingText={t("loading")} failure={t("history_error")}>
          {() =>
            lines.length === 0 ? (
              <div className="chat-list-state muted">
                <MessageSquare size={28} aria-hidden />
                <p>{t("empty")}</p>
              </div>
            ) : (
              <ol className="chat-lines">
                {lines.map((line) => (line.system ? <SystemRow key={line.id} line={line} /> : <MessageRow key={line.id} line={line} actions={actionsFor?.(line)} moderator={moderator} />))}
              </ol>
            )
          }
        </QueryState>
      </div>
      <ChatAnnouncer lines={lines} loaded={history.isSuccess} />
      {!atBottom && unseen > 0 ? (
        <button type="button" className="chat-new-pill" onClick={scrollToNewest} aria-label={`${t("new_messages", { count: unseen })} — ${t("jump_to_latest")}`}>
          <ArrowDown size={14} aria-hidden /> {t("new_messages", { count: unseen })}
        </button>
      ) : null}
    </div>
  );
}

/** One line: avatar, coloured name, the text as plain text (never parsed as HTML), the time on hover. */
const MessageRow = memo(function MessageRow({ line, actions, moderator }: { line: ChatLine; actions: MessageMenuAction[] | undefined; moderator: boolean }) {
  const { i18n } = useTranslation();
  const full = formatFullTime(line.timestamp, i18n.language);
  return (
    <li className="chat-line" data-message-id={line.id}>
      <Avatar name={line.username} image={line.avatar} size={24} />
      <p className="chat-line-body" title={full}>
        <span className="chat-author" style={{ "--name-hue": nameHue(line.username) } as CSSProperties}>
          {line.username}
        </span>
        <span className="chat-colon">: </span>
        <span className="chat-text">{line.text}</span>
      </p>
      <span className="chat-line-tools">
        <time className="chat-time" dateTime={line.timestamp} title={full}>
          {formatClock(line.timestamp, i18n.language)}
        </time>
        {actions?.length ? <MessageMenu username={line.username} actions={actions} moderator={moderator} /> : null}
      </span>
    </li>
  );
});

/** A line of the tournament's bracket (issue 18) or a raid's arrival (issue 36): no author, set apart from what people write, in the reader's language. */
const SystemRow = memo(function SystemRow({ line }: { line: ChatLine }) {
  const { t, i18n } = useTranslation("chat");
  const full = formatFullTime(line.timestamp, i18n.language);
  const raid = line.system?.key === "raid_arrived";
  return (
    <li className="chat-line chat-line-system" data-message-id={line.id} data-system={line.system?.key}>
      {raid ? <Rocket size={16} aria-hidden className="chat-system-icon" /> : <Trophy size={16} aria-hidden className="chat-system-icon" />}
      <p className="chat-line-body" title={full}>
        <span className="sr-only">{raid ? t("raid_line") : t("bracket_line")}: </span>
        <span className="chat-text">{lineText(line)}</span>
      </p>
      <span className="chat-line-tools">
        <time className="chat-time" dateTime={line.timestamp} title={full}>
          {formatClock(line.timestamp, i18n.language)}
        </time>
      </span>
    </li>
  );
});

function ListSkeleton() {
  return (
    <div className="chat-skeleton">
      {[72, 55, 88, 40, 64].map((width, index) => (
        <div key={index} className="chat-skeleton-line">
          <Skeleton width={24} height={24} radius="50%" />
          <Skeleton width={`${width}%`} height={14} />
        </div>
      ))}
    </div>
  );
}
