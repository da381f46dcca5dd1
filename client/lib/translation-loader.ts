import type { z } from "zod";
import type { TranslateResponse, TranslateSchema } from "../../server/i18n/schemas.ts";
import type { Language } from "../../shared/languages.ts";
import { apiAnswer } from "./api.ts";

export type Translations = Record<string, Record<string, string>>;
/** Where a language's texts came from; "none" means nothing answered and the French texts stay. */
export type LoadSource = "bundled" | "static" | "cache" | "api" | "none";

// Spec 01 §9.
export const CACHE_VERSION = "1.2";
export const CACHE_COMPLETENESS = 0.95;
export const BATCH_SIZE = 10;
export const MAX_REQUESTS = 20;
export const WINDOW_MS = 60_000;

export const cacheKey = (lang: string) => `translations:${lang}`;

interface CachedTranslations {
  version: string;
  lang: string;
  savedAt: number;
  translations: Translations;
}

export interface LoadOptions {
  /** The French texts: the keys a language must have, and what the API translates (loaded only when needed). */
  reference: () => Promise<Translations>;
  /** Receives texts as they arrive (all at once, or one batch at a time from the API). */
  onTexts: (translations: Translations) => void;
  onSource?: (source: LoadSource) => void;
  /** Namespaces to translate first on the API path (the shell's texts are on every screen). */
  priority?: string[];
  /** The last resort: the language shipped with the app, loaded only when nothing else answered. */
  bundled?: () => Promise<Translations>;
}

/**
 * The chain of spec 01 §4: the static file /static/translations/{lang}.json; failing that a browser
 * cache holding at least 95 % of the keys; failing that the French texts translated by
 * POST /api/translate in batches of 10, at most 20 calls in any 60 s, each text staying French when
 * its translation fails (§8). When the API does not answer at all, the bundled texts are used.
 */
export async function loadLanguage(lang: Language, options: LoadOptions): Promise<LoadSource> {
  const report = (source: LoadSource) => {
    options.onSource?.(source);
    return source;
  };
  const fromFile = await fetchStaticFile(lang);
  if (fromFile) {
    writeCache(lang, fromFile);
    options.onTexts(fromFile);
    return report("static");
  }
  const cached = readCache(lang);
  if (cached && completeness(cached, await options.reference()) >= CACHE_COMPLETENESS) {
    options.onTexts(cached);
    return report("cache");
  }
  report("api");
  if (await translateByApi(lang, options)) return "api";
  if (options.bundled) {
    try {
      options.onTexts(await options.bundled());
      return report("bundled");
    } catch {
      // Falls through: the French texts stay.
    }
  }
  return report("none");
}

async function fetchStaticFile(lang: string): Promise<Translations | null> {
  try {
    const res = await fetch(`/static/translations/${lang}.json`, { headers: { accept: "application/json" } });
    if (!res.ok) return null;
    const body = (await res.json()) as { lang?: unknown; translations?: unknown };
    return body.lang === lang && isTranslations(body.translations) ? body.translations : null;
  } catch {
    return null;
  }
}

/** The share of the reference's keys that `translations` holds. */
export function completeness(translations: Translations, reference: Translations): number {
  let total = 0;
  let present = 0;
  for (const [namespace, texts] of Object.entries(reference)) {
    for (const key of Object.keys(texts)) {
      total += 1;
      if (typeof translations[namespace]?.[key] === "string") present += 1;
    }
  }
  return total === 0 ? 1 : present / total;
}

export function readCache(lang: string): Translations | null {
  try {
    const cached = JSON.parse(localStorage.getItem(cacheKey(lang)) ?? "null") as CachedTranslations | null;
    return cached?.version === CACHE_VERSION && cached.lang === lang && isTranslations(cached.translations) ? cached.translations : null;
  } catch {
    return null;
  }
}

function writeCache(lang: string, translations: Translations): void {
  try {
    const entry: CachedTranslations = { version: CACHE_VERSION, lang, savedAt: Date.now(), translations };
    localStorage.setItem(cacheKey(lang), JSON.stringify(entry));
  } catch {
    // A full or disabled storage only means no cache next time.
  }
}

export function clearCache(lang: string): void {
  try {
    localStorage.removeItem(cacheKey(lang));
  } catch {
    // Nothing to clear.
  }
}

/** Start times of the page's /api/translate calls: one window for every language and every load. */
const recentCalls: number[] = [];

/** Waits until a call fits in the sliding window: at most 20 in any 60 s (spec 01 §9). */
async function waitForTurn(): Promise<void> {
  for (;;) {
    const now = Date.now();
    while (recentCalls.length > 0 && now - recentCalls[0]! >= WINDOW_MS) recentCalls.shift();
    if (recentCalls.length < MAX_REQUESTS) {
      recentCalls.push(now);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS - (now - recentCalls[0]!) + 5));
  }
}

interface Entry {
  namespace: string;
  key: string;
  text: string;
}

/** False when the first call got no answer at all: the API is not there, and waiting on it helps no one. */
async function translateByApi(lang: Language, { onTexts, priority = [], ...options }: LoadOptions): Promise<boolean> {
  const reference = await options.reference();
  const order = (namespace: string) => (priority.includes(namespace) ? priority.indexOf(namespace) : priority.length);
  // Keys translated on an earlier, unfinished visit are used at once; the API fills in the rest.
  const translated: Translations = readCache(lang) ?? {};
  if (Object.keys(translated).length > 0) onTexts(translated);
  const entries: Entry[] = Object.keys(reference)
    .sort((a, b) => order(a) - order(b))
    .flatMap((namespace) => Object.entries(reference[namespace]!).map(([key, text]) => ({ namespace, key, text })))
    .filter((entry) => translated[entry.namespace]?.[entry.key] === undefined);
  for (let start = 0; start < entries.length; start += BATCH_SIZE) {
    const batch = entries.slice(start, start + BATCH_SIZE);
    await waitForTurn();
    const answer = await postBatch(
      batch.map((entry) => entry.text),
      lang,
    );
    if (!answer && start === 0) return false;
    const texts: Translations = {};
    batch.forEach((entry, index) => {
      const ok = answer?.[index] !== undefined;
      const text = ok ? answer[index]! : entry.text;
      (texts[entry.namespace] ??= {})[entry.key] = text;
      // Only real translations are cached, so a cache of untranslated French never counts as complete.
      if (ok) (translated[entry.namespace] ??= {})[entry.key] = text;
    });
    onTexts(texts);
    writeCache(lang, translated);
  }
  return true;
}

/** One call for up to 10 texts; each item is its translation, or undefined where the server found none. */
async function postBatch(texts: string[], target: Language): Promise<(string | undefined)[] | null> {
  const answer = await apiAnswer<TranslateResponse>("/translate", { method: "POST", body: { text: texts, source_lang: "fr", target_lang: target } satisfies z.input<typeof TranslateSchema> });
  if (!answer) return null;
  if (!answer.ok) return answer.status === 429 || answer.status >= 500 ? null : texts.map(() => undefined);
  // An answer that is not JSON is a server in trouble, as no answer is.
  if (!answer.body) return null;
  const { translation, sources = [] } = answer.body;
  if (!Array.isArray(translation)) return texts.map(() => undefined);
  return texts.map((_, index) => {
    const text = translation[index];
    return text !== undefined && sources[index] !== "none" ? text : undefined;
  });
}

function isTranslations(value: unknown): value is Translations {
  return (
    typeof value === "object" && value !== null && Object.values(value).every((texts) => typeof texts === "object" && texts !== null && Object.values(texts).every((text) => typeof text === "string"))
  );
}
