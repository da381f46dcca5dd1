import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { currentUser, requireRole, requireUser } from "../http/auth.ts";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { serveFileWithRanges } from "../http/file-ranges.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { translate } from "../i18n/messages.ts";
import { AdminClipQuerySchema, ClipCreateSchema, ClipDeletedSchema, ClipDetailSchema, ClipIdParamSchema, ClipListQuerySchema, ClipListSchema, ClipUpdateSchema } from "./schemas.ts";
import { adminClips, clipFile, createClip, deleteClip, getClip, listClips, renameClip } from "./service.ts";

const tags = ["Clips"];
const member = { security: secured, middleware: [requireUser] };

const createClipRoute = createRoute({
  method: "post",
  path: "/stream/clips",
  tags,
  summary: "Keep a moment: the last seconds of a live, or a range of a replay (5 to 60 s); cut in the background",
  ...member,
  request: { body: jsonBody(ClipCreateSchema) },
  responses: {
    201: jsonResponse(ClipDetailSchema, "The clip, processing (cut in the background)"),
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: errors[404],
    409: errors[409],
    429: errors[429],
  },
});
const listRoute = createRoute({
  method: "get",
  path: "/stream/clips",
  tags,
  summary: "Ready clips, newest first: a channel's (username) or a game's (game)",
  request: { query: ClipListQuerySchema },
  responses: { 200: jsonResponse(ClipListSchema, "A page of clips"), 400: errors[400] },
});
const clipRoute = createRoute({
  method: "get",
  path: "/stream/clips/{id}",
  tags,
  summary: "One clip, in any state (counts a view once ready)",
  request: { params: ClipIdParamSchema },
  responses: { 200: jsonResponse(ClipDetailSchema, "The clip"), 404: errors[404] },
});
const fileRoute = (which: "video" | "thumbnail") =>
  createRoute({
    method: "get",
    path: `/stream/clips/{id}/${which}`,
    tags,
    summary: which === "video" ? "A ready clip's MP4 (with ranges)" : "A ready clip's picture",
    request: { params: ClipIdParamSchema },
    responses: { 200: { description: which === "video" ? "video/mp4" : "image/jpeg" }, 404: errors[404] },
  });
const renameRoute = createRoute({
  method: "patch",
  path: "/stream/clips/{id}",
  tags,
  summary: "Change a clip's title (its author, or an admin)",
  ...member,
  request: { params: ClipIdParamSchema, body: jsonBody(ClipUpdateSchema) },
  responses: { 200: jsonResponse(ClipDetailSchema, "The clip"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});
const deleteRoute = createRoute({
  method: "delete",
  path: "/stream/clips/{id}",
  tags,
  summary: "Delete a clip and its file (its author, the channel's streamer, moderators, admins)",
  ...member,
  request: { params: ClipIdParamSchema },
  responses: { 200: jsonResponse(ClipDeletedSchema, "Deleted"), 401: errors[401], 403: errors[403], 404: errors[404] },
});
const adminListRoute = createRoute({
  method: "get",
  path: "/admin/clips",
  tags: ["Admin"],
  summary: "Every clip in any state, searched by title, channel or author (delete with DELETE /stream/clips/{id})",
  security: secured,
  middleware: [requireRole("admin")] as const,
  request: { query: AdminClipQuerySchema },
  responses: { 200: jsonResponse(ClipListSchema, "A page of clips"), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export function clipRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(createClipRoute, async (c) => c.json({ success: true as const, clip: (await createClip(deps, currentUser(c), c.req.valid("json"))).clip }, 201))
    .openapi(listRoute, async (c) => c.json({ success: true as const, ...(await listClips(deps, c.req.valid("query"), c.get("auth")?.user)) }, 200))
    .openapi(clipRoute, async (c) => c.json({ success: true as const, clip: await getClip(deps, c.req.valid("param").id, c.get("auth")?.user) }, 200))
    .openapi(fileRoute("video"), async (c) => serveClipFile(c, await clipFile(deps, c.req.valid("param").id, "video", c.get("auth")?.user), "video/mp4"))
    .openapi(fileRoute("thumbnail"), async (c) => serveClipFile(c, await clipFile(deps, c.req.valid("param").id, "thumbnail", c.get("auth")?.user), "image/jpeg"))
    .openapi(renameRoute, async (c) => c.json({ success: true as const, clip: await renameClip(deps, c.req.valid("param").id, currentUser(c), c.req.valid("json").title) }, 200))
    .openapi(deleteRoute, async (c) => {
      await deleteClip(deps, c.req.valid("param").id, currentUser(c));
      return c.json({ success: true as const, message: translate(c.get("lang"), "channels:clip_deleted") }, 200);
    })
    .openapi(adminListRoute, async (c) => c.json({ success: true as const, ...(await adminClips(deps, currentUser(c), c.req.valid("query"))) }, 200));
}

/** A restricted live's clip is answered for this viewer alone: no cache in front may keep it for another. */
function serveClipFile(c: Context<AppEnv>, { file, restricted }: { file: string; restricted: boolean }, type: string) {
  return serveFileWithRanges(c, file, type, restricted ? "private, no-store" : "public, max-age=3600");
}
