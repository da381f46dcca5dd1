import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { translate } from "../i18n/messages.ts";
import { follow, myFollowers, unfollow } from "./service.ts";
import { numeric } from "../../shared/numeric.ts";
import { FollowerPageResponseSchema, FollowInputSchema, FollowResponseSchema } from "./schemas.ts";

const tags = ["Follows"];
const owner = { security: secured, middleware: [requireUser] };
const FollowAnswerSchema = FollowResponseSchema;

const followRoute = createRoute({
  method: "post",
  path: "/follow",
  tags,
  summary: "Follow a channel (its public id) or a user (their id)",
  ...owner,
  request: { body: jsonBody(FollowInputSchema) },
  responses: { 200: jsonResponse(FollowAnswerSchema, "Followed"), 400: errors[400], 401: errors[401], 404: errors[404] },
});
const unfollowRoute = createRoute({
  method: "post",
  path: "/unfollow",
  tags,
  summary: "Stop following",
  ...owner,
  request: { body: jsonBody(FollowInputSchema) },
  responses: { 200: jsonResponse(FollowAnswerSchema, "Unfollowed"), 400: errors[400], 401: errors[401], 404: errors[404] },
});
const followersRoute = createRoute({
  method: "get",
  path: "/myfollowers",
  tags,
  summary: "The caller's followers, 20 a page",
  ...owner,
  request: { query: z.object({ page: numeric(z.number().int().min(1).optional().default(1)) }) },
  responses: {
    200: jsonResponse(FollowerPageResponseSchema, "A page"),
    401: errors[401],
  },
});

export function followRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(followRoute, async (c) => {
      const followers = await follow(deps, currentUser(c), c.req.valid("json").channelId);
      return c.json({ success: true as const, message: translate(c.get("lang"), "channels:followed"), followers }, 200);
    })
    .openapi(unfollowRoute, async (c) => {
      const followers = await unfollow(deps, currentUser(c), c.req.valid("json").channelId);
      return c.json({ success: true as const, message: translate(c.get("lang"), "channels:unfollowed"), followers }, 200);
    })
    .openapi(followersRoute, async (c) => c.json({ success: true as const, ...(await myFollowers(deps, currentUser(c), c.req.valid("query").page)) }, 200));
}
