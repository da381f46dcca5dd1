import { createRoute } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { addGame, editGame, listGamesForAdmin, replaceGamePicture, setGameHidden } from "../games/catalogue.ts";
import { currentUser, requireRole } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { imageKinds, tooLarge } from "../http/images.ts";
import { errors, formBody, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { listLegalVersions } from "../legal/service.ts";
import { siteSettings } from "../site/settings.ts";
import { liftChatBanAsAdmin, listChatBans, listReplaysForAdmin } from "./content.ts";
import { DoneSchema } from "./schemas.ts";
import { createInvitation, listInvitations, replaceLogo, revokeInvitation, sendTestMail, siteForAdmin, updateSite } from "./site.ts";
import {
  AdminGameAnswerSchema,
  AdminGameListSchema,
  AdminReplayListSchema,
  AdminReplayQuerySchema,
  AdminSiteSchema,
  ChatBanListSchema,
  ChatBanParamSchema,
  GameInputSchema,
  GamePictureParamSchema,
  IdParamSchema,
  InvitationCreatedSchema,
  InvitationInputSchema,
  InvitationListSchema,
  LegalVersionListSchema,
  LegalVersionParamSchema,
  LegalVersionQuerySchema,
  LogoSchema,
  PublicSiteSchema,
  SiteUpdateSchema,
  TestMailSchema,
  UploadFormSchema,
} from "./site-schemas.ts";

// The console's Content and Site tabs (issue 20). The role middleware answers 401/403 first; each
// service checks again (assertAdmin), so no other caller reaches them.
const tags = ["Admin"];
const admins = { security: secured, middleware: [requireRole("admin")] };
const refused = { 401: errors[401], 403: errors[403] };

type Method = "get" | "post" | "put" | "patch" | "delete";
const adminRoute = <P extends string>(method: Method, path: P, summary: string) => ({ method, path, tags, summary, ...admins }) as const;

/** Refuses a picture over its limit before reading it all; a little room is left for the multipart framing. */
const pictureLimit = (kind: (typeof imageKinds)[keyof typeof imageKinds]) =>
  bodyLimit({
    maxSize: kind.maxBytes + 64 * 1024,
    onError: () => {
      throw tooLarge(kind);
    },
  });

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
  middleware: [requireRole("admin"), pictureLimit(imageKinds.siteLogo)] as const,
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
const legalVersionsRoute = createRoute({
  ...adminRoute("get", "/admin/legal/{type}/versions", "Every version of one language of a legal text, newest first"),
  request: { params: LegalVersionParamSchema, query: LegalVersionQuerySchema },
  responses: { 200: jsonResponse(LegalVersionListSchema, "Versions"), 400: errors[400], ...refused, 404: errors[404] },
});
const gamesRoute = createRoute({
  ...adminRoute("get", "/admin/games", "The whole games catalogue, hidden titles included"),
  responses: { 200: jsonResponse(AdminGameListSchema, "Games"), ...refused },
});
const addGameRoute = createRoute({
  ...adminRoute("post", "/admin/games", "Add a game to the catalogue"),
  request: { body: jsonBody(GameInputSchema) },
  responses: { 201: jsonResponse(AdminGameAnswerSchema, "Added"), 400: errors[400], ...refused },
});
const editGameRoute = createRoute({
  ...adminRoute("put", "/admin/games/{id}", "Edit a game's names and descriptions"),
  request: { params: IdParamSchema, body: jsonBody(GameInputSchema) },
  responses: { 200: jsonResponse(AdminGameAnswerSchema, "Saved"), 400: errors[400], ...refused, 404: errors[404] },
});
const hideGameRoute = createRoute({
  ...adminRoute("post", "/admin/games/{id}/hide", "Hide a game from the catalogue, pickers, search and trending"),
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(AdminGameAnswerSchema, "Hidden"), ...refused, 404: errors[404] },
});
const showGameRoute = createRoute({
  ...adminRoute("post", "/admin/games/{id}/show", "Show a hidden game again"),
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(AdminGameAnswerSchema, "Shown"), ...refused, 404: errors[404] },
});
const gamePictureRoute = createRoute({
  ...adminRoute("post", "/admin/games/{id}/pictures/{picture}", "Upload a game's icon or portrait or landscape poster (multipart `filename`)"),
  middleware: [requireRole("admin"), pictureLimit(imageKinds.gameLandscape)] as const,
  request: { params: GamePictureParamSchema, body: formBody(UploadFormSchema) },
  responses: { 200: jsonResponse(AdminGameAnswerSchema, "Stored"), 400: errors[400], ...refused, 404: errors[404], 413: errors[413] },
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
    })
    .openapi(legalVersionsRoute, async (c) => c.json({ success: true as const, versions: await listLegalVersions(deps, currentUser(c), c.req.valid("param").type, c.req.valid("query").lang) }, 200))
    .openapi(gamesRoute, async (c) => c.json({ success: true as const, games: await listGamesForAdmin(deps, currentUser(c)) }, 200))
    .openapi(addGameRoute, async (c) => c.json({ success: true as const, game: await addGame(deps, currentUser(c), c.req.valid("json")) }, 201))
    .openapi(editGameRoute, async (c) => c.json({ success: true as const, game: await editGame(deps, currentUser(c), id(c), c.req.valid("json")) }, 200))
    .openapi(hideGameRoute, async (c) => c.json({ success: true as const, game: await setGameHidden(deps, currentUser(c), id(c), true) }, 200))
    .openapi(showGameRoute, async (c) => c.json({ success: true as const, game: await setGameHidden(deps, currentUser(c), id(c), false) }, 200))
    .openapi(gamePictureRoute, async (c) => {
      const { id: gameId, picture } = c.req.valid("param");
      return c.json({ success: true as const, game: await replaceGamePicture(deps, currentUser(c), gameId, picture, (await c.req.parseBody()).filename) }, 200);
    });
}
