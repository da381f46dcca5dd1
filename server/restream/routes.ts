import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { RestreamConfigInputSchema, RestreamConfigSchema } from "./schemas.ts";
import { getRestreamConfig, saveRestreamConfig } from "./service.ts";

const tags = ["Restreaming"];

const getRoute = createRoute({
  method: "get",
  path: "/restream/config",
  tags,
  summary: "Multi-streaming settings; keys are never sent back, only whether one is saved",
  security: secured,
  middleware: [requireUser] as const,
  responses: { 200: jsonResponse(RestreamConfigSchema, "Settings and each relay's status"), 401: errors[401] },
});
const putRoute = createRoute({
  method: "put",
  path: "/restream/config",
  tags,
  summary: "Save multi-streaming settings (keys only when given)",
  security: secured,
  middleware: [requireUser] as const,
  request: { body: jsonBody(RestreamConfigInputSchema) },
  responses: { 200: jsonResponse(RestreamConfigSchema, "Saved settings"), 400: errors[400], 401: errors[401] },
});

export function restreamRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(getRoute, async (c) => c.json(await getRestreamConfig(deps, currentUser(c)), 200))
    .openapi(putRoute, async (c) => c.json(await saveRestreamConfig(deps, currentUser(c), c.req.valid("json")), 200));
}
