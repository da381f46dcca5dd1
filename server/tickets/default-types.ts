import { type Language, translate } from "../i18n/messages.ts";

/** The ticket types an event sells when it defines none (spec 02 §9); their words live in the dictionaries. */
const DEFAULT_TYPES = [
  { type: "match", price: 100 },
  { type: "pass_day", price: 200 },
  { type: "pass_full", price: 500 },
] as const;

export interface TicketTypeView {
  type: string;
  name: string;
  price: number;
  description: string;
  features: string[];
}

export function defaultTicketTypes(lang: Language): TicketTypeView[] {
  return DEFAULT_TYPES.map(({ type, price }) => ({
    type,
    name: translate(lang, `events:ticket_${type}_name`),
    price,
    description: translate(lang, `events:ticket_${type}_description`),
    // One dictionary entry per type, features separated by "|", so a translator sees them together.
    features: translate(lang, `events:ticket_${type}_features`).split("|"),
  }));
}

/** "Pass Journée" / "Day Pass" for a default type; undefined for a type an organiser named. */
export function defaultTicketName(lang: Language, type: string): string | undefined {
  return DEFAULT_TYPES.some((t) => t.type === type) ? translate(lang, `events:ticket_${type}_name`) : undefined;
}
