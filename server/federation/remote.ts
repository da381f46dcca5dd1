import { signRequest } from "@fedify/fedify";
import { type Actor, isActor, lookupObject } from "@fedify/vocab";
import { type DocumentLoader, FetchError, preloadedContexts } from "@fedify/vocab-runtime";
import packageJson from "../../package.json" with { type: "json" };
import type { AppDeps } from "../http/context.ts";
import { OutboundRefused } from "../outbound/addresses.ts";
import { requestOutbound } from "../outbound/request.ts";
import { outboundPolicy } from "../site/settings/outbound-policy.ts";

// Everything Arena reads from another server of the fediverse goes through here, then through the one outbound module
// (server/outbound/): loopback, the machine's own and internal addresses are refused, a LAN's only where the admin
// allows private networks, whatever a remote document points at. Fedify's own loader is replaced by this one, so a
// key fetched to check a signature obeys the same rule.

type RemoteDeps = Pick<AppDeps, "db" | "config">;

export const USER_AGENT = `Arena/${packageJson.version} (ActivityPub)`;
const ACTIVITY_ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';
/** An actor's or a note's document is a few kilobytes; a megabyte leaves room and stops a server sending gigabytes. */
const DOCUMENT_LIMIT_BYTES = 1 << 20;
const ANSWER_LIMIT_MS = 10_000;
/** Mastodon redirects an old address once; more is a loop or a trick. */
const MOST_REDIRECTS = 3;

/** A remote server answered, but not with the document: its status tells "no such account" (404) from a failure. */
class RemoteStatusError extends FetchError {
  constructor(
    url: string,
    readonly status: number,
  ) {
    super(url, `HTTP ${status}`);
  }
}

/** Who signs a GET: servers in Mastodon's "secure mode" answer only signed reads. */
type Signer = { keyId: URL; privateKey: CryptoKey };

async function getHeaders(url: string, accept: string, signer: Signer | undefined): Promise<Record<string, string>> {
  const headers = { accept, "user-agent": USER_AGENT };
  if (!signer) return headers;
  const signed = await signRequest(new Request(url, { headers }), signer.privateKey, signer.keyId);
  return Object.fromEntries(signed.headers.entries());
}

/** GETs `url` as JSON, following a few redirects, each new address checked again. Throws FetchError or OutboundRefused. */
async function getJson(deps: RemoteDeps, url: string, accept: string, signer?: Signer): Promise<{ document: unknown; documentUrl: string }> {
  let current = url;
  for (let hop = 0; hop <= MOST_REDIRECTS; hop++) {
    const answer = await requestOutbound(
      current,
      { method: "GET", headers: await getHeaders(current, accept, signer), timeoutMs: ANSWER_LIMIT_MS, answerLimit: { bytes: DOCUMENT_LIMIT_BYTES, past: "refuse" } },
      await outboundPolicy(deps),
    ).catch((error: unknown) => {
      // A refused address says why (private, internal) to whoever asked; any other failure is the remote's.
      throw error instanceof OutboundRefused ? error : new FetchError(current, (error as Error).message);
    });
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && location) {
      current = new URL(location, current).href;
      continue;
    }
    if (answer.status !== 200) throw new RemoteStatusError(current, answer.status);
    try {
      return { document: JSON.parse(answer.body), documentUrl: current };
    } catch {
      throw new FetchError(current, "not JSON");
    }
  }
  throw new FetchError(url, "too many redirects");
}

/** Fedify's document loader: remote actors, keys, notes; signed as `signer` when given (Fedify's "authenticated" loader). */
export function remoteDocumentLoader(deps: RemoteDeps, signer?: Signer): DocumentLoader {
  return async (url) => ({ contextUrl: null, ...(await getJson(deps, url, ACTIVITY_ACCEPT, signer)) });
}

/** JSON-LD contexts: the ones every server uses come with Fedify; another one is fetched under the same rule. */
export function remoteContextLoader(deps: RemoteDeps): DocumentLoader {
  const documents = remoteDocumentLoader(deps);
  return async (url) => (url in preloadedContexts ? { contextUrl: null, document: preloadedContexts[url], documentUrl: url } : documents(url));
}

const HANDLE = /^@?([^@\s/]+)@([a-z0-9.-]+(?::\d{1,5})?|\[[0-9a-f:.]+\](?::\d{1,5})?)$/i;

/** "@name@host" → its parts, or null; the host is lowercase, as hosts compare. */
export function parseHandle(text: string): { name: string; host: string } | null {
  const match = HANDLE.exec(text.trim());
  return match ? { name: match[1]!, host: match[2]!.toLowerCase() } : null;
}

/**
 * The actor behind a handle: WebFinger on its host (https, or http where the site allows federating in clear text,
 * for tests), then its document. Returns null when the host says no such account; throws FetchError when the host
 * cannot be read.
 */
export async function lookupRemoteActor(deps: RemoteDeps, handle: { name: string; host: string }): Promise<Actor | null> {
  const scheme = deps.config.federationAllowsHttp ? "http" : "https";
  const resource = `acct:${handle.name}@${handle.host}`;
  let finger: unknown;
  try {
    finger = (await getJson(deps, `${scheme}://${handle.host}/.well-known/webfinger?resource=${encodeURIComponent(resource)}`, "application/jrd+json, application/json")).document;
  } catch (error) {
    if (error instanceof RemoteStatusError && (error.status === 404 || error.status === 410)) return null;
    throw error;
  }
  const self = selfLink(finger);
  if (!self) return null;
  const found = await lookupObject(self, { documentLoader: remoteDocumentLoader(deps), contextLoader: remoteContextLoader(deps), userAgent: USER_AGENT });
  return found && isActor(found) ? found : null;
}

/** The actor's id in a WebFinger answer: its `self` link of an ActivityPub type. */
function selfLink(finger: unknown): string | null {
  const links = (finger as { links?: { rel?: string; type?: string; href?: string }[] } | null)?.links;
  const self = links?.find((link) => link.rel === "self" && typeof link.href === "string" && /activity\+json|ld\+json/.test(link.type ?? ""));
  return self?.href ?? null;
}

/**
 * What Arena keeps of a remote account, as a follower or as an account a member follows: enough to post to it and to
 * list it, so no page ever fetches it. `fallbackName` stands in for an actor without a preferredUsername (the name a
 * member typed, else the last part of its id).
 */
export function remoteAccountRow(actor: Actor, fallbackName?: string) {
  const id = actor.id!;
  const host = id.host.toLowerCase();
  const username = actor.preferredUsername?.toString() ?? fallbackName ?? id.pathname.split("/").pop() ?? "?";
  return {
    remote_actor: id.href,
    remote_inbox: actor.inboxId!.href,
    remote_host: host,
    remote_handle: `@${username}@${host}`,
    remote_name: (actor.name?.toString() || username).slice(0, 100),
    remote_url: actor.url instanceof URL ? actor.url.href : (actor.url?.href?.href ?? null),
  };
}
