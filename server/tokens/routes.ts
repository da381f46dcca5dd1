import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { TokenCreatedSchema, TokenCreateSchema, TokenIdParamSchema, TokenListSchema } from "./schemas.ts";
import { createToken, listTokens, revokeToken } from "./service.ts";
import { z } from "zod";

const tags = ["Tokens"];
const member = { security: secured, middleware: [requireUser] };

const listRoute = createRoute({
  method: "get",
  path: "/tokens",
  tags,
  summary: "The caller's personal access tokens (never their values)",
  ...member,
  responses: { 200: jsonResponse(TokenListSchema, "The tokens, newest first"), 401: errors[401], 403: errors[403] },
});
const createTokenRoute = createRoute({
  method: "post",
  path: "/tokens",
  tags,
  summary: "Make a personal access token with scopes; its value is in this answer only",
  ...member,
  request: { body: jsonBody(TokenCreateSchema) },
  responses: { 201: jsonResponse(TokenCreatedSchema, "Made, with its value"), 400: errors[400], 401: errors[401], 403: errors[403] },
});
const revokeRoute = createRoute({
  method: "delete",
  path: "/tokens/{id}",
  tags,
  summary: "Revoke a personal access token: its next call is refused",
  ...member,
  request: { params: TokenIdParamSchema },
  responses: { 200: jsonResponse(z.object({ success: z.literal(true) }), "Revoked"), 401: errors[401], 403: errors[403], 404: errors[404] },
});

export function tokenRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(listRoute, async (c) => c.json({ success: true as const, tokens: await listTokens(deps, currentUser(c)) }, 200))
    .openapi(createTokenRoute, async (c) => c.json({ success: true as const, ...(await createToken(deps, currentUser(c), c.req.valid("json"))) }, 201))
    .openapi(revokeRoute, async (c) => {
      await revokeToken(deps, currentUser(c), c.req.valid("param").id);
      return c.json({ success: true as const }, 200);
    });
}
