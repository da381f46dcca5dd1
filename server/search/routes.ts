import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppDeps } from "../http/context.ts";
import { jsonResponse, newRouter } from "../http/openapi.ts";
import { SearchResponseSchema } from "./schemas.ts";
import { fold } from "../../shared/fold.ts";
import { SearchAnswers, withFreshFollows } from "./answers.ts";
import { search } from "./service.ts";

const SearchQuerySchema = z.object({
  term: z.string().max(100).optional().default(""),
  /** "page" widens every section for the results page; the top-bar dropdown keeps 6 games and 6 channels. */
  scope: z.enum(["dropdown", "page"]).optional().default("dropdown"),
});

const searchRoute = createRoute({
  method: "get",
  path: "/search",
  tags: ["Search"],
  summary: "Games, channels, lives, videos and tournaments matching a term",
  request: { query: SearchQuerySchema },
  responses: {
    200: jsonResponse(SearchResponseSchema, "Each section, best matches first"),
  },
});

const LIMITS = {
  page: { games: 24, users: 24, lives: 24, videos: 24, tournaments: 24 },
  dropdown: { games: 6, users: 6, lives: 6, videos: 6, tournaments: 0 },
};

export function searchRoutes(deps: AppDeps) {
  const answers = new SearchAnswers(deps.now, deps.config.searchAnswerMs);
  return newRouter().openapi(searchRoute, async (c) => {
    const { term, scope } = c.req.valid("query");
    const lang = c.get("lang");
    const shared = await answers.answer(`${lang} ${scope} ${fold(term)}`, () => search(deps, term, lang, undefined, LIMITS[scope]));
    return c.json({ success: true as const, ...(await withFreshFollows(deps, shared, c.get("auth")?.user.id)) }, 200);
  });
}
