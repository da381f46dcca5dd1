import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { numeric } from "../../shared/numeric.ts";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { followRemote, listFollowing, unfollowRemote } from "./following.ts";

// A member's follows of fediverse accounts (issue 38): GET the list, POST a handle, DELETE one.

const tags = ["Fediverse"];
const member = { security: secured, middleware: [requireUser] };

const FollowingSchema = z
  .object({ id: z.number(), handle: z.string(), name: z.string(), url: z.string().nullable(), state: z.enum(["pending", "accepted"]), createdAt: z.string() })
  .meta({ id: "FediverseFollowing" });

const listRoute = createRoute({
  method: "get",
  path: "/fediverse/following",
  tags,
  summary: "The fediverse accounts the caller's channel follows (pending until the account accepts)",
  ...member,
  responses: { 200: jsonResponse(z.object({ success: z.literal(true), following: z.array(FollowingSchema) }), "The list"), 401: errors[401], 404: errors[404] },
});
const followRoute = createRoute({
  method: "post",
  path: "/fediverse/following",
  tags,
  summary: "Follow a fediverse account (@name@instance) with the caller's channel",
  ...member,
  request: { body: jsonBody(z.object({ handle: z.string({ error: "fediverse_handle_invalid" }).max(300, "fediverse_handle_invalid") })) },
  responses: {
    201: jsonResponse(z.object({ success: z.literal(true), following: FollowingSchema }), "Followed, pending the account's Accept"),
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: errors[404],
    409: errors[409],
    502: errors[502],
  },
});
const unfollowRoute = createRoute({
  method: "delete",
  path: "/fediverse/following/{id}",
  tags,
  summary: "Stop following a fediverse account (an Undo is sent to it)",
  ...member,
  request: { params: z.object({ id: numeric(z.number().int().positive()) }) },
  responses: { 204: { description: "No longer followed" }, 401: errors[401], 404: errors[404] },
});

export function followingRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(listRoute, async (c) => c.json({ success: true as const, following: await listFollowing(deps, currentUser(c)) }, 200))
    .openapi(followRoute, async (c) => c.json({ success: true as const, following: await followRemote(deps, currentUser(c), c.req.valid("json").handle) }, 201))
    .openapi(unfollowRoute, async (c) => {
      await unfollowRemote(deps, currentUser(c), c.req.valid("param").id);
      return c.body(null, 204);
    });
}
