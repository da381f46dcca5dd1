import { createRoute } from "@hono/zod-openapi";
import { passwordIs } from "../auth/password.ts";
import { clearSessionCookie } from "../auth/session-middleware.ts";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError } from "../http/errors.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { eraseAccount } from "./erase.ts";
import { exportFile, exportView, latestExport, requestExport } from "./export.ts";
import { AccountDeletedSchema, AccountDeletionSchema, DataExportResponseSchema, ExportIdParamSchema } from "./schemas.ts";

const tags = ["Privacy"];
const owner = { security: secured, middleware: [requireUser] };

const exportStatusRoute = createRoute({
  method: "get",
  path: "/data-export",
  tags,
  summary: "The caller's latest data export (RGPD)",
  ...owner,
  responses: { 200: jsonResponse(DataExportResponseSchema, "Its state, or null"), 401: errors[401] },
});
const exportRequestRoute = createRoute({
  method: "post",
  path: "/data-export",
  tags,
  summary: "Ask for everything Arena holds about the caller, as a ZIP made in the background",
  ...owner,
  responses: { 201: jsonResponse(DataExportResponseSchema, "Being prepared"), 401: errors[401], 409: errors[409], 429: errors[429] },
});
const exportDownloadRoute = createRoute({
  method: "get",
  path: "/data-export/{exportId}/download",
  tags,
  summary: "The ZIP of a ready export (its owner only)",
  ...owner,
  request: { params: ExportIdParamSchema },
  responses: { 200: { description: "application/zip" }, 401: errors[401], 404: errors[404] },
});
const deleteAccountRoute = createRoute({
  method: "post",
  path: "/delete",
  tags,
  summary: "Delete the caller's account: personal data erased, upcoming tickets refunded first",
  ...owner,
  request: { body: jsonBody(AccountDeletionSchema) },
  responses: { 200: jsonResponse(AccountDeletedSchema, "Deleted; the session cookie is cleared"), 400: errors[400], 401: errors[401], 409: errors[409] },
});

export function privacyRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(exportStatusRoute, async (c) => c.json({ success: true as const, export: exportView(await latestExport(deps, currentUser(c).id), deps.now()) }, 200))
    .openapi(exportRequestRoute, async (c) => {
      const { row } = await requestExport(deps, currentUser(c), c.get("lang"));
      return c.json({ success: true as const, export: exportView(row, deps.now()) }, 201);
    })
    .openapi(exportDownloadRoute, async (c) => {
      const { path, size } = await exportFile(deps, currentUser(c), c.req.valid("param").exportId);
      return new Response(Bun.file(path), {
        headers: { "content-type": "application/zip", "content-length": String(size), "content-disposition": `attachment; filename="arena-data-export.zip"`, "cache-control": "private, no-store" },
      }) as never;
    })
    .openapi(deleteAccountRoute, async (c) => {
      const user = currentUser(c);
      const { password, confirmation } = c.req.valid("json");
      const confirmed = user.password_hash ? await passwordIs(password ?? "", user.password_hash) : confirmation === user.username;
      if (!confirmed) throw new AppError(400, "account_deletion_password", { fields: [{ field: user.password_hash ? "password" : "confirmation", code: "account_deletion_password" }] });
      const result = await eraseAccount(deps, user);
      clearSessionCookie(c);
      return c.json({ success: true as const, ...result }, 200);
    });
}
