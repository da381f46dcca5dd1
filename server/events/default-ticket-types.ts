import { type Language, translate } from "../i18n/messages.ts";
import type { CatalogueType } from "./ticket-catalogue.ts";

/** The ticket types an event sells when it defines none (spec 02 §9); their words live in the dictionaries. */
const DEFAULT_TYPES = [
  { type: "match", price: 100 },
  { type: "pass_day", price: 200 },
  { type: "pass_full", price: 500 },
] as const;

/** The keys of the default types: an organiser's own type never takes one, so a ticket's type names one thing. */
export const DEFAULT_TYPE_KEYS: readonly string[] = DEFAULT_TYPES.map((t) => t.type);

export function defaultTicketTypes(lang: Language): CatalogueType[] {
  return DEFAULT_TYPES.map(({ type, price }) => ({
    id: null,
    type,
    name: translate(lang, `events:ticket_${type}_name`),
    price,
    description: translate(lang, `events:ticket_${type}_description`),
    // One dictionary entry per type, features separated by "|", so a translator sees them together.
    features: translate(lang, `events:ticket_${type}_features`).split("|"),
    quantity: null,
    saleStartsAt: null,
    saleEndsAt: null,
    hidden: false,
    closed: false,
  }));
}

/** "Pass Journée" / "Day Pass" for a default type; undefined for a type an organiser named. */
export function defaultTicketName(lang: Language, type: string): string | undefined {
  return DEFAULT_TYPE_KEYS.includes(type) ? translate(lang, `events:ticket_${type}_name`) : undefined;
}
