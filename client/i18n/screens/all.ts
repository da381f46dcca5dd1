// Every French namespace at once, for the developer page that compares whole languages (/translation-test).
import { addFrenchTexts } from "../../lib/i18n.ts";
import type { Translations } from "../../lib/translation-loader.ts";

// Read as text, as client/i18n/screens/errors.ts explains.
const files = import.meta.glob<string>("../locales/fr/*.json", { eager: true, query: "?raw", import: "default" });
export const ALL_FRENCH: Translations = Object.fromEntries(Object.entries(files).map(([path, text]) => [path.match(/([\w-]+)\.json$/)![1]!, JSON.parse(text)]));
for (const [namespace, texts] of Object.entries(ALL_FRENCH)) addFrenchTexts(namespace, texts);
