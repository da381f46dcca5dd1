import { createRoute } from "@hono/zod-openapi";
import type { AppDeps } from "../http/context.ts";
import { ErrorSchema, errors, jsonResponse, newRouter } from "../http/openapi.ts";
import { OEmbedQuerySchema, OEmbedSchema } from "./schemas.ts";
import { oembedFor } from "./service.ts";

const oembedRoute = createRoute({
  method: "get",
  path: "/oembed",
  tags: ["Embeds"],
  summary: "oEmbed 1.0: the frame to embed a channel's player or chat, a tournament's bracket or an event's card, from its page's address (as a visitor sees it)",
  request: { query: OEmbedQuerySchema },
  responses: {
    200: jsonResponse(OEmbedSchema, "What to embed"),
    400: errors[400],
    404: errors[404],
    501: jsonResponse(ErrorSchema, "A format other than json"),
  },
});

/** GET /api/oembed, for anyone: the pages name it in their <link rel="alternate"> (server/embeds/discovery.ts). */
export function embedRoutes(deps: AppDeps) {
  return newRouter().openapi(oembedRoute, async (c) => c.json(await oembedFor(deps, c.req.valid("query"), c.get("lang")), 200));
}
