import { LANGUAGES, type Language } from "../../shared/languages.ts";
import { EMBED_SIZES, type EmbedKind, embedPath, iframeHtml, isEmbedPath } from "../../shared/embeds.ts";

export type { EmbedKind };

/**
 * An embed page's look, from its address: `?theme=light|dark` and `?lang=fr|en`. The host page chooses them and
 * they are not stored; without them the page looks as the site would for this browser, and a frame of another
 * site has its own empty storage there, so French and the system's theme. (The page's inline script in
 * client/index.html reads the theme the same way, before the first paint.)
 */
export function embedLook(): { theme?: "light" | "dark"; lang?: Language } | null {
  if (!isEmbedPath(window.location.pathname)) return null;
  const search = new URLSearchParams(window.location.search);
  const theme = search.get("theme");
  return { theme: theme === "light" || theme === "dark" ? theme : undefined, lang: LANGUAGES.find((lang) => lang === search.get("lang")) };
}

/** The code a site pastes to frame one of the embed pages, at its default size. */
export function embedCode(kind: EmbedKind, key: string | number, title: string): string {
  return iframeHtml(`${window.location.origin}${embedPath(kind, key)}`, title, EMBED_SIZES[kind]);
}

/** A page of the site itself, for the embed's links (they open in a new tab, outside the frame). */
export function sitePageUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
