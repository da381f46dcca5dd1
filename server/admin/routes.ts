import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireRole } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { listAudit } from "./audit.ts";
import { backupFile, listBackups, startBackup } from "./backups.ts";
import { machineReport } from "./machine.ts";
import { adjustCoins, liftSuspension, listMembers, mailPasswordReset, memberDetail, signOutEverywhere, suspendMember } from "./members.ts";
import {
  AdjustedSchema,
  AuditPageSchema,
  AuditQuerySchema,
  CoinAdjustmentSchema,
  DoneSchema,
  MemberDetailSchema,
  MemberIdParamSchema,
  MemberListSchema,
  MemberQuerySchema,
  SignedOutSchema,
  MachineSchema,
  BackupListSchema,
  BackupNameParamSchema,
} from "./schemas.ts";

const tags = ["Admin"];
// The role middleware answers 401/403 first; the services check again, so no other caller reaches them.
const admins = { security: secured, middleware: [requireRole("admin")] };
const refused = { 401: errors[401], 403: errors[403] };

const listRoute = createRoute({
  method: "get",
  path: "/users",
  tags,
  summary: "Members, searched by name or e-mail, filtered by role and state",
  ...admins,
  request: { query: MemberQuerySchema },
  responses: { 200: jsonResponse(MemberListSchema, "A page of members"), 400: errors[400], ...refused },
});
const detailRoute = createRoute({
  method: "get",
  path: "/users/{id}",
  tags,
  summary: "One member: channel, lives, replays, tickets, wallet, reports about them",
  ...admins,
  request: { params: MemberIdParamSchema },
  responses: { 200: jsonResponse(MemberDetailSchema, "The member"), ...refused, 404: errors[404] },
});
const action = (path: string, summary: string, response = DoneSchema) =>
  createRoute({
    method: "post",
    path: `/users/{id}/${path}`,
    tags,
    summary,
    ...admins,
    request: { params: MemberIdParamSchema },
    responses: { 200: jsonResponse(response, "Done"), ...refused, 404: errors[404], 409: errors[409] },
  });
const suspendRoute = action("suspend", "Suspend a member: signed out everywhere, cannot sign in");
const unsuspendRoute = action("unsuspend", "Lift a suspension");
const signOutRoute = action("sign-out", "End every session of a member", SignedOutSchema);
const resetRoute = action("password-reset", "Mail the member a password reset link");
const coinsRoute = createRoute({
  method: "post",
  path: "/users/{id}/coins",
  tags,
  summary: "Credit (amount > 0) or debit a member's G-Coins, with a reason the ledger keeps",
  ...admins,
  request: { params: MemberIdParamSchema, body: jsonBody(CoinAdjustmentSchema) },
  responses: { 200: jsonResponse(AdjustedSchema, "The new balance"), 400: errors[400], ...refused, 402: errors[402], 404: errors[404] },
});
const auditRoute = createRoute({
  method: "get",
  path: "/audit",
  tags,
  summary: "The audit log of admin actions, newest first",
  ...admins,
  request: { query: AuditQuerySchema },
  responses: { 200: jsonResponse(AuditPageSchema, "A page of the log"), 400: errors[400], ...refused },
});

const machineRoute = createRoute({
  method: "get",
  path: "/machine",
  tags,
  summary: "Disk use and room, lives and this node's ffmpeg jobs, the node's last log lines",
  ...admins,
  responses: { 200: jsonResponse(MachineSchema, "The machine"), ...refused },
});
const backupsRoute = createRoute({
  method: "get",
  path: "/backups",
  tags,
  summary: "The backups in DATA_DIR/backups, newest first",
  ...admins,
  responses: { 200: jsonResponse(BackupListSchema, "Backups"), ...refused },
});
const backupStartRoute = createRoute({
  method: "post",
  path: "/backups",
  tags,
  summary: "Start a backup while Arena runs (scripts/backup.ts does the same)",
  ...admins,
  responses: { 201: jsonResponse(BackupListSchema, "Started"), ...refused, 409: errors[409] },
});
const backupDownloadRoute = createRoute({
  method: "get",
  path: "/backups/{name}",
  tags,
  summary: "Download a backup",
  ...admins,
  request: { params: BackupNameParamSchema },
  responses: { 200: { description: "application/x-tar" }, ...refused, 404: errors[404] },
});

export function adminRoutes(deps: AppDeps) {
  const id = (c: { req: { valid(target: "param"): { id: number } } }) => c.req.valid("param").id;
  return newRouter()
    .openapi(listRoute, async (c) => c.json({ success: true as const, ...(await listMembers(deps, currentUser(c), c.req.valid("query"))) }, 200))
    .openapi(detailRoute, async (c) => c.json({ success: true as const, ...(await memberDetail(deps, currentUser(c), id(c))) }, 200))
    .openapi(suspendRoute, async (c) => {
      await suspendMember(deps, currentUser(c), id(c));
      return c.json({ success: true as const }, 200);
    })
    .openapi(unsuspendRoute, async (c) => {
      await liftSuspension(deps, currentUser(c), id(c));
      return c.json({ success: true as const }, 200);
    })
    .openapi(signOutRoute, async (c) => c.json({ success: true as const, sessionsEnded: await signOutEverywhere(deps, currentUser(c), id(c)) }, 200))
    .openapi(resetRoute, async (c) => {
      await mailPasswordReset(deps, currentUser(c), id(c), c.get("lang"));
      return c.json({ success: true as const }, 200);
    })
    .openapi(coinsRoute, async (c) => c.json({ success: true as const, balance: await adjustCoins(deps, currentUser(c), id(c), c.req.valid("json")) }, 200))
    .openapi(machineRoute, async (c) => c.json({ success: true as const, ...(await machineReport(deps, currentUser(c))) }, 200))
    .openapi(backupsRoute, (c) => c.json({ success: true as const, ...listBackups(deps, currentUser(c)) }, 200))
    .openapi(backupStartRoute, async (c) => {
      await startBackup(deps, currentUser(c));
      return c.json({ success: true as const, ...listBackups(deps, currentUser(c)) }, 201);
    })
    .openapi(backupDownloadRoute, (c) => {
      const path = backupFile(deps, currentUser(c), c.req.valid("param").name);
      return new Response(Bun.file(path), {
        headers: { "content-type": "application/x-tar", "content-disposition": `attachment; filename="${c.req.valid("param").name}"`, "cache-control": "private, no-store" },
      }) as never;
    })
    .openapi(auditRoute, async (c) => c.json({ success: true as const, ...(await listAudit(deps.db, { ...c.req.valid("query"), caller: currentUser(c) })) }, 200));
}
