import type { Context } from "hono";
import type { AppDeps } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";

/**
 * Set on a request one node relays to another: the node that receives it answers from its own disk
 * or with a 404, and never relays it again, so two nodes that disagree about an owner cannot bounce
 * a request between them.
 */
export const RELAYED_HEADER = "x-arena-relayed";

const OWNER_ANSWER_TIMEOUT_MS = 5000;

// What a player and a cache in front need from the owner's answer (cookies and the like stay behind).
const PASSED_ON = ["content-type", "content-length", "content-range", "accept-ranges", "cache-control", "last-modified", "etag", "access-control-allow-origin", "location"];

/** The node to relay a live-media request to: the live's owner, when it is another node and the request was not relayed already. */
export function relayTarget(c: Context, deps: AppDeps, ownerUrl: string | null | undefined): string | undefined {
  if (!ownerUrl || ownerUrl === deps.config.nodeUrl || c.req.header(RELAYED_HEADER)) return undefined;
  return ownerUrl;
}

/**
 * Answers with the owner's answer to the same path, streamed as it arrives: a segment is never held
 * whole, and an HTTP-FLV live (which never ends) flows until the viewer leaves, whose leaving aborts
 * the request to the owner.
 */
export async function relayFromNode(c: Context, ownerUrl: string): Promise<Response> {
  const headers: Record<string, string> = { [RELAYED_HEADER]: "1", "accept-encoding": "identity" };
  // The cookie goes along: the owner checks again who may see a restricted live (server/restricted/live-access.ts).
  // Content-Type and the body: a WHEP offer (POST) is answered by the node that has the live; the Bearer stream key
  // ends a WHIP session on the node that holds it.
  for (const name of ["range", "accept-language", "cookie", "content-type", "authorization"]) {
    const value = c.req.header(name);
    if (value) headers[name] = value;
  }
  // A machine that vanished answers nothing at all: give up on it rather than hold the viewer (only until the answer starts; a live then flows on).
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), OWNER_ANSWER_TIMEOUT_MS);
  // The query goes along: a player's blocking playlist reload (`?_HLS_msn=`) is held by the owner, which has the file.
  const method = c.req.method;
  const body = method === "GET" || method === "HEAD" ? undefined : await c.req.arrayBuffer();
  const upstream = await fetch(`${ownerUrl}${c.req.path}${new URL(c.req.url).search}`, { method, body, headers, signal: AbortSignal.any([c.req.raw.signal, deadline.signal]), redirect: "manual" })
    .catch(() => undefined)
    .finally(() => clearTimeout(timer));
  // An owner out of reach: for the viewer, the live is not there (it ends once that node is taken for dead, nodes.ts).
  if (!upstream) throw new NotFoundError("stream_not_found");
  const answer = new Headers();
  for (const name of PASSED_ON) {
    const value = upstream.headers.get(name);
    if (value) answer.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers: answer });
}
