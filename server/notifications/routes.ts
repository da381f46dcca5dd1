import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { NotificationPageQuerySchema, NotificationPageResponseSchema, NotificationsReadResponseSchema } from "./schemas.ts";
import { listNotifications, markAllRead } from "./service.ts";

const tags = ["Notifications"];
const owner = { security: secured, middleware: [requireUser] };

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags,
  summary: "The caller's notifications, newest first, with the unread count",
  ...owner,
  request: { query: NotificationPageQuerySchema },
  responses: { 200: jsonResponse(NotificationPageResponseSchema, "A page"), 401: errors[401] },
});
const readAllRoute = createRoute({
  method: "post",
  path: "/read-all",
  tags,
  summary: "Mark every notification read",
  ...owner,
  responses: { 200: jsonResponse(NotificationsReadResponseSchema, "Done"), 401: errors[401] },
});

export function notificationRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(listRoute, async (c) => {
      const { page, limit } = c.req.valid("query");
      return c.json({ success: true as const, ...(await listNotifications(deps, currentUser(c).id, page, limit)) }, 200);
    })
    .openapi(readAllRoute, async (c) => {
      await markAllRead(deps, currentUser(c).id);
      return c.json({ success: true as const }, 200);
    });
}
