import { createRoute } from "@hono/zod-openapi";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";
import { errors, jsonBody, jsonResponse, newRouter } from "../http/openapi.ts";
import { type Lang, LANGUAGES } from "../i18n/dictionaries.ts";
import { TranslateResponseSchema, TranslateSchema } from "../i18n/schemas.ts";
import { buildStaticFiles, createTranslator, loadAll, type TranslationResult } from "../i18n/translate.ts";
import { countTranslateCall } from "./service.ts";

const translateRoute = createRoute({
  method: "post",
  path: "/translate",
  tags: ["Translation"],
  summary: "Translate a text between fr and en: from the dictionaries, else from a LibreTranslate-compatible server when TRANSLATE_URL is set",
  request: { body: jsonBody(TranslateSchema) },
  responses: {
    200: jsonResponse(TranslateResponseSchema, "The translation, or the original text with success false and an error"),
    400: errors[400],
    429: errors[429],
  },
});

/** POST /api/translate (spec 01 §7, §8: a failure gives the original text back). */
export function translateRoutes(deps: AppDeps) {
  const translator = createTranslator({ serviceUrl: deps.config.translateUrl });
  return newRouter().openapi(translateRoute, async (c) => {
    await countTranslateCall(deps, c.get("clientIp"));
    const { text, source_lang, target_lang } = c.req.valid("json");
    const texts = Array.isArray(text) ? text : [text];
    const results = await Promise.all(texts.map((item) => translator.translateOne(item, source_lang, target_lang)));
    const success = results.every((r) => r.source !== "none");
    const failure = success ? {} : { error: translator.message(c.get("lang"), "i18n", "no_translation") };
    if (!Array.isArray(text)) return c.json({ success, translation: results[0]!.translation, source: results[0]!.source, ...failure }, 200);
    return c.json({ success, translation: results.map((r) => r.translation), source: overallSource(results), sources: results.map((r) => r.source), ...failure }, 200);
  });
}

function overallSource(results: TranslationResult[]): TranslationResult["source"] {
  if (results.some((r) => r.source === "none")) return "none";
  return results.some((r) => r.source === "service") ? "service" : "dictionary";
}

/**
 * GET /static/translations/{lang}.json: every namespace of a language, read from the web app's locale
 * folder at start (a new namespace file appears by itself). Revalidated by ETag, so a deploy shows at once.
 */
export function staticTranslationRoutes(_deps: AppDeps) {
  const files = buildStaticFiles(loadAll());
  return new Hono<AppEnv>().get("/:file", (c) => {
    const lang = /^([a-z]{2})\.json$/.exec(c.req.param("file"))?.[1];
    const file = lang && (LANGUAGES as readonly string[]).includes(lang) ? files[lang as Lang] : undefined;
    if (!file) throw new NotFoundError();
    const headers = { etag: file.etag, "cache-control": "public, max-age=300, stale-while-revalidate=86400", vary: "accept-encoding" };
    if (c.req.header("if-none-match") === file.etag) return c.body(null, 304, headers);
    return c.body(file.body, 200, { ...headers, "content-type": "application/json; charset=utf-8" });
  });
}
