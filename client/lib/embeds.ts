import { EMBED_SIZES, type EmbedKind, embedPath, iframeHtml } from "../../shared/embeds.ts";

export type { EmbedKind };

/** The code a site pastes to frame one of the embed pages, at its default size. */
export function embedCode(kind: EmbedKind, key: string | number, title: string): string {
  return iframeHtml(`${window.location.origin}${embedPath(kind, key)}`, title, EMBED_SIZES[kind]);
}

/** A page of the site itself, for the embed's links (they open in a new tab, outside the frame). */
export function sitePageUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
