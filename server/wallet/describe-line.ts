import { type Language, translate } from "../i18n/messages.ts";
import { defaultTicketName } from "../events/default-ticket-types.ts";

/** The line in the reader's language; rows written before lines had codes keep their old sentence. */
export function describeLine(lang: Language, row: { description: string; description_code: string | null; description_params: string | null }): string {
  if (!row.description_code) return row.description;
  const params = row.description_params ? (JSON.parse(row.description_params) as Record<string, string>) : {};
  if (row.description_code === "ticket") params.ticketName = defaultTicketName(lang, params.ticketType ?? "") ?? params.ticketName ?? "";
  return translate(lang, `events:ledger_${row.description_code}`, params);
}
