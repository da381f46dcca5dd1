import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireRole } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { imageBodyLimit, imageKinds } from "../http/images.ts";
import { errors, formBody, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { siteSettings } from "./settings/settings.ts";
import { liftChatBanAsAdmin, listChatBans, listReplaysForAdmin } from "../admin/content.ts";
import { DoneSchema } from "../admin/schemas.ts";
import { createInvitation, listInvitations, replaceLogo, revokeInvitation, sendTestMail, siteForAdmin, updateSite } from "./service.ts";
import {
  AdminReplayListSchema,
  AdminReplayQuerySchema,
  AdminSiteSchema,
  ChatBanListSchema,
  ChatBanParamSchema,
  IdParamSchema,
  InvitationCreatedSchema,
  InvitationInputSchema,
  InvitationListSchema,
  LogoSchema,
  PublicSiteSchema,
  SiteUpdateSchema,
  TestMailSchema,
  UploadFormSchema,
} from "./schemas.ts";

// The console's Content and Site tabs (issue 20). The role middleware answers 401/403 first; each
// service checks again (assertAdmin), so no other caller reaches them.
const tags = ["Admin"];
const admins = { security: secured, middleware: [requireRole("admin")] };
const refused = { 401: errors[401], 403: errors[403] };

type Method = "get" | "post" | "put" | "patch" | "delete";
const adminRoute = <P extends string>(method: Method, path: P, summary: string) => ({ method, path, tags, summary, ...admins }) as const;

const siteRoute = createRoute({
  method: "get",
  path: "/site",
  tags: ["Site"],
  summary: "The site's name and logo (for the header) and whether anyone may sign up",
  responses: { 200: jsonResponse(PublicSiteSchema, "The site") },
});

const replaysRoute = createRoute({
  ...adminRoute("get", "/admin/replays", "Every replay, deleted ones included (restore: POST /api/stream/replays/{id}/restore; delete for good: DELETE …?hard=true)"),
  request: { query: AdminReplayQuerySchema },
  responses: { 200: jsonResponse(AdminReplayListSchema, "A page of replays"), 400: errors[400], ...refused },
});
const bansRoute = createRoute({
  ...adminRoute("get", "/admin/chat-bans", "Chat bans and timeouts in force on every channel"),
  responses: { 200: jsonResponse(ChatBanListSchema, "The bans"), ...refused },
});
const liftBanRoute = createRoute({
  ...adminRoute("delete", "/admin/chat-bans/{channelId}/{userId}", "Lift a chat ban or timeout on any channel"),
  request: { params: ChatBanParamSchema },
  responses: { 200: jsonResponse(DoneSchema, "Lifted"), ...refused, 404: errors[404] },
});
const adminSiteRoute = createRoute({
  ...adminRoute("get", "/admin/site", "The site's settings and whether mail really leaves (SMTP)"),
  responses: { 200: jsonResponse(AdminSiteSchema, "Settings"), ...refused },
});
const updateSiteRoute = createRoute({
  ...adminRoute("patch", "/admin/site", "Change the site's name, open or close sign-ups, turn the captcha on or off"),
  request: { body: jsonBody(SiteUpdateSchema) },
  responses: { 200: jsonResponse(AdminSiteSchema, "Settings"), 400: errors[400], ...refused },
});
const logoRoute = createRoute({
  ...adminRoute("post", "/admin/site/logo", "Upload the site's logo (multipart `filename`; re-encoded to WebP)"),
  middleware: [requireRole("admin"), imageBodyLimit(imageKinds.siteLogo)] as const,
  request: { body: formBody(UploadFormSchema) },
  responses: { 200: jsonResponse(LogoSchema, "The new logo"), 400: errors[400], ...refused, 413: errors[413] },
});
const removeLogoRoute = createRoute({
  ...adminRoute("delete", "/admin/site/logo", "Put Arena's own mark back"),
  responses: { 200: jsonResponse(LogoSchema, "No logo"), ...refused },
});
const testMailRoute = createRoute({
  ...adminRoute("post", "/admin/site/test-mail", "Send a test mail to the admin's own address; the mailer's error comes back when it fails"),
  responses: { 200: jsonResponse(TestMailSchema, "Sent, or the error"), ...refused },
});
const invitationsRoute = createRoute({
  ...adminRoute("get", "/admin/invitations", "Invitation links for closed sign-ups, newest first"),
  responses: { 200: jsonResponse(InvitationListSchema, "Invitations"), ...refused },
});
const inviteRoute = createRoute({
  ...adminRoute("post", "/admin/invitations", "Make an invitation link: one or several uses (null: no limit), an expiry in days (null: none)"),
  request: { body: jsonBody(InvitationInputSchema) },
  responses: { 201: jsonResponse(InvitationCreatedSchema, "The link"), 400: errors[400], ...refused },
});
const revokeRoute = createRoute({
  ...adminRoute("post", "/admin/invitations/{id}/revoke", "Revoke an invitation link"),
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(DoneSchema, "Revoked"), ...refused, 404: errors[404] },
});
/** GET /api/site, for everyone: the header shows the name and logo, the sign-up form whether it needs an invitation. */
export function siteRoutes(deps: AppDeps) {
  return newRouter().openapi(siteRoute, async (c) => {
    const { name, logo, signupsOpen } = await siteSettings(deps);
    return c.json({ success: true as const, name, logo, signupsOpen }, 200);
  });
}

export function adminSiteRoutes(deps: AppDeps) {
  const id = (c: { req: { valid(target: "param"): { id: number } } }) => c.req.valid("param").id;
  return newRouter()
    .openapi(replaysRoute, async (c) => c.json({ success: true as const, ...(await listReplaysForAdmin(deps, currentUser(c), c.req.valid("query"))) }, 200))
    .openapi(bansRoute, async (c) => c.json({ success: true as const, bans: await listChatBans(deps, currentUser(c)) }, 200))
    .openapi(liftBanRoute, async (c) => {
      const { channelId, userId } = c.req.valid("param");
      await liftChatBanAsAdmin(deps, currentUser(c), channelId, userId);
      return c.json({ success: true as const }, 200);
    })
    .openapi(adminSiteRoute, async (c) => c.json({ success: true as const, ...(await siteForAdmin(deps, currentUser(c))) }, 200))
    .openapi(updateSiteRoute, async (c) => {
      await updateSite(deps, currentUser(c), c.req.valid("json"));
      return c.json({ success: true as const, ...(await siteForAdmin(deps, currentUser(c))) }, 200);
    })
    .openapi(logoRoute, async (c) => c.json({ success: true as const, logo: await replaceLogo(deps, currentUser(c), (await c.req.parseBody()).filename) }, 200))
    .openapi(removeLogoRoute, async (c) => c.json({ success: true as const, logo: await replaceLogo(deps, currentUser(c), null) }, 200))
    .openapi(testMailRoute, async (c) => c.json({ success: true as const, ...(await sendTestMail(deps, currentUser(c), c.get("lang"))) }, 200))
    .openapi(invitationsRoute, async (c) => c.json({ success: true as const, invitations: await listInvitations(deps, currentUser(c)) }, 200))
    .openapi(inviteRoute, async (c) => c.json({ success: true as const, url: await createInvitation(deps, currentUser(c), c.req.valid("json")) }, 201))
    .openapi(revokeRoute, async (c) => {
      await revokeInvitation(deps, currentUser(c), id(c));
      return c.json({ success: true as const }, 200);
    });
}
