import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { DashboardResponseSchema } from "./schemas.ts";
import { dashboardFor } from "./service.ts";

const dashboardRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["Dashboard"],
  summary: "The stat cards of the caller's role",
  security: secured,
  middleware: [requireUser] as const,
  responses: { 200: jsonResponse(DashboardResponseSchema, "Stats"), 401: errors[401] },
});

export function dashboardRoutes(deps: AppDeps) {
  return newRouter().openapi(dashboardRoute, async (c) => c.json({ success: true as const, ...(await dashboardFor(deps, currentUser(c))) }, 200));
}
