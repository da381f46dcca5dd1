// The site's languages, the same list on both sides (docs/decisions.md, "The wire contract as a leaf"). Pure: imports nothing.

/** French first (the default, spec 01 §9), then English. */
export const LANGUAGES = ["fr", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
