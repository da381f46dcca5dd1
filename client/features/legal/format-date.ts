/** Dates of legal texts in the long form of the interface language: "22 novembre 2026", "22 November 2026". */
export function formatLegalDate(iso: string, lang: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "fr-FR", { dateStyle: "long" }).format(date);
}
