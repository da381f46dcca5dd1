import { createHash } from "node:crypto";
import { type Lang, LANGUAGES, loadTranslations, TRANSLATIONS_VERSION, type Translations } from "./dictionaries.ts";

type TranslationSource = "dictionary" | "service" | "none";
export interface TranslationResult {
  translation: string;
  source: TranslationSource;
}

/** A LibreTranslate server that does not answer within this time is treated as absent: the page is waiting. */
const SERVICE_TIMEOUT_MS = 3000;

interface TranslatorOptions {
  /** A LibreTranslate-compatible address (config.translateUrl); without it only the dictionaries answer. */
  serviceUrl: string | undefined;
  dictionaries?: Record<Lang, Translations>;
  timeoutMs?: number;
}

/**
 * Translates a text between fr and en: first from the web app's own dictionaries (the text is a known
 * value in the source language, or a "namespace:key"), then from the LibreTranslate-compatible
 * service, else the text comes back unchanged with source "none" (spec 01 §8).
 */
export function createTranslator({ serviceUrl, dictionaries = loadAll(), timeoutMs = SERVICE_TIMEOUT_MS }: TranslatorOptions) {
  // value → "namespace:key" per language, built once: a lookup per text instead of a scan of every dictionary.
  const reverse = Object.fromEntries(LANGUAGES.map((lang) => [lang, reverseIndex(dictionaries[lang])])) as Record<Lang, Map<string, string>>;

  function fromDictionaries(text: string, source: Lang, target: Lang): string | undefined {
    const asKey = /^([\w-]+):([\w.-]+)$/.exec(text);
    if (asKey) {
      const known = dictionaries[target][asKey[1]!]?.[asKey[2]!];
      if (known !== undefined) return known;
    }
    const trimmed = text.trim();
    const ref = reverse[source].get(trimmed);
    if (!ref) return undefined;
    const [namespace, key] = ref.split(":", 2) as [string, string];
    const found = dictionaries[target][namespace]?.[key];
    // Keep the caller's surrounding spaces: the text is often a fragment of a sentence.
    return found === undefined ? undefined : text.replace(trimmed, () => found);
  }

  async function translateOne(text: string, source: Lang, target: Lang): Promise<TranslationResult> {
    if (source === target) return { translation: text, source: "dictionary" };
    const known = fromDictionaries(text, source, target);
    if (known !== undefined) return { translation: known, source: "dictionary" };
    const served = serviceUrl ? await askLibreTranslate(serviceUrl, text, source, target, timeoutMs) : undefined;
    return served !== undefined ? { translation: served, source: "service" } : { translation: text, source: "none" };
  }

  return {
    translateOne,
    /** A message of the web app's own dictionaries, in `lang` (the failure message of POST /api/translate). */
    message: (lang: Lang, namespace: string, key: string) => dictionaries[lang][namespace]?.[key] ?? key,
  };
}

/**
 * LibreTranslate's API: POST {base}/translate {q, source, target, format: "text"} → {translatedText}.
 * Any failure (down, slow, an error status, an odd body) is "no translation", never an error of ours.
 */
async function askLibreTranslate(serviceUrl: string, text: string, source: Lang, target: Lang, timeoutMs = SERVICE_TIMEOUT_MS): Promise<string | undefined> {
  const base = serviceUrl.replace(/\/+$/, "");
  const url = base.endsWith("/translate") ? base : `${base}/translate`;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ q: text, source, target, format: "text" }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { translatedText?: unknown };
    return typeof body.translatedText === "string" && body.translatedText !== "" ? body.translatedText : undefined;
  } catch {
    return undefined;
  }
}

interface StaticTranslationFile {
  body: string;
  etag: string;
  keys: number;
}

/** GET /static/translations/{lang}.json bodies, built once at start from every namespace file of each language. */
export function buildStaticFiles(dictionaries: Record<Lang, Translations> = loadAll()): Record<Lang, StaticTranslationFile> {
  return Object.fromEntries(
    LANGUAGES.map((lang) => {
      const body = JSON.stringify({ lang, version: TRANSLATIONS_VERSION, translations: dictionaries[lang] });
      const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
      const keys = Object.values(dictionaries[lang]).reduce((sum, texts) => sum + Object.keys(texts).length, 0);
      return [lang, { body, etag, keys }];
    }),
  ) as Record<Lang, StaticTranslationFile>;
}

export function loadAll(): Record<Lang, Translations> {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, loadTranslations(lang)])) as Record<Lang, Translations>;
}

function reverseIndex(translations: Translations): Map<string, string> {
  const index = new Map<string, string>();
  // Namespaces in file order: when two keys share a text, the first one found answers.
  for (const [namespace, texts] of Object.entries(translations)) {
    for (const [key, value] of Object.entries(texts)) if (!index.has(value.trim())) index.set(value.trim(), `${namespace}:${key}`);
  }
  return index;
}
