import { defaultTicketName } from "../events/default-ticket-types.ts";
import { type Language, translate } from "../i18n/messages.ts";

// A webhook in the Discord format gets Discord's own body (discord.com/developers/docs/resources/webhook): a line
// of text, and an embed with the title, the link, the picture and the game, which Discord draws as a card.

/** Discord's embed colour for Arena's posts (the brand's accent, as an integer). */
const ARENA_COLOUR = 0x9146ff;
const MAX_CONTENT = 2000;
const MAX_TITLE = 256;

interface EventBody {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** The words of an event's data that its sentence names (strings and numbers at the top level). */
function words(data: Record<string, unknown>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(data).filter((entry): entry is [string, string | number] => typeof entry[1] === "string" || typeof entry[1] === "number"));
}

/** A default ticket type's name in the post's language (the event data names it in French). */
function localisedWords(params: Record<string, string | number>, language: Language): Record<string, string | number> {
  if (params.ownTicketType !== 0 || typeof params.ticketType !== "string") return params;
  return { ...params, ticketName: defaultTicketName(language, params.ticketType) ?? params.ticketName ?? params.ticketType };
}

const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** Discord's body for a Standard Webhooks payload (server/webhooks/queue.ts, eventPayload). */
export function discordBody(payload: string, language: Language): string {
  const event = JSON.parse(payload) as EventBody;
  const params = localisedWords(words(event.data), language);
  const content = cut(translate(language, `webhooks:discord_${event.type}`, params), MAX_CONTENT);
  const embed: Record<string, unknown> = { title: cut(String(params.title ?? content), MAX_TITLE), color: ARENA_COLOUR, timestamp: event.timestamp };
  if (typeof params.url === "string") embed.url = params.url;
  if (typeof params.thumbnailUrl === "string") embed.thumbnail = { url: params.thumbnailUrl };
  if (typeof params.game === "string") embed.fields = [{ name: translate(language, "webhooks:discord_game"), value: cut(params.game, 1024), inline: true }];
  // Mentions in a member's words (a title, a chat line) must not ping a Discord server.
  return JSON.stringify({ content, embeds: [embed], allowed_mentions: { parse: [] } });
}

/**
 * How long Discord asks us to wait after a 429: its body's `retry_after` (seconds, fractional), else the
 * Retry-After header; undefined when neither says.
 */
export function discordRetryAfterMs(body: string, retryAfterHeader: string | string[] | undefined): number | undefined {
  try {
    const seconds = (JSON.parse(body) as { retry_after?: unknown }).retry_after;
    if (typeof seconds === "number" && seconds >= 0) return Math.ceil(seconds * 1000);
  } catch {
    // Not JSON: the header may still say.
  }
  const header = Number(Array.isArray(retryAfterHeader) ? retryAfterHeader[0] : retryAfterHeader);
  return Number.isFinite(header) && header >= 0 ? Math.ceil(header * 1000) : undefined;
}
