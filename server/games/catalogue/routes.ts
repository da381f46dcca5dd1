import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireRole } from "../../http/auth.ts";
import type { AppDeps } from "../../http/context.ts";
import { imageBodyLimit, imageKinds } from "../../http/images.ts";
import { errors, formBody, jsonBody, jsonResponse, newRouter, secured } from "../../http/openapi.ts";
import { addGame, editGame, listGamesForAdmin, replaceGamePicture, setGameHidden } from "./service.ts";
import { AdminGameAnswerSchema, AdminGameListSchema, GameIdParamSchema as IdParamSchema, GameInputSchema, GamePictureParamSchema, GameUploadSchema } from "../schemas.ts";

// The admin console's games catalogue (issue 20). The role middleware answers 401/403 first; each
// service checks again, so no other caller reaches them.
const tags = ["Admin"];
const admins = { security: secured, middleware: [requireRole("admin")] };
const refused = { 401: errors[401], 403: errors[403] };
type Method = "get" | "post" | "put";
const adminRoute = <P extends string>(method: Method, path: P, summary: string) => ({ method, path, tags, summary, ...admins }) as const;

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
  middleware: [requireRole("admin"), imageBodyLimit(imageKinds.gameLandscape)] as const,
  request: { params: GamePictureParamSchema, body: formBody(GameUploadSchema) },
  responses: { 200: jsonResponse(AdminGameAnswerSchema, "Stored"), 400: errors[400], ...refused, 404: errors[404], 413: errors[413] },
});

export function adminGameRoutes(deps: AppDeps) {
  const id = (c: { req: { valid(target: "param"): { id: number } } }) => c.req.valid("param").id;
  return newRouter()
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
