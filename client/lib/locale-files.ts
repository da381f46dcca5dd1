import { namespaceOf } from "./i18n.ts";
import type { Translations } from "./translation-loader.ts";

// Loaded only when another language than French is asked for (client/lib/i18n.ts ensureLanguage): each glob
// below is one lazy import per namespace, and their paths and chunk lists weighed about 1 KB gzip of the first load.

// Every French namespace, fetched only when another language needs the whole reference (keys to check or to
// translate); read as text, like client/i18n/screens/errors.ts, so "errors" stays out of the first load.
const allFrenchFiles = import.meta.glob<string>("../i18n/locales/fr/*.json", { query: "?raw", import: "default" });
// English ships too, as separate chunks fetched only when the whole chain failed.
const englishFiles = import.meta.glob<Record<string, string>>("../i18n/locales/en/*.json", { import: "default" });

/** Every French namespace: the reference another language is checked against and translated from. */
export async function allFrench(): Promise<Translations> {
  const entries = await Promise.all(Object.entries(allFrenchFiles).map(async ([path, load]) => [namespaceOf(path), JSON.parse(await load()) as Record<string, string>] as const));
  return Object.fromEntries(entries);
}

/** The English texts shipped with the app (the chain's last resort). */
export async function bundledEnglish(): Promise<Translations> {
  const entries = await Promise.all(Object.entries(englishFiles).map(async ([path, load]) => [namespaceOf(path), await load()] as const));
  return Object.fromEntries(entries);
}
