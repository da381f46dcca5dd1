import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppDeps } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";
import { errors, jsonResponse, newRouter } from "../http/openapi.ts";
import { chatRuleFor, ruleTargets, watchRuleOfSession, watchVerdict } from "./live-access.ts";
import { LiveAccessSchema, ReplayAccessSchema } from "./schemas.ts";
import { canSeeDeletedReplay } from "../access/policy.ts";

const liveAccessRoute = createRoute({
  method: "get",
  path: "/live-access/{username}",
  tags: ["Streams"],
  summary: "Whether the caller may watch a channel's live and write in its chat, and if not what lets them in",
  request: { params: z.object({ username: z.string().min(1).max(50) }) },
  responses: { 200: jsonResponse(LiveAccessSchema, "Verdicts"), 404: errors[404] },
});

const replayAccessRoute = createRoute({
  method: "get",
  path: "/replay-access/{replayId}",
  tags: ["Replays"],
  summary: "Whether the caller may watch a replay (its live's rule), and if not what lets them in",
  request: { params: z.object({ replayId: z.coerce.number().int().positive() }) },
  responses: { 200: jsonResponse(ReplayAccessSchema, "Verdict"), 404: errors[404] },
});

/** The player's and the chat's question before they start: the media and chat routes ask the same rule again on every request. */
export function liveAccessRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(replayAccessRoute, async (c) => {
      const viewer = c.get("auth")?.user;
      const replay = await deps.db.selectFrom("replay").select(["live_session_id", "deleted_at"]).where("id", "=", c.req.valid("param").replayId).executeTakeFirst();
      const rule = replay && (replay.deleted_at === null || canSeeDeletedReplay(viewer)) ? await watchRuleOfSession(deps.db, replay.live_session_id) : undefined;
      if (!rule) throw new NotFoundError("replay_not_found");
      const [verdict, names] = await Promise.all([watchVerdict(deps.db, rule, viewer), ruleTargets(deps.db, rule, viewer)]);
      return c.json({ success: true as const, watch: { ...verdict, ...names } }, 200);
    })
    .openapi(liveAccessRoute, async (c) => {
      const viewer = c.get("auth")?.user;
      const channel = await deps.db
        .selectFrom("channel")
        .innerJoin("user", "user.id", "channel.user_id")
        .selectAll("channel")
        .where("user.username", "=", c.req.valid("param").username)
        .where("user.suspended_at", "is", null)
        .executeTakeFirst();
      if (!channel) throw new NotFoundError("stream_not_found");
      const watchRule = { mode: channel.watch_access, eventId: channel.watch_event_id, tournamentId: channel.watch_tournament_id, ownerId: channel.user_id };
      const [watch, watchNames, chat] = await Promise.all([watchVerdict(deps.db, watchRule, viewer), ruleTargets(deps.db, watchRule, viewer), chatRuleFor(deps.db, channel, viewer)]);
      return c.json({ success: true as const, watch: { ...watch, ...watchNames }, chat }, 200);
    });
}
