import { createRoute } from "@hono/zod-openapi";
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";
import { jsonBody, jsonResponse, newRouter } from "../http/openapi.ts";
import { hitRateLimit } from "../http/rate-limit.ts";
import { type Lang, LANGUAGES, loadTranslations, TRANSLATIONS_VERSION, type Translations, translateFromDictionaries } from "./dictionaries.ts";

const Text = z.string({ error: "empty_field" }).min(1, "empty_field").max(5000, "text_too_long");
/** One text, or a batch of up to 10 (the web app's loader sends batches). */
const TranslateSchema = z.object({
  text: z.union([Text, z.array(Text).min(1).max(10)], { error: "empty_field" }),
  source_lang: z.enum(LANGUAGES).optional().default("fr"),
  target_lang: z.enum(LANGUAGES, { error: "invalid_input" }),
});

const translateRoute = createRoute({
  method: "post", path: "/translate", tags: ["Translation"], summary: "Translate a text: from the dictionaries, else from a LibreTranslate-compatible server when one is configured",
  request: { body: jsonBody(TranslateSchema) },
  responses: {
    200: jsonResponse(
      z.object({ success: z.boolean(), translation: z.union([z.string(), z.array(z.string())]), source: z.enum(["dictionary", "service", "none"]) }),
      "The translation (an array for a batch), or the original text with success false",
    ),
  },
});

/** POST /api/translate (spec 01 §7). */
export function translateRoutes(deps: AppDeps) {
  const dictionaries = { fr: loadTranslations("fr"), en: loadTranslations("en") } as Record<Lang, Translations>;
  return newRouter().openapi(translateRoute, async (c) => {
    await hitRateLimit(deps.db, `translate:ip:${c.get("clientIp")}`, { max: 120, windowMs: 60_000 }, deps.now());
    const { text, source_lang, target_lang } = c.req.valid("json");
    const one = async (item: string) => {
      if (source_lang === target_lang) return { translation: item, source: "dictionary" as const };
      const known = translateFromDictionaries(dictionaries, item, source_lang, target_lang);
      if (known !== undefined) return { translation: known, source: "dictionary" as const };
      const served = deps.config.translateUrl ? await askService(deps.config.translateUrl, item, source_lang, target_lang) : undefined;
      return served !== undefined ? { translation: served, source: "service" as const } : { translation: item, source: "none" as const };
    };
    if (Array.isArray(text)) {
      const results = await Promise.all(text.map(one));
      const source = results.some((r) => r.source === "service") ? ("service" as const) : results.every((r) => r.source === "none") ? ("none" as const) : ("dictionary" as const);
      return c.json({ success: source !== "none", translation: results.map((r) => r.translation), source }, 200);
    }
    const result = await one(text);
    return c.json({ success: result.source !== "none", ...result }, 200);
  });
}

/** LibreTranslate's API: POST /translate {q, source, target, format} → {translatedText}; a short timeout, never a hard failure. */
async function askService(baseUrl: string, text: string, source: Lang, target: Lang): Promise<string | undefined> {
  try {
    const res = await fetch(`${baseUrl.replace(/\/$/, "")}/translate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ q: text, source, target, format: "text" }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { translatedText?: unknown };
    return typeof body.translatedText === "string" ? body.translatedText : undefined;
  } catch {
    return undefined;
  }
}

/** GET /static/translations/{lang}.json: every namespace of a language, for the web app's loader. */
export function staticTranslationRoutes(_deps: AppDeps) {
  const files = Object.fromEntries(LANGUAGES.map((lang) => [lang, JSON.stringify({ lang, version: TRANSLATIONS_VERSION, translations: loadTranslations(lang) })]));
  return new Hono<AppEnv>().get("/:file", (c) => {
    const lang = c.req.param("file").replace(/\.json$/, "");
    const body = files[lang];
    if (!body) throw new NotFoundError();
    return c.body(body, 200, { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" });
  });
}
