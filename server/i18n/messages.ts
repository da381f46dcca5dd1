import enAuth from "../../client/i18n/locales/en/auth.json";
import enChannels from "../../client/i18n/locales/en/channels.json";
import enChat from "../../client/i18n/locales/en/chat.json";
import enTournaments from "../../client/i18n/locales/en/tournaments.json";
import enTournamentsUi from "../../client/i18n/locales/en/tournaments-ui.json";
import enEvents from "../../client/i18n/locales/en/events.json";
import enErrors from "../../client/i18n/locales/en/errors.json";
import enWebhooks from "../../client/i18n/locales/en/webhooks.json";
import frAuth from "../../client/i18n/locales/fr/auth.json";
import frChannels from "../../client/i18n/locales/fr/channels.json";
import frChat from "../../client/i18n/locales/fr/chat.json";
import frTournaments from "../../client/i18n/locales/fr/tournaments.json";
import frTournamentsUi from "../../client/i18n/locales/fr/tournaments-ui.json";
import frEvents from "../../client/i18n/locales/fr/events.json";
import frErrors from "../../client/i18n/locales/fr/errors.json";
import frWebhooks from "../../client/i18n/locales/fr/webhooks.json";

// The server answers with the web app's own dictionaries, so a message reads the same wherever it shows.
const dictionaries = {
  fr: { errors: frErrors, auth: frAuth, channels: frChannels, chat: frChat, tournaments: frTournaments, events: frEvents, "tournaments-ui": frTournamentsUi, webhooks: frWebhooks },
  en: { errors: enErrors, auth: enAuth, channels: enChannels, chat: enChat, tournaments: enTournaments, events: enEvents, "tournaments-ui": enTournamentsUi, webhooks: enWebhooks },
} as const;

export type Language = keyof typeof dictionaries;
type Namespace = keyof (typeof dictionaries)["fr"];
export type ErrorCode = keyof typeof frErrors;
export const defaultLanguage: Language = "fr";

/** Picks fr or en from an Accept-Language header; French when nothing matches. */
export function pickLanguage(acceptLanguage: string | undefined | null): Language {
  const tags = (acceptLanguage ?? "").split(",").map((part) => part.split(";")[0]!.trim().toLowerCase().slice(0, 2));
  return (tags.find((tag) => tag === "fr" || tag === "en") as Language | undefined) ?? defaultLanguage;
}

/** Looks up "namespace:key" (or an errors key) and fills {{placeholders}}; an unknown key comes back unchanged. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const [namespace, name] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["errors", key];
  const dictionary = dictionaries[lang][namespace as Namespace] as Record<string, string> | undefined;
  const text = dictionary?.[name] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, param: string) => String(params[param] ?? ""));
}

export function isErrorCode(value: string): value is ErrorCode {
  return value in frErrors;
}
