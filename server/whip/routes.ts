import { Hono } from "hono";
import { cors } from "hono/cors";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { relayFromNode, relayTarget } from "../live/node-relay.ts";
import { UnusableOfferError } from "./sessions.ts";

/** What a refusal says: WHIP clients read the status; the text helps a person reading OBS's log. */
const refuse = (text: string, status: 400 | 401 | 404 | 409 | 415 | 503) => new Response(`${text}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

/**
 * WHIP (RFC 9725): `POST` an SDP offer with the stream key as Bearer token → 201, the answer and `Location`;
 * `DELETE` that location (same token) ends the live. Any origin may call them (CORS): the stream key, never a
 * cookie, is what authorizes, so a WHIP page on another address works as OBS does.
 */
export function whipRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use("*", cors({ origin: "*", allowMethods: ["POST", "DELETE", "OPTIONS"], allowHeaders: ["Authorization", "Content-Type"], exposeHeaders: ["Location"] }))
    .post("/", async (c) => {
      const ingest = deps.whip;
      if (!ingest) return refuse("WHIP ingest is off on this node", 503);
      if (c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() !== "application/sdp") return refuse("the offer must be application/sdp", 415);
      const streamKey = bearerToken(c.req.header("authorization"));
      if (!streamKey || !(await isStreamKey(deps, streamKey))) return refuse("unknown stream key", 401);
      if (ingest.isPublishing(streamKey)) return refuse("this stream key is already live over WHIP", 409);
      try {
        const { id, answer } = await ingest.publish(streamKey, await c.req.text());
        return new Response(answer, { status: 201, headers: { "content-type": "application/sdp", location: `/api/whip/${id}` } });
      } catch (error) {
        if (error instanceof UnusableOfferError) return refuse(`unusable offer: ${error.message}`, 400);
        throw error;
      }
    })
    .delete("/:id", async (c) => {
      const ingest = deps.whip;
      const owner = ingest?.streamKeyOf(c.req.param("id"));
      if (!ingest || !owner) {
        // A publisher's DELETE that a load balancer sent to another node: the node its live is on holds the session.
        const node = relayTarget(c, deps, await liveNodeOfKey(deps, bearerToken(c.req.header("authorization"))));
        return node ? relayFromNode(c, node) : refuse("no such WHIP session", 404);
      }
      if (bearerToken(c.req.header("authorization")) !== owner) return refuse("not this session's stream key", 401);
      await ingest.end(c.req.param("id"));
      return c.body(null, 200);
    })
    .patch("/:id", () => new Response(null, { status: 405, headers: { allow: "DELETE" } }));
}

/** The node a stream key's live is on, if it is live. */
async function liveNodeOfKey(deps: AppDeps, streamKey: string | undefined): Promise<string | null | undefined> {
  if (!streamKey) return undefined;
  const row = await deps.db
    .selectFrom("channel")
    .innerJoin("live_session", "live_session.id", "channel.live_session_id")
    .select("live_session.node_url")
    .where("channel.stream_key", "=", streamKey)
    .where("channel.is_live", "=", 1)
    .executeTakeFirst();
  return row?.node_url;
}

async function isStreamKey(deps: AppDeps, streamKey: string): Promise<boolean> {
  return (await deps.db.selectFrom("channel").select("id").where("stream_key", "=", streamKey).executeTakeFirst()) !== undefined;
}
