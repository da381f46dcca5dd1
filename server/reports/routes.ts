import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireRole, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { translate } from "../i18n/messages.ts";
import { ReportIdParamSchema, ReportInputSchema, ReportListQuerySchema, ReportListResponseSchema, ReportResolvedResponseSchema, ReportStoredResponseSchema, ResolveReportSchema } from "./schemas.ts";
import { createReport, listReports, resolveReport } from "./service.ts";

const tags = ["Reports"];
const moderators = { security: secured, middleware: [requireRole("moderator", "admin")] };

const reportRoute = createRoute({
  method: "post",
  path: "/report",
  tags,
  summary: "Report a stream, user, replay, tournament or chat message (reason ≥ 10 characters)",
  security: secured,
  middleware: [requireUser] as const,
  request: { body: jsonBody(ReportInputSchema) },
  responses: { 201: jsonResponse(ReportStoredResponseSchema, "Stored"), 400: errors[400], 401: errors[401], 404: errors[404] },
});
const listRoute = createRoute({
  method: "get",
  path: "/reports",
  tags,
  summary: "The moderation queue (moderators and admins)",
  ...moderators,
  request: { query: ReportListQuerySchema },
  responses: { 200: jsonResponse(ReportListResponseSchema, "Reports, newest first"), 401: errors[401], 403: errors[403] },
});
const resolveRoute = createRoute({
  method: "patch",
  path: "/reports/{id}",
  tags,
  summary: "Dismiss a report or act on it",
  ...moderators,
  request: { params: ReportIdParamSchema, body: jsonBody(ResolveReportSchema) },
  responses: { 200: jsonResponse(ReportResolvedResponseSchema, "Resolved"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

export function reportRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(reportRoute, async (c) => {
      const { username } = await createReport(deps, currentUser(c), c.req.valid("json"));
      return c.json({ success: true as const, message: translate(c.get("lang"), "channels:reported", { username }) }, 201);
    })
    .openapi(listRoute, async (c) => c.json({ success: true as const, reports: await listReports(deps, currentUser(c), c.req.valid("query").status) }, 200))
    .openapi(resolveRoute, async (c) => {
      await resolveReport(deps, currentUser(c), c.req.valid("param").id, c.req.valid("json"));
      return c.json({ success: true as const }, 200);
    });
}
