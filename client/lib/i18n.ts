import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { createStore } from "./store.ts";
import { type LoadSource, loadLanguage, type Translations } from "./translation-loader.ts";

export const LANGUAGES = ["fr", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_KEY = "language";

// French ships inside the app: it works with no network at all. Other languages come through the loader.
const files = import.meta.glob<Record<string, string>>("../i18n/locales/fr/*.json", { eager: true, import: "default" });
const french: Translations = Object.fromEntries(Object.entries(files).map(([path, texts]) => [path.match(/([\w-]+)\.json$/)![1]!, texts]));

/** Where the current language's texts came from (shown on /translation-test). */
export const languageSourceStore = createStore<LoadSource>("bundled");

export function savedLanguage(): Language {
  return localStorage.getItem(LANGUAGE_KEY) === "en" ? "en" : "fr";
}

function addTranslations(lang: Language, translations: Translations): void {
  for (const [namespace, texts] of Object.entries(translations)) i18next.addResourceBundle(lang, namespace, texts, true, true);
}

async function ensureLanguage(lang: Language): Promise<void> {
  if (lang === "fr") return languageSourceStore.set("bundled");
  // The loader adds texts as they arrive; until then the French text shows (the fallback language).
  await loadLanguage(lang, french, (partial) => addTranslations(lang, partial), (source) => languageSourceStore.set(source));
}

export async function initI18n() {
  await i18next.use(initReactI18next).init({
    lng: "fr",
    fallbackLng: "fr",
    defaultNS: "common",
    ns: Object.keys(french),
    resources: { fr: french },
    interpolation: { escapeValue: false },
  });
  const lang = savedLanguage();
  if (lang !== "fr") {
    // The static file usually answers at once; a slow chain (API batches) must not hold the first paint.
    await Promise.race([ensureLanguage(lang), new Promise((resolve) => setTimeout(resolve, 1500))]);
    await i18next.changeLanguage(lang);
  }
}

export async function changeLanguage(lang: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, lang);
  document.documentElement.lang = lang;
  await Promise.race([ensureLanguage(lang), new Promise((resolve) => setTimeout(resolve, 1500))]);
  await i18next.changeLanguage(lang);
}

export function bundledFrench(): Translations {
  return french;
}
