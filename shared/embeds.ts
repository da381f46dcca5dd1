// The embed pages (/embed/…) other sites may frame, what the share dialog and the oEmbed answer put around
// them, and which framing sites the site's setting accepts (server/site/schemas.ts, server/embeds/).

/** An origin as a browser writes it: scheme, host (a name, an IPv4 or a bracketed IPv6 address), optional port; no path. */
export const EMBED_ORIGIN_PATTERN = /^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/;

export const MAX_EMBED_ORIGINS = 50;

// The frame's default sizes: a 16:9 player, a chat column, a bracket, an event's card.

export type EmbedKind = "player" | "chat" | "tournament" | "event";

export const EMBED_SIZES: Record<EmbedKind, { width: number; height: number }> = {
  player: { width: 640, height: 360 },
  chat: { width: 350, height: 500 },
  tournament: { width: 800, height: 500 },
  event: { width: 400, height: 240 },
};

/** The embed page of a channel (its player or its chat), a tournament or an event. */
export function embedPath(kind: EmbedKind, key: string | number): string {
  const id = encodeURIComponent(String(key));
  switch (kind) {
    case "player":
      return `/embed/${id}`;
    case "chat":
      return `/embed/${id}/chat`;
    case "tournament":
      return `/embed/tournament/${id}`;
    case "event":
      return `/embed/event/${id}`;
  }
}

/** A size no larger than the consumer's maxima, in the frame's proportions (oEmbed's maxwidth and maxheight). */
export function fittedSize(kind: EmbedKind, max: { maxwidth?: number; maxheight?: number }): { width: number; height: number } {
  const { width, height } = EMBED_SIZES[kind];
  const scale = Math.min(1, (max.maxwidth ?? width) / width, (max.maxheight ?? height) / height);
  return { width: Math.floor(width * scale), height: Math.floor(height * scale) };
}

export function iframeHtml(src: string, title: string, size: { width: number; height: number }): string {
  return `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" width="${size.width}" height="${size.height}" frameborder="0" allowfullscreen></iframe>`;
}

export function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
