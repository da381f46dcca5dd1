/** The address Facebook's sharer opens for a page. */
export function facebookShareUrl(pageUrl: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`;
}

/** A stream page's public address. */
export function streamPageUrl(username: string): string {
  return `${window.location.origin}/stream/${encodeURIComponent(username)}`;
}
