/**
 * What the door's service worker keeps (client/service-worker/door-sw.ts), shared with the page that asks it to:
 * the door's address, and the four answers the door reads for an event. Nothing else of the app is ever answered
 * from its caches, so no other page can be served stale because of it.
 */

/** The cache of the door's data: one entry per answer, for each event whose door was opened on this device. */
export const DOOR_DATA_CACHE = "door-data-v1";
/** The app files the door boots with; one cache per build, named by the build (the worker drops older ones). */
export const DOOR_SHELL_CACHE_PREFIX = "door-shell-";

/** /events/{slug}/scan: the only pages the worker answers when the network is gone. */
export function isDoorPage(pathname: string): boolean {
  return /^\/events\/[^/]+\/scan\/?$/.test(pathname);
}

const DOOR_DATA = [/^\/api\/events\/[^/]+$/, /^\/api\/tickets\/event\/\d+$/, /^\/api\/tickets\/types\/\d+$/, /^\/api\/tickets\/public-key$/];

/** An answer the door reads: the event, its ticket list, its ticket types, the server's public key. */
export function isDoorData(pathname: string): boolean {
  return DOOR_DATA.some((pattern) => pattern.test(pathname));
}

/** The answers one event's door reads (the paths the web app's `api()` fetches for it). */
export function doorDataPaths(event: { slug: string; id: number }): string[] {
  return [`/api/events/${encodeURIComponent(event.slug)}`, `/api/tickets/event/${event.id}`, `/api/tickets/types/${event.id}`, "/api/tickets/public-key"];
}

/** The page's request to the worker: fetch and keep these answers now (the page itself was not yet controlled). */
export interface KeepDoorData {
  type: "keep-door-data";
  paths: string[];
  language: string;
}

export function isKeepDoorData(message: unknown): message is KeepDoorData {
  const candidate = message as Partial<KeepDoorData> | null;
  return candidate?.type === "keep-door-data" && Array.isArray(candidate.paths) && typeof candidate.language === "string";
}

/** Signing out forgets the door's data: its ticket lists name the holders. */
export async function forgetDoorData(): Promise<void> {
  if (typeof caches !== "undefined") await caches.delete(DOOR_DATA_CACHE).catch(() => false);
}
