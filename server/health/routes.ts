import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { HealthUsernameParamSchema, StreamHealthSchema } from "./schemas.ts";
import { streamHealthOf } from "./service.ts";

const healthRoute = createRoute({
  method: "get",
  path: "/stream/health/{username}",
  tags: ["Streams"],
  summary: "A channel's stream health: what its publish really sends, and warnings with their fix (its owner and admins only)",
  security: secured,
  middleware: [requireUser],
  request: { params: HealthUsernameParamSchema },
  responses: { 200: jsonResponse(StreamHealthSchema, "The last measured figures, or null"), 401: errors[401], 403: errors[403], 404: errors[404] },
});

export function streamHealthRoutes(deps: AppDeps) {
  return newRouter().openapi(healthRoute, async (c) => c.json({ success: true as const, health: await streamHealthOf(deps, currentUser(c), c.req.valid("param").username) }, 200));
}
