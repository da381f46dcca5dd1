import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireRole, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { updatePolicy } from "./policy.ts";
import { MyRecordingSchema, RetentionRunSchema, StoragePolicyInputSchema, StoragePolicyResponseSchema } from "./schemas.ts";
import { myRecording, runRetentionNow, storageOverview } from "./service.ts";

const tags = ["Storage"];
const admins = { security: secured, middleware: [requireRole("admin")] };

const policyRoute = createRoute({
  method: "get",
  path: "/admin/storage",
  tags,
  summary: "The storage policy, the disk's room for recordings and what the replays take",
  ...admins,
  responses: { 200: jsonResponse(StoragePolicyResponseSchema, "The storage policy"), 401: errors[401], 403: errors[403] },
});
const updateRoute = createRoute({
  method: "put",
  path: "/admin/storage",
  tags,
  summary: "Set how long replays are kept and the free disk a recording needs",
  ...admins,
  request: { body: jsonBody(StoragePolicyInputSchema) },
  responses: { 200: jsonResponse(StoragePolicyResponseSchema, "The new policy"), 400: errors[400], 401: errors[401], 403: errors[403] },
});
const runRoute = createRoute({
  method: "post",
  path: "/admin/storage/run",
  tags,
  summary: "Apply the storage policy now, and say what it removed",
  ...admins,
  responses: { 200: jsonResponse(RetentionRunSchema, "What the run removed"), 401: errors[401], 403: errors[403] },
});
const myRecordingRoute = createRoute({
  method: "get",
  path: "/storage/my-recording",
  tags,
  summary: "Whether the caller's live is being recorded (false when stopped for want of disk room)",
  security: secured,
  middleware: [requireUser] as const,
  responses: { 200: jsonResponse(MyRecordingSchema, "The caller's recording"), 401: errors[401] },
});

export function storagePolicyRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(policyRoute, async (c) => c.json({ success: true as const, ...(await storageOverview(deps, currentUser(c))) }, 200))
    .openapi(updateRoute, async (c) => {
      await updatePolicy(deps, currentUser(c), c.req.valid("json"));
      return c.json({ success: true as const, ...(await storageOverview(deps, currentUser(c))) }, 200);
    })
    .openapi(runRoute, async (c) => c.json({ success: true as const, ...(await runRetentionNow(deps, currentUser(c))) }, 200))
    .openapi(myRecordingRoute, async (c) => c.json({ success: true as const, ...(await myRecording(deps, currentUser(c))) }, 200));
}
