/**
 * The door's service worker, served as /door-sw.js (built by ./build-plugin.ts, which fills DOOR_SHELL and
 * DOOR_BUILD). A tablet whose browser restarts with no network still opens the door: the door's page and the app
 * files it boots with come from this worker's cache, and the door's data (the event, its ticket list, its ticket
 * types, the server's public key) from the last answers the door read. Everything else passes it by:
 * - pages other than /events/{slug}/scan are never answered here, and the door's page comes from the network
 *   whenever the network answers, so an online user always gets the current build;
 * - app files are answered from the cache only when they are this build's door files, whose names are their
 *   content's hash (a name never changes meaning, so such a file cannot be stale);
 * - of the API, only the door's four answers, asked by a door page, and from the cache only when the network fails.
 * Check-ins made offline are not this worker's: the door keeps them on the device and sends them itself
 * (client/features/events/api/door-check.ts).
 */
import { DOOR_DATA_CACHE, DOOR_SHELL_CACHE_PREFIX, isDoorData, isDoorPage, isKeepDoorData } from "../lib/door-worker-scope.ts";

/** This build's index.html and the files of assets/ the door boots with (filled in at build time). */
declare const DOOR_SHELL: string[];
/** Names this build's shell cache: a hash of those files. */
declare const DOOR_BUILD: string;

// The few service-worker types used here. The project's type check uses the DOM library, and adding the WebWorker
// one would change what `self` and a dozen globals are for every file of the web app.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(answer: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}
interface ServiceWorkerScope {
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as ServiceWorkerScope;
const SHELL_CACHE = `${DOOR_SHELL_CACHE_PREFIX}${DOOR_BUILD}`;
const SHELL_PAGE = "/index.html";
// The app files, not the page: a page is only ever answered from the cache when no network answers.
const shellFiles = new Set(DOOR_SHELL.filter((file) => file !== SHELL_PAGE));

worker.addEventListener("install", (event) => {
  // A new build's worker takes over at once: pages come from the network whenever it answers, so waiting for the old
  // build's tabs to close would protect nothing (the deploy took the old files off the server anyway).
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(DOOR_SHELL))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(dropOlderShells().then(() => worker.clients.claim()));
});

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.mode === "navigate") {
    if (isDoorPage(url.pathname)) event.respondWith(pageOrShell(request));
  } else if (shellFiles.has(url.pathname)) {
    event.respondWith(keptFile(request));
  } else if (isDoorData(url.pathname) && askedByDoor(request)) {
    event.respondWith(freshOrKept(request));
  }
});

worker.addEventListener("message", (event) => {
  if (!isKeepDoorData(event.data)) return;
  // The page hears back once the answers are kept: until then, a reload offline would find no data.
  const [reply] = event.ports;
  event.waitUntil(keep(event.data.paths.filter(isDoorData), event.data.language).then(() => reply?.postMessage("kept")));
});

async function dropOlderShells(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(DOOR_SHELL_CACHE_PREFIX) && name !== SHELL_CACHE).map((name) => caches.delete(name)));
}

/** A fetch() of the web app carries its page's address: only a door page's reads are kept and answered offline. */
function askedByDoor(request: Request): boolean {
  if (!request.referrer) return false;
  const referrer = new URL(request.referrer);
  return referrer.origin === location.origin && isDoorPage(referrer.pathname);
}

/** Network first: the cached page only when no network answers (a server's error page is still its answer). */
async function pageOrShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_PAGE, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function keptFile(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: SHELL_CACHE })) ?? fetch(request);
}

/** Network first; each answer replaces the kept one, and a refusal (no longer the organiser, gone) forgets it. */
async function freshOrKept(request: Request): Promise<Response> {
  let answer: Response;
  try {
    answer = await fetch(request);
  } catch (error) {
    // The API answers in the caller's language (Vary: Accept-Language); offline, the last answer is better than none.
    const kept = await caches.match(request, { cacheName: DOOR_DATA_CACHE, ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
  await remember(request, answer.clone());
  return answer;
}

async function remember(request: Request | string, answer: Response): Promise<void> {
  const cache = await caches.open(DOOR_DATA_CACHE);
  if (answer.ok) await cache.put(request, answer);
  else if (answer.status >= 400 && answer.status < 500) await cache.delete(request, { ignoreVary: true });
}

/** The door's page opened before this worker controlled it: its reads went straight to the server, so read them here. */
async function keep(paths: string[], language: string): Promise<void> {
  await Promise.all(
    paths.map(async (path) => {
      const request = new Request(path, { credentials: "same-origin", headers: { "accept-language": language } });
      const answer = await fetch(request).catch(() => null);
      if (answer) await remember(request, answer);
    }),
  );
}
