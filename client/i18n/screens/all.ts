// Every French namespace at once, for the developer page that compares whole languages (/translation-test).
import { addFrenchTexts } from "../../lib/i18n.ts";
import type { Translations } from "../../lib/translation-loader.ts";

const files = import.meta.glob<Record<string, string>>("../locales/fr/*.json", { eager: true, import: "default" });
export const ALL_FRENCH: Translations = Object.fromEntries(Object.entries(files).map(([path, texts]) => [path.match(/([\w-]+)\.json$/)![1]!, texts]));
for (const [namespace, texts] of Object.entries(ALL_FRENCH)) addFrenchTexts(namespace, texts);
