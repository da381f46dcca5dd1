import { createRoute } from "@hono/zod-openapi";
import type { AppDeps } from "../http/context.ts";
import { currentUser, requireRole } from "../http/auth.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { LegalListResponseSchema, LegalQuerySchema, LegalResponseSchema, LegalTypeParamSchema, LegalUpdateSchema, LegalVersionListSchema, LegalVersionQuerySchema } from "./schemas.ts";
import * as legal from "./service.ts";

const tags = ["Legal"];

const allRoute = createRoute({
  method: "get",
  path: "/all",
  tags,
  summary: "Every legal document, in the request's language (French when missing)",
  request: { query: LegalQuerySchema },
  responses: { 200: jsonResponse(LegalListResponseSchema, "rgpd, cgu, faq and mentions-legales, in that order") },
});
const getRoute = createRoute({
  method: "get",
  path: "/{type}",
  tags,
  summary: "One legal document: rgpd, cgu, faq or mentions-legales",
  request: { params: LegalTypeParamSchema, query: LegalQuerySchema },
  responses: { 200: jsonResponse(LegalResponseSchema, "The document in the request's language (French when missing)"), 404: errors[404] },
});
const updateRoute = createRoute({
  method: "put",
  path: "/{type}",
  tags,
  summary: "Replace one language of a legal document (admin)",
  security: secured,
  middleware: [requireRole("admin")] as const,
  request: { params: LegalTypeParamSchema, body: jsonBody(LegalUpdateSchema) },
  responses: {
    200: jsonResponse(LegalResponseSchema, "Stored with sanitised HTML, the next version and the current date"),
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: errors[404],
  },
});

const versionsRoute = createRoute({
  method: "get",
  path: "/{type}/versions",
  tags,
  summary: "Every version of one language of a legal text, newest first (admin)",
  security: secured,
  middleware: [requireRole("admin")] as const,
  request: { params: LegalTypeParamSchema, query: LegalVersionQuerySchema },
  responses: { 200: jsonResponse(LegalVersionListSchema, "Versions"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

export function legalRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(allRoute, async (c) => {
      const data = await legal.listLegalDocuments(deps, c.req.valid("query").lang ?? c.get("lang"));
      return c.json({ success: true as const, data }, 200);
    })
    .openapi(getRoute, async (c) => {
      const data = await legal.getLegalDocument(deps, c.req.valid("param").type, c.req.valid("query").lang ?? c.get("lang"));
      return c.json({ success: true as const, data }, 200);
    })
    .openapi(updateRoute, async (c) => {
      const data = await legal.updateLegalDocument(deps, currentUser(c), c.req.valid("param").type, c.req.valid("json"));
      return c.json({ success: true as const, data }, 200);
    })
    .openapi(versionsRoute, async (c) => c.json({ success: true as const, versions: await legal.listLegalVersions(deps, currentUser(c), c.req.valid("param").type, c.req.valid("query").lang) }, 200));
}
