import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatLine } from "../api/messages.ts";
import { lineText } from "../format.ts";
import "../../../i18n/screens/chat.ts";
import { CHAT_ANNOUNCE_EVERY_MS } from "./announce-timing.ts";

/**
 * Reads new chat lines out politely, at a bounded rate. The list itself (role="log") is kept silent:
 * left to itself, a screen reader would read every line of a chat that scrolls ten a second.
 */
export function ChatAnnouncer({ lines, loaded }: { lines: ChatLine[]; loaded: boolean }) {
  const text = useBoundedSummary(lines, loaded);
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-chat-announcer>
      {text}
    </div>
  );
}

function useBoundedSummary(lines: ChatLine[], loaded: boolean): string {
  const { t } = useTranslation("chat");
  const [text, setText] = useState("");
  /** The newest line already announced or waiting; the history loaded on open is never read out. */
  const seenId = useRef<number | null>(null);
  const waiting = useRef<ChatLine[]>([]);
  const lastAnnouncedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const newest = lines.at(-1)?.id ?? 0;
    if (seenId.current === null) {
      if (loaded) seenId.current = newest;
      return;
    }
    const since = seenId.current;
    const fresh = lines.filter((line) => line.id > since);
    if (fresh.length === 0) return;
    seenId.current = newest;
    waiting.current.push(...fresh);
    if (timer.current) return;
    const flush = () => {
      timer.current = undefined;
      lastAnnouncedAt.current = Date.now();
      setText(summary(waiting.current, t));
      waiting.current = [];
    };
    const wait = lastAnnouncedAt.current + CHAT_ANNOUNCE_EVERY_MS - Date.now();
    if (wait <= 0) flush();
    else timer.current = setTimeout(flush, wait);
  }, [lines, loaded, t]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return text;
}

function summary(lines: ChatLine[], t: (key: string, options: Record<string, unknown>) => string): string {
  const last = lines.at(-1)!;
  const line = { username: last.system ? t(last.system.key === "raid_arrived" ? "raid_line" : "bracket_line", {}) : last.username, text: lineText(last) };
  return lines.length === 1 ? t("announce_one", line) : t("announce_many", { ...line, count: lines.length });
}
