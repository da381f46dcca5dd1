import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { OverlayChannelSchema, OverlaySecretParamSchema, OverlaySettingsSchema, OverlayTestAlertSchema, OverlayUpdateSchema, ScoreBugQuerySchema, ScoreBugSchema } from "./schemas.ts";
import { overlayChannel, overlayScoreBug, ownOverlay, resetOverlay, sendTestAlert, setOverlaySound } from "./service.ts";

const tags = ["Overlays"];
const member = { security: secured, middleware: [requireUser] };
const settingsAnswer = { 200: jsonResponse(OverlaySettingsSchema, "The overlays' secret and sound"), 401: errors[401], 403: errors[403] };

const ownRoute = createRoute({ method: "get", path: "/me/overlay", tags, summary: "The caller's OBS overlays: their secret address part and the alerts' sound", ...member, responses: settingsAnswer });
const updateRoute = createRoute({
  method: "put",
  path: "/me/overlay",
  tags,
  summary: "Turn the alerts' sound on or off",
  ...member,
  request: { body: jsonBody(OverlayUpdateSchema) },
  responses: { ...settingsAnswer, 400: errors[400] },
});
const resetRoute = createRoute({ method: "post", path: "/me/overlay/reset", tags, summary: "A new overlay address; the old one stops at once", ...member, responses: settingsAnswer });
const testRoute = createRoute({
  method: "post",
  path: "/me/overlay/test-alert",
  tags,
  summary: "Show a sample alert on the caller's alert overlays",
  ...member,
  request: { body: jsonBody(OverlayTestAlertSchema) },
  responses: { 200: jsonResponse(z.object({ success: z.literal(true) }), "Sent"), 400: errors[400], 401: errors[401], 403: errors[403] },
});
const channelRoute = createRoute({
  method: "get",
  path: "/overlay/{secret}",
  tags,
  summary: "What an overlay page shows of its streamer (opened by OBS, without a session)",
  request: { params: OverlaySecretParamSchema },
  responses: { 200: jsonResponse(OverlayChannelSchema, "The streamer and their chat's room"), 404: errors[404] },
});
const scoreRoute = createRoute({
  method: "get",
  path: "/overlay/{secret}/score",
  tags,
  summary: "The score bug's match: the streamer's station's, a station's or a match's",
  request: { params: OverlaySecretParamSchema, query: ScoreBugQuerySchema },
  responses: { 200: jsonResponse(ScoreBugSchema, "The match, or null"), 400: errors[400], 404: errors[404] },
});

export function overlayRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(ownRoute, async (c) => c.json({ success: true as const, ...(await ownOverlay(deps, currentUser(c))) }, 200))
    .openapi(updateRoute, async (c) => c.json({ success: true as const, ...(await setOverlaySound(deps, currentUser(c), c.req.valid("json").sound)) }, 200))
    .openapi(resetRoute, async (c) => c.json({ success: true as const, ...(await resetOverlay(deps, currentUser(c))) }, 200))
    .openapi(testRoute, async (c) => {
      sendTestAlert(deps, currentUser(c), c.req.valid("json").kind);
      return c.json({ success: true as const }, 200);
    })
    .openapi(channelRoute, async (c) => c.json(await overlayChannel(deps, c.req.valid("param").secret), 200))
    .openapi(scoreRoute, async (c) => c.json(await overlayScoreBug(deps, c.req.valid("param").secret, c.req.valid("query")), 200));
}
