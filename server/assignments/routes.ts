import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { assign, checkAssignment, eventAssignments, listStreamers, streamerAssignments, unassign } from "./service.ts";
import { numeric } from "../../shared/numeric.ts";
import { AssignedResponseSchema, AssignmentCheckResponseSchema, AssignSchema, AssignmentListResponseSchema, AssignmentRemovedResponseSchema, StreamerListResponseSchema } from "./schemas.ts";

const tags = ["Assignments"];
const owner = { security: secured, middleware: [requireUser] };
const Id = numeric(z.number().int().positive());

const r = {
  assign: createRoute({
    method: "post",
    path: "/assignments",
    tags,
    summary: "Assign a streamer to an event (owner, admins, moderators)",
    ...owner,
    request: { body: jsonBody(AssignSchema) },
    responses: { 201: jsonResponse(AssignedResponseSchema, "Assigned"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  remove: createRoute({
    method: "delete",
    path: "/assignments/{id}",
    tags,
    summary: "Remove an assignment",
    ...owner,
    request: { params: z.object({ id: Id }) },
    responses: { 200: jsonResponse(AssignmentRemovedResponseSchema, "Removed"), 401: errors[401], 403: errors[403], 404: errors[404] },
  }),
  byEvent: createRoute({
    method: "get",
    path: "/assignments/event/{eventId}",
    tags,
    summary: "An event's streamers",
    ...owner,
    request: { params: z.object({ eventId: Id }) },
    responses: { 200: jsonResponse(AssignmentListResponseSchema, "Assignments"), 401: errors[401], 403: errors[403], 404: errors[404] },
  }),
  byStreamer: createRoute({
    method: "get",
    path: "/assignments/streamer/{userId}",
    tags,
    summary: "A streamer's assignments",
    ...owner,
    request: { params: z.object({ userId: Id }) },
    responses: { 200: jsonResponse(AssignmentListResponseSchema, "Assignments"), 401: errors[401], 403: errors[403] },
  }),
  check: createRoute({
    method: "get",
    path: "/assignments/check/{eventId}/{userId}",
    tags,
    summary: "Whether a user streams an event",
    request: { params: z.object({ eventId: Id, userId: Id }) },
    responses: { 200: jsonResponse(AssignmentCheckResponseSchema, "Flag") },
  }),
  streamers: createRoute({ method: "get", path: "/users/streamers", tags, summary: "People who stream on this server", responses: { 200: jsonResponse(StreamerListResponseSchema, "Streamers") } }),
};

export function assignmentRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(r.assign, async (c) => c.json({ success: true as const, assignment: await assign(deps, currentUser(c), c.req.valid("json")) }, 201))
    .openapi(r.remove, async (c) => {
      await unassign(deps, currentUser(c), c.req.valid("param").id);
      return c.json({ success: true as const }, 200);
    })
    .openapi(r.byEvent, async (c) => c.json({ success: true as const, assignments: await eventAssignments(deps, currentUser(c), c.req.valid("param").eventId) }, 200))
    .openapi(r.byStreamer, async (c) => c.json({ success: true as const, assignments: await streamerAssignments(deps, currentUser(c), c.req.valid("param").userId) }, 200))
    .openapi(r.check, async (c) => {
      const { eventId, userId } = c.req.valid("param");
      return c.json({ success: true as const, ...(await checkAssignment(deps, eventId, userId)) }, 200);
    })
    .openapi(r.streamers, async (c) => c.json({ success: true as const, streamers: await listStreamers(deps) }, 200));
}
