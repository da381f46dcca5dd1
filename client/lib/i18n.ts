import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES, type Language } from "../../shared/languages.ts";
import { shellSubsets } from "../i18n/shell-texts.ts";
import { embedLook } from "./embed-look.ts";
import { createStore } from "./store.ts";
import type { LoadSource, Translations } from "./translation-loader.ts";

export { LANGUAGES, type Language };
const LANGUAGE_KEY = "language";

/** The first paint waits this long at most for another language; later texts swap in as they arrive. */
const FIRST_PAINT_WAIT_MS = 1500;

// The shell's French texts ship inside the first load: the app reads in French with no network at all. A
// screen's own namespaces (client/i18n/screens/) travel with the code that shows them: the modules using one
// import its file, which adds the texts before anything renders them. ("events", "channels" and "tournaments" are
// the server's answers; "i18n" is the developer page's, which loads every namespace.)
const shellFiles = import.meta.glob<Record<string, string>>("../i18n/locales/fr/common.json", {
  eager: true,
  import: "default",
});
// Of some namespaces the shell ships only the texts it shows itself (../i18n/shell-texts.ts).
const french: Translations = { ...Object.fromEntries(Object.entries(shellFiles).map(([path, texts]) => [namespaceOf(path), texts])), ...shellSubsets };

/** Where each language's texts came from (null: not loaded yet); shown on /translation-test. */
export const languageSourceStore = createStore<Record<Language, LoadSource | null>>({ fr: "bundled", en: null });

const loads = new Map<Language, Promise<LoadSource>>();

/** "…/fr/common.json" → "common". */
export function namespaceOf(path: string): string {
  return path.match(/([\w-]+)\.json$/)![1]!;
}

function savedLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_KEY) === "en" ? "en" : "fr";
  } catch {
    return "fr";
  }
}

/** Adds a namespace's French texts (client/i18n/screens/); before initI18n runs they join its resources. */
export function addFrenchTexts(namespace: string, texts: Record<string, string>): void {
  french[namespace] = texts;
  if (i18next.isInitialized) i18next.addResourceBundle("fr", namespace, texts, true, true);
}

function addTexts(lang: Language, translations: Translations): void {
  for (const [namespace, texts] of Object.entries(translations)) i18next.addResourceBundle(lang, namespace, texts, true, true);
}

/**
 * Runs the loading chain for `lang` once per page (again when `reload` is set, or after a load where
 * nothing answered). Texts are added as they arrive; until then the French text shows (the fallback).
 */
export function ensureLanguage(lang: Language, { reload = false } = {}): Promise<LoadSource> {
  if (lang === "fr") return Promise.resolve("bundled");
  const running = loads.get(lang);
  if (running && !reload) return running;
  // Both modules load only here: the first load (French) needs neither the chain nor the other namespaces' files.
  const load = Promise.all([import("./translation-loader.ts"), import("./locale-files.ts")]).then(([{ loadLanguage }, { allFrench, bundledEnglish }]) =>
    loadLanguage(lang, {
      reference: allFrench,
      priority: ["common", "errors"],
      onTexts: (texts) => addTexts(lang, texts),
      onSource: (source) => languageSourceStore.set((current) => ({ ...current, [lang]: source })),
      bundled: bundledEnglish,
    }),
  );
  loads.set(lang, load);
  void load.then((source) => source === "none" && loads.delete(lang)).catch(() => loads.delete(lang));
  return load;
}

async function switchTo(lang: Language): Promise<void> {
  // The static file usually answers at once; the API path may take minutes and must not hold the screen.
  await Promise.race([ensureLanguage(lang).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS))]);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export async function initI18n() {
  await i18next.use(initReactI18next).init({
    lng: "fr",
    fallbackLng: "fr",
    supportedLngs: [...LANGUAGES],
    defaultNS: "common",
    ns: Object.keys(french),
    // A copy: screens' texts added later go through addResourceBundle.
    resources: { fr: { ...french } },
    interpolation: { escapeValue: false },
    // Re-render when texts are added, so API batches show as they arrive.
    react: { bindI18n: "languageChanged", bindI18nStore: "added" },
  });
  // An embed page speaks the language its host page asks for (client/lib/embeds.ts), otherwise the site's.
  const lang = embedLook()?.lang ?? savedLanguage();
  if (lang !== "fr") await switchTo(lang);
  document.documentElement.lang = i18next.language;
}

/** Switches the interface language, remembers it (localStorage "language") and sets <html lang>. */
export async function changeLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // The choice then lasts for this page only.
  }
  await switchTo(lang);
}
