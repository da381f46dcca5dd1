import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireRole, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { translate } from "../i18n/messages.ts";
import {
  DeleteReplayQuerySchema,
  PinnedSchema,
  ReplayDeletedResponseSchema,
  ReplayDetailResponseSchema,
  ReplayIdParamSchema,
  ReplayListSchema,
  ReplayPageQuerySchema,
  VideosQuerySchema,
} from "./schemas.ts";
import { allReplays, deleteReplay, getReplay, myReplays, pinReplay, restoreReplay } from "./service.ts";

const tags = ["Replays"];
const ReplayAnswer = ReplayDetailResponseSchema;

const myReplaysRoute = createRoute({
  method: "get",
  path: "/my-replays",
  tags,
  summary: "The caller's replays, newest first",
  security: secured,
  middleware: [requireUser] as const,
  request: { query: ReplayPageQuerySchema },
  responses: { 200: jsonResponse(ReplayListSchema, "A page of replays"), 401: errors[401] },
});
const videosRoute = createRoute({
  method: "get",
  path: "/videos",
  tags,
  summary: "Replays of every channel, newest first (filters: game id, username)",
  request: { query: VideosQuerySchema },
  responses: { 200: jsonResponse(ReplayListSchema, "A page of replays") },
});
const replayRoute = createRoute({
  method: "get",
  path: "/replays/{id}",
  tags,
  summary: "One replay (counts a view)",
  request: { params: ReplayIdParamSchema },
  responses: { 200: jsonResponse(ReplayAnswer, "The replay"), 404: errors[404] },
});
const deleteRoute = createRoute({
  method: "delete",
  path: "/replays/{id}",
  tags,
  summary: "Delete a replay: soft unless hard=true (admins)",
  security: secured,
  middleware: [requireUser] as const,
  request: { params: ReplayIdParamSchema, query: DeleteReplayQuerySchema },
  responses: { 200: jsonResponse(ReplayDeletedResponseSchema, "Deleted"), 401: errors[401], 403: errors[403], 404: errors[404] },
});
const restoreRoute = createRoute({
  method: "post",
  path: "/replays/{id}/restore",
  tags,
  summary: "Bring back a soft-deleted replay (admin)",
  security: secured,
  middleware: [requireRole("admin")] as const,
  request: { params: ReplayIdParamSchema },
  responses: { 200: jsonResponse(ReplayAnswer, "Restored"), 401: errors[401], 403: errors[403], 404: errors[404] },
});

const pinRoute = (method: "put" | "delete") =>
  createRoute({
    method,
    path: "/replays/{id}/pin",
    tags,
    summary: method === "put" ? "Pin a replay: the storage policy never removes it (its streamer, or an admin)" : "Unpin a replay",
    security: secured,
    middleware: [requireUser] as const,
    request: { params: ReplayIdParamSchema },
    responses: { 200: jsonResponse(PinnedSchema, "Done"), 401: errors[401], 403: errors[403], 404: errors[404] },
  });

export function replayRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(myReplaysRoute, async (c) => c.json({ success: true as const, ...(await myReplays(deps, currentUser(c), c.req.valid("query"))) }, 200))
    .openapi(videosRoute, async (c) => {
      const { game, username, ...page } = c.req.valid("query");
      return c.json({ success: true as const, ...(await allReplays(deps, page, { game, username })) }, 200);
    })
    .openapi(replayRoute, async (c) => c.json({ success: true as const, replay: await getReplay(deps, c.req.valid("param").id, c.get("auth")?.user) }, 200))
    .openapi(deleteRoute, async (c) => {
      await deleteReplay(deps, c.req.valid("param").id, currentUser(c), c.req.valid("query").hard === "true");
      return c.json({ success: true as const, message: translate(c.get("lang"), "channels:replay_deleted") }, 200);
    })
    .openapi(pinRoute("put"), async (c) => c.json({ success: true as const, pinned: await pinReplay(deps, c.req.valid("param").id, currentUser(c), true) }, 200))
    .openapi(pinRoute("delete"), async (c) => c.json({ success: true as const, pinned: await pinReplay(deps, c.req.valid("param").id, currentUser(c), false) }, 200))
    .openapi(restoreRoute, async (c) => c.json({ success: true as const, replay: await restoreReplay(deps, c.req.valid("param").id, currentUser(c)) }, 200));
}
