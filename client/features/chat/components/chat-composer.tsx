import { Ban, LogIn, SendHorizontal, Timer } from "lucide-react";
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { openAuthModal } from "../../../lib/ui.ts";
import type { ChatState } from "../api/get-chat-state.ts";
import { MAX_MESSAGE_LENGTH } from "../api/messages.ts";
import type { SendResult } from "../api/use-chat-events.ts";
import { formatDuration, formatUntil, refusalText } from "../format.ts";
import { ChatRuleLine, ChatRuleRefusal, chatRuleTitle } from "./chat-rule.tsx";
import "../../../i18n/screens/chat.ts";

/** The counter appears this close to the limit. */
const COUNTER_FROM = MAX_MESSAGE_LENGTH - 50;

// The player's shortcuts (F, Space, M) listen on the document: keys typed here never get there (UI.md).
const keepFromPlayer = (event: { stopPropagation: () => void }) => event.stopPropagation();

interface ChatComposerProps {
  loggedIn: boolean;
  ban: ChatState["ban"];
  /** The chat's rule and this reader's verdict (undefined while it loads: the server checks each message anyway). */
  access: ChatState["access"] | undefined;
  /** The channel's follow button, for a followers-only chat. */
  followButton?: ReactNode;
  slowSeconds: number;
  send: (text: string) => Promise<SendResult>;
  onSent: () => void;
}

/**
 * The chat's input, and above it the rules that apply before anyone types (like Twitch's
 * "Followers-only chat"): the slow mode, who may write, and for someone who may not, why and how to get in.
 */
export function ChatComposer({ loggedIn, ban, access, followButton, slowSeconds, send, onSent }: ChatComposerProps) {
  const { t } = useTranslation("chat");
  const activeBan = useActiveBan(ban);
  const rule = access && access.mode !== "everyone" ? <ChatRuleLine mode={access.mode} /> : null;
  const slow =
    slowSeconds > 0 || rule ? (
      <>
        {rule}
        {slowSeconds > 0 ? (
          <p className="chat-slow">
            <Timer size={14} aria-hidden /> {t("slow_mode_active", { duration: formatDuration(slowSeconds) })}
          </p>
        ) : null}
      </>
    ) : null;

  if (!loggedIn) {
    return (
      <div className="chat-composer">
        {slow}
        {/* The button goes under the words when they would not fit beside it: the words are never cut. */}
        <div className="chat-input-row chat-login-row">
          <input className="chat-input" type="text" disabled placeholder={t("login_required")} aria-label={t("login_required")} />
          <Button size="sm" icon={<LogIn size={16} aria-hidden />} onClick={() => openAuthModal("login")}>
            {t("login")}
          </Button>
        </div>
      </div>
    );
  }
  if (activeBan) return <BanNotice ban={activeBan} />;
  if (access && !access.allowed && access.reason !== "login") {
    const title = chatRuleTitle(t, access.mode);
    return (
      <div className="chat-composer">
        {slow}
        <ChatRuleRefusal access={access} followButton={followButton} />
        <input className="chat-input" type="text" disabled placeholder={title} aria-label={title} />
      </div>
    );
  }
  return <MessageInput send={send} onSent={onSent} slow={slow} />;
}

function MessageInput({ send, onSent, slow }: { send: ChatComposerProps["send"]; onSent: () => void; slow: ReactNode }) {
  const { t } = useTranslation("chat");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const errorId = useId();
  const counterId = useId();
  const left = MAX_MESSAGE_LENGTH - text.length;

  const submit = async () => {
    const message = text.trim();
    // Blank or whitespace-only lines are never sent (spec 01 §5).
    if (!message || sending) return;
    setSending(true);
    const answer = await send(message);
    setSending(false);
    if (answer.ok) {
      setText("");
      setError(null);
      onSent();
    } else {
      setError(refusalText(answer.code, answer.msg));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    keepFromPlayer(event);
    // Enter sends, with or without Shift; a composing IME keeps its own Enter.
    if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
      }}
    >
      {slow}
      <div className="chat-input-row">
        <input
          className="chat-input"
          type="text"
          value={text}
          maxLength={MAX_MESSAGE_LENGTH}
          placeholder={t("input_label")}
          aria-label={t("input_label")}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : "", text.length >= COUNTER_FROM ? counterId : ""].filter(Boolean).join(" ") || undefined}
          autoComplete="off"
          enterKeyHint="send"
          onChange={(event) => {
            setText(event.target.value.replace(/[\r\n]+/g, " "));
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          onKeyUp={keepFromPlayer}
        />
        <button type="submit" className="chat-send" aria-label={t("send")} disabled={!text.trim() || sending}>
          <SendHorizontal size={18} aria-hidden />
        </button>
      </div>
      {error || text.length >= COUNTER_FROM ? (
        <div className="chat-input-meta">
          {error ? (
            <p id={errorId} className="chat-error" role="alert">
              {error}
            </p>
          ) : (
            <span />
          )}
          {text.length >= COUNTER_FROM ? (
            <span id={counterId} className={left <= 10 ? "chat-counter chat-counter-low" : "chat-counter"} aria-live="polite">
              {t("characters_left", { count: left })}
            </span>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

function BanNotice({ ban }: { ban: NonNullable<ChatState["ban"]> }) {
  const { t, i18n } = useTranslation("chat");
  return (
    <div className="chat-composer">
      <div className="chat-banned" role="status">
        <Ban size={18} aria-hidden />
        <div>
          <p className="chat-banned-title">{ban.until ? t("timed_out_until", { time: formatUntil(ban.until, i18n.language) }) : t("banned")}</p>
          {ban.reason ? <p className="chat-banned-reason">{t("banned_reason", { reason: ban.reason })}</p> : null}
        </div>
      </div>
      <input className="chat-input" type="text" disabled placeholder={t("input_label")} aria-label={t("input_label")} />
    </div>
  );
}

/** The ban while it lasts: a timeout ends by itself at its time, without a reload. */
function useActiveBan(ban: ChatState["ban"]): ChatState["ban"] {
  const [, setTick] = useState(0);
  const until = ban?.until ? Date.parse(ban.until) : null;
  useEffect(() => {
    if (until === null) return;
    const wait = until - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), Math.min(wait + 250, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [until]);
  if (!ban) return null;
  return until !== null && until <= Date.now() ? null : ban;
}
