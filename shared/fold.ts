// Text folding, the same on both sides (docs/decisions.md, "The wire contract as a leaf"): the server's search and
// name matching, the web app's pickers that filter as one types. Pure: imports nothing.

/** Lower case without accents: "Élite Ça" → "elite ca". Search matches on folded text on both sides. */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}
