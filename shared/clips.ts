// A clip's bounds, the same on both sides (docs/decisions.md, "The wire contract as a leaf"): the server refuses
// outside them, the clip dialog's slider stays inside. Pure: imports nothing, so the pages with the button load no zod.

/** Every clip lasts from MIN to MAX seconds; from a live, DEFAULT seconds unless the viewer moves the slider. */
export const CLIP_MIN_SECONDS = 5;
export const CLIP_MAX_SECONDS = 60;
export const CLIP_DEFAULT_SECONDS = 30;
export const CLIP_TITLE_MAX = 100;
