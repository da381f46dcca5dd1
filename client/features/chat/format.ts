import i18next from "i18next";
import { ApiError } from "../../lib/api.ts";
import "../../i18n/screens/chat.ts";
import "../../i18n/screens/errors.ts";

/** A colour of the author's own: the hue comes from a hash of the name, the lightness from the theme (chat.css). */
export function nameHue(name: string): number {
  let hash = 5381;
  for (const char of name) hash = ((hash << 5) + hash + char.charCodeAt(0)) | 0;
  return Math.abs(hash) % 360;
}

/** A line's text as the reader reads it: the bracket's lines in the reader's language (issue 18), others as typed. */
export function lineText(line: { text: string; system?: { key: string; params: Record<string, string | number> } }): string {
  return line.system ? i18next.t(`chat:${line.system.key}`, { ...line.system.params, defaultValue: line.text }) : line.text;
}

/** "5 s", "30 s", "2 min": the same in both languages. */
export function formatDuration(seconds: number): string {
  return seconds < 60 || seconds % 60 !== 0 ? `${seconds} s` : `${seconds / 60} min`;
}

export function formatClock(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
}

export function formatFullTime(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(iso));
}

/** A ban's end: the time alone today, with the date otherwise. */
export function formatUntil(iso: string, lang: string): string {
  const date = new Date(iso);
  const today = date.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(lang, today ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/**
 * A refusal in the reader's language. The socket's handshake carries the browser's language, not
 * the one chosen in the app, so the text comes from the stable code; the server's number (seconds,
 * minutes) fills the placeholder, and its message is the fallback for a code this app does not know.
 */
export function refusalText(code: string, msg: string): string {
  if (code === "chat_offline") return i18next.t("chat:offline_send");
  const key = `errors:${code}`;
  if (!i18next.exists(key)) return msg || i18next.t("errors:internal");
  const number = msg.match(/\d+/)?.[0] ?? "";
  return i18next.t(key, { seconds: number, minutes: number });
}

export function apiErrorText(error: unknown): string {
  if (error instanceof ApiError) return refusalText(error.code, error.message);
  return i18next.t("errors:internal");
}
