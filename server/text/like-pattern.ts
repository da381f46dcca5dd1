/** Escapes LIKE wildcards so a search for "50%" means those characters; `folded` is the term through shared/fold.ts. */
export function likePattern(folded: string, prefixOnly = false): string {
  const escaped = folded.replace(/[\\%_]/g, (c) => `\\${c}`);
  return prefixOnly ? `${escaped}%` : `%${escaped}%`;
}
