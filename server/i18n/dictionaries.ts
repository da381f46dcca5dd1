import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES, type Language } from "../../shared/languages.ts";

export const LOCALES_DIR = join(import.meta.dir, "../../client/i18n/locales");
export const TRANSLATIONS_VERSION = "1.2";
export { LANGUAGES };
export type Lang = Language;

export type Translations = Record<string, Record<string, string>>;

/** Every namespace file of a language, read from the web app's own folder (new namespaces appear by themselves). */
export function loadTranslations(lang: Lang): Translations {
  const folder = join(LOCALES_DIR, lang);
  return Object.fromEntries(
    readdirSync(folder)
      .filter((file) => file.endsWith(".json"))
      .sort()
      .map((file) => [file.replace(/\.json$/, ""), JSON.parse(readFileSync(join(folder, file), "utf8")) as Record<string, string>]),
  );
}
