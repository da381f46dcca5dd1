import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { newRouter } from "../http/openapi.ts";

/** POST /api/translate. */
export function translateRoutes(_deps: AppDeps) {
  return newRouter();
}

/** GET /static/translations/{lang}.json, outside /api. */
export function staticTranslationRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
