import type { Language } from "./i18n.ts";

export type Translations = Record<string, Record<string, string>>;
export type LoadSource = "bundled" | "static" | "cache" | "api";

const CACHE_VERSION = "1.2";
const CACHE_COMPLETE = 0.95;
const BATCH = 10;
const MAX_REQUESTS_PER_MINUTE = 20;
const cacheKey = (lang: Language) => `translations:${lang}`;

function countKeys(translations: Translations): number {
  return Object.values(translations).reduce((sum, entries) => sum + Object.keys(entries).length, 0);
}

function readCache(lang: Language): Translations | null {
  try {
    const cached = JSON.parse(localStorage.getItem(cacheKey(lang)) ?? "null") as { version: string; translations: Translations } | null;
    return cached?.version === CACHE_VERSION ? cached.translations : null;
  } catch {
    return null;
  }
}

function writeCache(lang: Language, translations: Translations): void {
  try {
    localStorage.setItem(cacheKey(lang), JSON.stringify({ version: CACHE_VERSION, translations }));
  } catch {
    // A full storage only means no cache next time.
  }
}

/** At most 20 calls in any 60 s (spec 01 §9): waits for the oldest call to leave the window. */
function slidingWindow() {
  const calls: number[] = [];
  return async () => {
    for (;;) {
      const now = Date.now();
      while (calls.length && now - calls[0]! >= 60_000) calls.shift();
      if (calls.length < MAX_REQUESTS_PER_MINUTE) {
        calls.push(now);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 60_000 - (now - calls[0]!)));
    }
  };
}

/**
 * The chain of spec 01 §4: the static file; failing that a complete (≥ 95 %) browser cache; failing
 * that the French texts translated by /api/translate in batches of 10, at most 20 calls a minute,
 * each text kept as it was when its translation fails. `onPartial` receives what arrives as it arrives.
 */
export async function loadLanguage(lang: Language, reference: Translations, onPartial: (translations: Translations) => void, onSource: (source: LoadSource) => void = () => undefined): Promise<LoadSource> {
  try {
    const res = await fetch(`/static/translations/${lang}.json`);
    if (res.ok) {
      const { translations } = (await res.json()) as { translations: Translations };
      writeCache(lang, translations);
      onPartial(translations);
      onSource("static");
      return "static";
    }
  } catch {
    // Falls through to the cache.
  }
  const cached = readCache(lang);
  if (cached && countKeys(cached) >= CACHE_COMPLETE * countKeys(reference)) {
    onPartial(cached);
    onSource("cache");
    return "cache";
  }
  onSource("api");
  await translateByApi(lang, reference, onPartial);
  return "api";
}

async function translateByApi(lang: Language, reference: Translations, onPartial: (translations: Translations) => void): Promise<void> {
  const entries = Object.entries(reference).flatMap(([namespace, texts]) => Object.entries(texts).map(([key, text]) => ({ namespace, key, text })));
  const waitTurn = slidingWindow();
  const result: Translations = {};
  for (let i = 0; i < entries.length; i += BATCH) {
    const batch = entries.slice(i, i + BATCH);
    await waitTurn();
    const translated = await fetch("/api/translate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: batch.map((e) => e.text), source_lang: "fr", target_lang: lang }),
    })
      .then((res) => (res.ok ? (res.json() as Promise<{ translation: string[] }>) : null))
      .catch(() => null);
    const partial: Translations = {};
    batch.forEach((entry, index) => {
      const text = translated?.translation[index] ?? entry.text;
      (result[entry.namespace] ??= {})[entry.key] = text;
      (partial[entry.namespace] ??= {})[entry.key] = text;
    });
    onPartial(partial);
  }
  writeCache(lang, result);
}
