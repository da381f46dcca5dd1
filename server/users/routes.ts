import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireRole } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { translate } from "../i18n/messages.ts";
import { toMe, toPublicUser } from "../auth/user-mapper.ts";
import { ChangeRoleSchema, PublicUserResponseSchema, RoleChangedResponseSchema, UserIdParamSchema, UsernameParamSchema } from "./schemas.ts";
import { changeRole, findPublicUser } from "./service.ts";

const publicUserRoute = createRoute({
  method: "get",
  path: "/user/{username}",
  tags: ["Users"],
  summary: "Public profile data of a user",
  request: { params: UsernameParamSchema },
  responses: { 200: jsonResponse(PublicUserResponseSchema, "The user, without private fields"), 404: errors[404] },
});

const changeRoleRoute = createRoute({
  method: "put",
  path: "/admin/users/{id}/role",
  tags: ["Admin"],
  summary: "Change a user's role (admin)",
  security: secured,
  middleware: [requireRole("admin")] as const,
  request: { params: UserIdParamSchema, body: jsonBody(ChangeRoleSchema) },
  responses: {
    200: jsonResponse(RoleChangedResponseSchema, "The updated user"),
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: errors[404],
  },
});

export function userRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(publicUserRoute, async (c) => {
      const user = await findPublicUser(deps, c.req.valid("param").username);
      return c.json({ success: true as const, user: toPublicUser(user) }, 200);
    })
    .openapi(changeRoleRoute, async (c) => {
      const user = await changeRole(deps, currentUser(c), c.req.valid("param").id, c.req.valid("json").role);
      return c.json({ success: true as const, message: translate(c.get("lang"), "auth:role_updated"), user: toMe(user) }, 200);
    });
}
