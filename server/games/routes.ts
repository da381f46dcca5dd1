import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonResponse, newRouter } from "../http/openapi.ts";
import { GameDetailResponseSchema, GameIdParamSchema, GameListResponseSchema, GameSearchQuerySchema } from "./schemas.ts";
import { getGame, listGames, searchGames, toGameResponse, trendingGames } from "./service.ts";
import { numeric } from "../../shared/numeric.ts";

const tags = ["Games"];
const GameListSchema = GameListResponseSchema;

const listRoute = createRoute({ method: "get", path: "/games", tags, summary: "The games catalogue", responses: { 200: jsonResponse(GameListSchema, "Every game, by name") } });
const trendingRoute = createRoute({
  method: "get",
  path: "/games/trending",
  tags,
  summary: "Games ranked by what is watched and live now, then by last week's replays and tournaments",
  request: { query: z.object({ limit: numeric(z.number().int().min(1).max(50).optional().default(12)) }) },
  responses: { 200: jsonResponse(GameListSchema, "Trending games") },
});
const searchRoute = createRoute({
  method: "get",
  path: "/games/search",
  tags,
  summary: "Search games by name (case- and accent-insensitive, prefix matches first)",
  request: { query: GameSearchQuerySchema },
  responses: { 200: jsonResponse(GameListSchema, "Matching games") },
});
const getRoute = createRoute({
  method: "get",
  path: "/games/{id}",
  tags,
  summary: "One game",
  request: { params: GameIdParamSchema },
  responses: { 200: jsonResponse(GameDetailResponseSchema, "The game"), 404: errors[404] },
});

export function gameRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(listRoute, async (c) => c.json({ success: true as const, games: (await listGames(deps)).map((g) => toGameResponse(g, c.get("lang"))) }, 200))
    .openapi(trendingRoute, async (c) => c.json({ success: true as const, games: (await trendingGames(deps, c.req.valid("query").limit)).map((g) => toGameResponse(g, c.get("lang"))) }, 200))
    .openapi(searchRoute, async (c) => {
      const found = await searchGames(deps, c.req.valid("query").q);
      return c.json({ success: true as const, games: found.map((g) => toGameResponse(g, c.get("lang"))) }, 200);
    })
    .openapi(getRoute, async (c) => c.json({ success: true as const, game: toGameResponse(await getGame(deps, c.req.valid("param").id), c.get("lang")) }, 200));
}
