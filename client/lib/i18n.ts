import i18next from "i18next";
import { initReactI18next } from "react-i18next";

export const LANGUAGES = ["fr", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_KEY = "language";

// Every namespace file of every language is bundled: the app must show its words with no network at all.
const files = import.meta.glob<Record<string, string>>("../i18n/locales/*/*.json", { eager: true, import: "default" });

function bundledResources() {
  const resources: Record<string, Record<string, Record<string, string>>> = {};
  for (const [path, texts] of Object.entries(files)) {
    const [, lang, namespace] = path.match(/locales\/(\w+)\/([\w-]+)\.json$/)!;
    resources[lang!] ??= {};
    resources[lang!]![namespace!] = texts;
  }
  return resources;
}

export function savedLanguage(): Language {
  return localStorage.getItem(LANGUAGE_KEY) === "en" ? "en" : "fr";
}

export function initI18n() {
  return i18next.use(initReactI18next).init({
    lng: savedLanguage(),
    fallbackLng: "fr",
    defaultNS: "common",
    resources: bundledResources(),
    interpolation: { escapeValue: false },
  });
}

export async function changeLanguage(lang: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}
