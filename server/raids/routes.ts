import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { z } from "zod";
import {
  CurrentRaidSchema,
  RaidAnswerSchema,
  RaidBlockParamSchema,
  RaidBlockSchema,
  RaidPolicySchema,
  RaidSettingsSchema,
  RaidStartSchema,
  RaidTargetListSchema,
  RaidTargetQuerySchema,
} from "./schemas.ts";
import { blockRaider, cancelRaid, currentRaid, raidSettings, raidTargets, setRaidPolicy, startRaid, unblockRaider } from "./service.ts";

const tags = ["Raids"];
const member = { security: secured, middleware: [requireUser] };

const targetsRoute = createRoute({
  method: "get",
  path: "/raids/targets",
  tags,
  summary: "Where the caller may raid: suggestions (their tournament's next streamed match, then followed lives), or the lives matching `q`",
  ...member,
  request: { query: RaidTargetQuerySchema },
  responses: { 200: jsonResponse(RaidTargetListSchema, "Live channels"), 401: errors[401], 403: errors[403] },
});
const currentRoute = createRoute({
  method: "get",
  path: "/raids/current",
  tags,
  summary: "The caller's raid counting down, if any",
  ...member,
  responses: { 200: jsonResponse(CurrentRaidSchema, "The raid, or null"), 401: errors[401], 403: errors[403] },
});
const startRoute = createRoute({
  method: "post",
  path: "/raids",
  tags,
  summary: "Raid another live from the caller's live: its viewers are taken there after a 10 s countdown",
  ...member,
  request: { body: jsonBody(RaidStartSchema) },
  responses: {
    201: jsonResponse(RaidAnswerSchema, "Counting down"),
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: errors[404],
    409: errors[409],
  },
});
const cancelRoute = createRoute({
  method: "delete",
  path: "/raids/current",
  tags,
  summary: "Call off the caller's raid during its countdown",
  ...member,
  responses: { 200: jsonResponse(z.object({ success: z.literal(true), cancelled: z.boolean() }), "Called off, or none was under way"), 401: errors[401], 403: errors[403] },
});
const settingsRoute = createRoute({
  method: "get",
  path: "/raids/settings",
  tags,
  summary: "Who may raid the caller's channel, and the channels they block",
  ...member,
  responses: { 200: jsonResponse(RaidSettingsSchema, "The settings"), 401: errors[401], 403: errors[403] },
});
const policyRoute = createRoute({
  method: "put",
  path: "/raids/settings",
  tags,
  summary: "Choose who may raid the caller's channel: everyone, the channels they follow, or no one",
  ...member,
  request: { body: jsonBody(RaidPolicySchema) },
  responses: { 200: jsonResponse(RaidSettingsSchema, "Saved"), 400: errors[400], 401: errors[401], 403: errors[403] },
});
const blockRoute = createRoute({
  method: "post",
  path: "/raids/blocks",
  tags,
  summary: "Block a channel from raiding the caller's",
  ...member,
  request: { body: jsonBody(RaidBlockSchema) },
  responses: { 200: jsonResponse(RaidSettingsSchema, "Blocked"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});
const unblockRoute = createRoute({
  method: "delete",
  path: "/raids/blocks/{username}",
  tags,
  summary: "Let a blocked channel raid the caller's again (within the policy)",
  ...member,
  request: { params: RaidBlockParamSchema },
  responses: { 200: jsonResponse(RaidSettingsSchema, "Unblocked (or was not blocked)"), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export function raidRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(targetsRoute, async (c) => c.json({ success: true as const, targets: await raidTargets(deps, currentUser(c), c.req.valid("query").q) }, 200))
    .openapi(currentRoute, async (c) => c.json({ success: true as const, raid: await currentRaid(deps, currentUser(c)) }, 200))
    .openapi(startRoute, async (c) => c.json({ success: true as const, raid: await startRaid(deps, currentUser(c), c.req.valid("json")) }, 201))
    .openapi(cancelRoute, async (c) => {
      return c.json({ success: true as const, cancelled: await cancelRaid(deps, currentUser(c)) }, 200);
    })
    .openapi(settingsRoute, async (c) => c.json({ success: true as const, ...(await raidSettings(deps, currentUser(c))) }, 200))
    .openapi(policyRoute, async (c) => c.json({ success: true as const, ...(await setRaidPolicy(deps, currentUser(c), c.req.valid("json").policy)) }, 200))
    .openapi(blockRoute, async (c) => c.json({ success: true as const, ...(await blockRaider(deps, currentUser(c), c.req.valid("json").username)) }, 200))
    .openapi(unblockRoute, async (c) => c.json({ success: true as const, ...(await unblockRaider(deps, currentUser(c), c.req.valid("param").username)) }, 200));
}
