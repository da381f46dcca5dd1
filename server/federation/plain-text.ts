// Remote posts are HTML written by strangers: a member reads them as plain text (React escapes it again), never as HTML.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
/** What a notification keeps of a remote post. */
const MOST_CHARACTERS = 500;

/** The text of a remote post's HTML: paragraphs and line breaks as new lines, tags gone, entities read, trimmed to a notification's length. */
export function plainText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/p>\s*<p[^>]*>/gi, "\n\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X")) return safeCodePoint(Number.parseInt(name.slice(2), 16)) ?? whole;
      if (name.startsWith("#")) return safeCodePoint(Number(name.slice(1))) ?? whole;
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .trim();
  return text.length > MOST_CHARACTERS ? `${text.slice(0, MOST_CHARACTERS - 1)}…` : text;
}

function safeCodePoint(code: number): string | null {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
}
