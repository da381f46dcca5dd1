/**
 * A busy chat must not drown a screen reader: at most one announcement in this time. Lines that
 * arrive in between are summed up in the next one ("12 nouveaux messages. Dernier, …"). A module of
 * its own, free of the chat's texts, so the browser tests can read it outside a Vite build.
 */
export const CHAT_ANNOUNCE_EVERY_MS = 4000;
