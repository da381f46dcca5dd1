import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import {
  DeliveryAnswerSchema,
  DeliveryPageQuerySchema,
  DeliveryPageSchema,
  DeliveryParamSchema,
  WebhookAnswerSchema,
  WebhookCreateSchema,
  WebhookIdParamSchema,
  WebhookListSchema,
  WebhookScopeQuerySchema,
  WebhookUpdateSchema,
  WebhookWithSecretSchema,
} from "./schemas.ts";
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, resendDelivery, rotateSecret, sendTestEvent, updateWebhook } from "./service.ts";

const tags = ["Webhooks"];
const member = { security: secured, middleware: [requireUser] };
const refusals = { 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] };
const Done = z.object({ success: z.literal(true) });

const listRoute = createRoute({
  method: "get",
  path: "/webhooks",
  tags,
  summary: "The webhooks of a channel (its owner), a tournament or an event (its organiser) or the site (admins)",
  ...member,
  request: { query: WebhookScopeQuerySchema },
  responses: { 200: jsonResponse(WebhookListSchema, "The webhooks and the events the scope offers"), ...refusals },
});
const createWebhookRoute = createRoute({
  method: "post",
  path: "/webhooks",
  tags,
  summary: "Add a webhook; its whsec_ signing key is in this answer only",
  ...member,
  request: { body: jsonBody(WebhookCreateSchema) },
  responses: { 201: jsonResponse(WebhookWithSecretSchema, "Added, with its signing key"), ...refusals },
});
const updateRoute = createRoute({
  method: "patch",
  path: "/webhooks/{id}",
  tags,
  summary: "Change a webhook's address, events or description, or disable and enable it",
  ...member,
  request: { params: WebhookIdParamSchema, body: jsonBody(WebhookUpdateSchema) },
  responses: { 200: jsonResponse(WebhookAnswerSchema, "Changed"), ...refusals },
});
const deleteRoute = createRoute({
  method: "delete",
  path: "/webhooks/{id}",
  tags,
  summary: "Remove a webhook, its queue and its log",
  ...member,
  request: { params: WebhookIdParamSchema },
  responses: { 200: jsonResponse(Done, "Removed"), ...refusals },
});
const rotateRoute = createRoute({
  method: "post",
  path: "/webhooks/{id}/secret",
  tags,
  summary: "A new signing key, in this answer only; the old one signs too for 24 h",
  ...member,
  request: { params: WebhookIdParamSchema },
  responses: { 200: jsonResponse(WebhookWithSecretSchema, "The new key"), ...refusals },
});
const testRoute = createRoute({
  method: "post",
  path: "/webhooks/{id}/test",
  tags,
  summary: "Queue a webhook.test event for this webhook",
  ...member,
  request: { params: WebhookIdParamSchema },
  responses: { 202: jsonResponse(Done, "Queued"), ...refusals },
});
const deliveriesRoute = createRoute({
  method: "get",
  path: "/webhooks/{id}/deliveries",
  tags,
  summary: "The delivery log, newest first, 20 a page: each event, its tries, their answers",
  ...member,
  request: { params: WebhookIdParamSchema, query: DeliveryPageQuerySchema },
  responses: { 200: jsonResponse(DeliveryPageSchema, "A page of deliveries"), ...refusals },
});
const resendRoute = createRoute({
  method: "post",
  path: "/webhooks/{id}/deliveries/{deliveryId}/resend",
  tags,
  summary: "Send a delivery again now (same webhook-id), with a new day of tries",
  ...member,
  request: { params: DeliveryParamSchema },
  responses: { 202: jsonResponse(DeliveryAnswerSchema, "Due now"), ...refusals },
});

export function webhookRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(listRoute, async (c) => {
      const { scope, id } = c.req.valid("query");
      return c.json({ success: true as const, ...(await listWebhooks(deps, currentUser(c), scope, id)) }, 200);
    })
    .openapi(createWebhookRoute, async (c) => c.json({ success: true as const, ...(await createWebhook(deps, currentUser(c), c.get("lang"), c.req.valid("json"))) }, 201))
    .openapi(updateRoute, async (c) => c.json({ success: true as const, webhook: await updateWebhook(deps, currentUser(c), c.req.valid("param").id, c.req.valid("json")) }, 200))
    .openapi(deleteRoute, async (c) => {
      await deleteWebhook(deps, currentUser(c), c.req.valid("param").id);
      return c.json({ success: true as const }, 200);
    })
    .openapi(rotateRoute, async (c) => c.json({ success: true as const, ...(await rotateSecret(deps, currentUser(c), c.req.valid("param").id)) }, 200))
    .openapi(testRoute, async (c) => {
      await sendTestEvent(deps, currentUser(c), c.req.valid("param").id);
      return c.json({ success: true as const }, 202);
    })
    .openapi(deliveriesRoute, async (c) => c.json({ success: true as const, ...(await listDeliveries(deps, currentUser(c), c.req.valid("param").id, c.req.valid("query").page)) }, 200))
    .openapi(resendRoute, async (c) => {
      const { id, deliveryId } = c.req.valid("param");
      return c.json({ success: true as const, delivery: await resendDelivery(deps, currentUser(c), id, deliveryId) }, 202);
    });
}
