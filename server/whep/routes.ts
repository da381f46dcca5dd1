import { type Context, Hono } from "hono";
import { cors } from "hono/cors";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { AppError, NotFoundError } from "../http/errors.ts";
import { liveChannelOf } from "../channels/streams.ts";
import { assertMayWatchLive, mayStillWatchLive } from "../live/watch-rule.ts";
import { relayFromNode, relayTarget } from "../live/node-relay.ts";
import { siteSettings } from "../site/settings/settings.ts";
import { NotLiveHereError, UnplayableOfferError } from "./sessions.ts";

/**
 * WHEP (draft-ietf-wish-whep): `POST /api/whep/{username}` with an SDP offer → 201, the answer and `Location`;
 * `DELETE` that location ends the viewing. The same rule as every other way to watch (a restricted live asks the
 * viewer's session, then again every few seconds), and a cap per live (the site's setting) beyond which the player
 * falls back to HTTP-FLV. A live ingested by another node is answered by that node, whose addresses the answer names.
 */
export function whepRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use("*", cors({ origin: "*", allowMethods: ["POST", "DELETE", "OPTIONS"], allowHeaders: ["Content-Type"], exposeHeaders: ["Location"] }))
    .post("/:username", async (c) => {
      const username = c.req.param("username");
      if (c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() !== "application/sdp") throw new AppError(415, "invalid_input");
      const restricted = await assertMayWatchLive(deps, c, username);
      const live = await liveChannelOf(deps, username);
      if (!live?.streamKey) throw new NotFoundError("stream_not_found");
      const owner = relayTarget(c, deps, live.nodeUrl);
      if (owner) return relayFromNode(c, owner);
      const egress = deps.whep;
      const { realtimeViewersPerLive } = await siteSettings(deps);
      if (!egress || realtimeViewersPerLive === 0) throw new NotFoundError("stream_not_found");
      if (egress.viewersOf(live.streamKey) >= realtimeViewersPerLive) throw new AppError(503, "realtime_full");
      try {
        const { id, answer } = await egress.watch(live.streamKey, await c.req.text(), restricted ? () => mayStillWatchLive(deps, c, username) : undefined);
        return new Response(answer, { status: 201, headers: { "content-type": "application/sdp", location: `/api/whep/${username}/${id}` } });
      } catch (error) {
        if (error instanceof UnplayableOfferError) throw new AppError(400, "realtime_unplayable");
        if (error instanceof NotLiveHereError) throw new NotFoundError("stream_not_found");
        throw error;
      }
    })
    .delete("/:username/:id", async (c) => {
      const { username, id } = c.req.param();
      const live = await liveChannelOf(deps, username);
      const owner = relayTarget(c, deps, live?.nodeUrl);
      if (owner) return relayFromNode(c, owner);
      // The session's id, unguessable and given only to its viewer, is what allows ending it.
      if (!live?.streamKey || !deps.whep?.watches(id, live.streamKey)) throw new NotFoundError();
      await deps.whep.end(id);
      return c.body(null, 200);
    })
    .patch("/:username/:id", (c: Context) => c.body(null, 405, { allow: "DELETE" }));
}
