/**
 * The lines Arena writes in a wallet's ledger. Each is stored as a code and its parameters and
 * translated when a member reads it, so the same payment reads "Remboursement — LAN" in French and
 * "Refund — LAN" in English. A reason typed by an admin is stored and shown as typed.
 */
type LedgerLine =
  | { code: "event_creation" | "event_cost_adjusted" | "refund"; params: { event: string } }
  | { code: "ticket"; params: { ticketType: string; ticketName: string; event: string } }
  | { code: "credit" | "desk_payment" | "test_top_up" | "debit" | "demo_credit" };

/** What a movement says: a line Arena writes, or the words a person typed. */
export type LedgerText = LedgerLine | string;

export function storedText(text: LedgerText): { description: string; description_code: string | null; description_params: string | null } {
  if (typeof text === "string") return { description: text, description_code: null, description_params: null };
  return { description: "", description_code: text.code, description_params: "params" in text ? JSON.stringify(text.params) : null };
}
