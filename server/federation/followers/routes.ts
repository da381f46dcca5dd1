import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireRole, requireUser } from "../../http/auth.ts";
import type { AppDeps } from "../../http/context.ts";
import { errors, jsonResponse, newRouter, secured } from "../../http/openapi.ts";
import { fediverseActor, listDeliveries, listFollowers, removeFollower } from "./service.ts";
import {
  FediverseActorParamSchema,
  FediverseActorSchema,
  FediverseDeliveryPageSchema,
  FediverseDeliveryQuerySchema,
  FediverseFollowerPageSchema,
  FediverseFollowerParamSchema,
  FediversePageQuerySchema,
} from "../followers-schemas.ts";

const tags = ["Fediverse"];
const member = { security: secured, middleware: [requireUser] };

const actorRoute = createRoute({
  method: "get",
  path: "/fediverse/actors/{identifier}",
  tags,
  summary: "A channel's, tournament's or event's handle on the fediverse and its fediverse followers (404 when federation is off: code fediverse_off)",
  request: { params: FediverseActorParamSchema },
  responses: { 200: jsonResponse(FediverseActorSchema, "Its handle and followers"), 400: errors[400], 404: errors[404] },
});
const followersRoute = createRoute({
  method: "get",
  path: "/fediverse/actors/{identifier}/followers",
  tags,
  summary: "The fediverse followers of a channel (its member), a tournament or an event (its organiser), newest first, 20 a page",
  ...member,
  request: { params: FediverseActorParamSchema, query: FediversePageQuerySchema },
  responses: { 200: jsonResponse(FediverseFollowerPageSchema, "A page of followers"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});
const removeRoute = createRoute({
  method: "delete",
  path: "/fediverse/followers/{id}",
  tags,
  summary: "Remove a fediverse follower: its server is sent a Reject of its Follow",
  ...member,
  request: { params: FediverseFollowerParamSchema },
  responses: { 204: { description: "Removed" }, 400: errors[400], 401: errors[401], 404: errors[404] },
});
const deliveriesRoute = createRoute({
  method: "get",
  path: "/admin/fediverse/deliveries",
  tags,
  summary: "The fediverse's delivery log, newest first, 25 a page (admins)",
  security: secured,
  middleware: [requireRole("admin")] as const,
  request: { query: FediverseDeliveryQuerySchema },
  responses: { 200: jsonResponse(FediverseDeliveryPageSchema, "A page of deliveries"), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export function fediverseRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(actorRoute, async (c) => c.json({ success: true as const, ...(await fediverseActor(deps, c.req.valid("param").identifier)) }, 200))
    .openapi(followersRoute, async (c) => c.json({ success: true as const, ...(await listFollowers(deps, currentUser(c), c.req.valid("param").identifier, c.req.valid("query").page)) }, 200))
    .openapi(removeRoute, async (c) => {
      await removeFollower(deps, currentUser(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(deliveriesRoute, async (c) => {
      const { page, state } = c.req.valid("query");
      return c.json({ success: true as const, ...(await listDeliveries(deps, currentUser(c), page, state)) }, 200);
    });
}
