import { z } from "zod";
import type { ChatMessage } from "../../../../server/chat/schemas.ts";

/** How many messages the history call brings back, on open and after every reconnect (spec 01 §9). */
export const HISTORY_LIMIT = 50;
/** The same user's same text within this window is one message sent twice (spec 01 §4, §9). */
const DUPLICATE_WINDOW_MS = 1000;
/** Kept in memory per chat: a long evening scrolls, the tab's memory does not grow without end. */
const MAX_KEPT = 300;
export const MAX_MESSAGE_LENGTH = 500;

/** A chat line as the panel draws it, whichever of the socket's or the history's field names it came with. */
export type ChatLine = Pick<ChatMessage, "id" | "userId" | "username" | "avatar" | "timestamp"> & {
  text: string;
  /** The timestamp in milliseconds, for ordering and the duplicate window. */
  at: number;
  /** A line of the tournament's bracket (issue 18): drawn from its key in the reader's language. */
  system?: { key: string; params: Record<string, string | number> };
};

// Spec 01 §3: live messages carry `message`/`streamID`, history items `content`/`streamId`; either is accepted.
// A bracket line has no author (userId 0, no name: issue 34, item 17); any other line has one.
const IncomingSchema = z
  .object({
    id: z.number().int().positive(),
    userId: z.number().int().nonnegative(),
    username: z.string(),
    avatar: z.string().nullish(),
    message: z.string().optional(),
    content: z.string().optional(),
    streamID: z.string().optional(),
    streamId: z.string().optional(),
    timestamp: z.string(),
    system: z.object({ key: z.string().regex(/^(bracket_[a-z_]+|raid_arrived)$/), params: z.record(z.string(), z.union([z.string(), z.number()])) }).optional(),
  })
  .refine((line) => line.system !== undefined || (line.userId > 0 && line.username !== ""));

/** An incoming message, or null when it is not one (spec 01 §4: invalid messages are ignored) or belongs to another chat. */
export function parseChatLine(raw: unknown, streamID: string): ChatLine | null {
  const parsed = IncomingSchema.safeParse(raw);
  if (!parsed.success) return null;
  const item = parsed.data;
  const text = item.message ?? item.content ?? "";
  const at = Date.parse(item.timestamp);
  const stream = item.streamID ?? item.streamId;
  if (!text.trim() || Number.isNaN(at) || (stream !== undefined && stream !== streamID)) return null;
  return { id: item.id, userId: item.userId, username: item.username, avatar: item.avatar ?? null, text, timestamp: item.timestamp, at, ...(item.system ? { system: item.system } : {}) };
}

function isDuplicate(kept: readonly ChatLine[], line: ChatLine): boolean {
  return kept.some((other) => other.id === line.id || (other.userId === line.userId && other.text === line.text && Math.abs(other.at - line.at) < DUPLICATE_WINDOW_MS));
}

/** Orders by id (the server's order), drops duplicates by id and double sends, keeps the newest MAX_KEPT. */
function tidy(lines: readonly ChatLine[]): ChatLine[] {
  const kept: ChatLine[] = [];
  for (const line of [...lines].sort((a, b) => a.id - b.id)) if (!isDuplicate(kept.slice(-20), line)) kept.push(line);
  return kept.slice(-MAX_KEPT);
}

export function addLine(lines: ChatLine[] | undefined, line: ChatLine): ChatLine[] {
  const current = lines ?? [];
  if (isDuplicate(current.slice(-20), line) || current.some((other) => other.id === line.id)) return current;
  return tidy([...current, line]);
}

export function removeLine(lines: readonly ChatLine[] | undefined, id: number): ChatLine[] {
  return (lines ?? []).filter((line) => line.id !== id);
}

/**
 * A fresh history replaces what it covers (so messages deleted while offline disappear), and keeps
 * what it cannot know: older lines above a full window, and lines that arrived after it was read.
 */
export function mergeHistory(cached: readonly ChatLine[] | undefined, fetched: readonly ChatLine[]): ChatLine[] {
  if (!cached?.length) return tidy(fetched);
  if (fetched.length === 0) return [];
  const ids = fetched.map((line) => line.id);
  const oldest = Math.min(...ids);
  const newest = Math.max(...ids);
  const older = fetched.length >= HISTORY_LIMIT ? cached.filter((line) => line.id < oldest) : [];
  const newer = cached.filter((line) => line.id > newest);
  return tidy([...older, ...fetched, ...newer]);
}
