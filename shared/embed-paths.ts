// Which pages other sites may frame (/embed/…): asked by the first page load (the shell, the theme, the language)
// and by the server's headers, so it stays apart from the rest of shared/embeds.ts, which only the share dialogs
// and oEmbed need. Pure: imports nothing.

/** Whether a path is one of the embed pages, the only pages other sites may frame. */
export function isEmbedPath(path: string): boolean {
  return path === "/embed" || path.startsWith("/embed/");
}
