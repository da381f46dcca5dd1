/** Lower case without accents: "Élite Ça" → "elite ca". Search matches on folded text on both sides. */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/** Escapes LIKE wildcards so a search for "50%" means those characters. */
export function likePattern(folded: string, prefixOnly = false): string {
  const escaped = folded.replace(/[\\%_]/g, (c) => `\\${c}`);
  return prefixOnly ? `${escaped}%` : `%${escaped}%`;
}
