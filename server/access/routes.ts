import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppDeps } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";
import { errors, jsonResponse, newRouter } from "../http/openapi.ts";
import type { User } from "../../db/types.ts";
import { chatVerdict, watchRuleOfSession, watchVerdict } from "./live-access.ts";
import { LiveAccessSchema, ReplayAccessSchema } from "./schemas.ts";
import { canSeeDeletedReplay, canSeeEvent } from "./policy.ts";

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
      const [verdict, names] = await Promise.all([watchVerdict(deps.db, rule, viewer), named(deps, rule, viewer)]);
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
      const chatRule = { mode: channel.chat_access, eventId: channel.chat_event_id, tournamentId: channel.chat_tournament_id, ownerId: channel.user_id };
      const [watch, chat] = await Promise.all([
        watchVerdict(deps.db, watchRule, viewer),
        viewer ? chatVerdict(deps.db, chatRule, viewer) : Promise.resolve({ allowed: false, reason: "login" as const }),
      ]);
      const [watchNames, chatNames] = await Promise.all([named(deps, watchRule, viewer), named(deps, chatRule, viewer)]);
      return c.json({ success: true as const, watch: { ...watch, ...watchNames }, chat: { ...chat, ...chatNames } }, 200);
    });
}

/** The event or tournament a rule names, to link to: where to buy a ticket or to register. A private event stays unnamed to those it does not concern. */
async function named(deps: AppDeps, rule: { mode: string; eventId: number | null; tournamentId: number | null }, viewer: User | undefined) {
  const [eventRow, tournament] = await Promise.all([
    rule.mode === "ticket" && rule.eventId !== null ? deps.db.selectFrom("event").selectAll().where("id", "=", rule.eventId).executeTakeFirst() : undefined,
    rule.mode === "entrants" && rule.tournamentId !== null ? deps.db.selectFrom("tournament").select(["id", "name"]).where("id", "=", rule.tournamentId).executeTakeFirst() : undefined,
  ]);
  const event = eventRow && (await canSeeEvent(deps.db, eventRow, viewer)) ? { id: eventRow.id, slug: eventRow.slug, name: eventRow.name } : null;
  return { mode: rule.mode, event, tournament: tournament ?? null };
}
