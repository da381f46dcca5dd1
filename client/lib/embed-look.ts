import { isEmbedPath } from "../../shared/embed-paths.ts";
import { LANGUAGES, type Language } from "../../shared/languages.ts";

// Apart from client/lib/embeds.ts: the first page load reads it (client/lib/theme.ts, client/lib/i18n.ts), and the
// embed codes need not come with it.

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
