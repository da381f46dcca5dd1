import { z } from "zod";

const IsoDate = z.string().describe("ISO 8601");

/** A type an event sells; `yourPrice` (what the server will ask the logged-in viewer) only when someone is logged in. */
export const TicketTypeResponseSchema = z
  .object({ type: z.string(), name: z.string(), price: z.number(), description: z.string(), features: z.array(z.string()), yourPrice: z.number().optional() })
  .meta({ id: "TicketType" });
export type TicketType = z.infer<typeof TicketTypeResponseSchema>;

export const TicketTypesResponseSchema = z.object({
  success: z.literal(true),
  ticketTypes: z.array(TicketTypeResponseSchema),
  /** Why `yourPrice` differs from the price; null when nobody is logged in. */
  priceReason: z.enum(["privilege", "assigned_streamer", "full_price"]).nullable(),
});
export type TicketTypes = z.infer<typeof TicketTypesResponseSchema>;

/** A ticket as its holder sees it, with the signed payload its QR code shows. */
export const TicketResponseSchema = z
  .object({
    id: z.number(),
    code: z.string(),
    ticket_type: z.string(),
    ticket_name: z.string(),
    price: z.number(),
    currency: z.string(),
    // "valid" or "refunded"; the service types it as a plain string.
    status: z.string(),
    checkedInAt: IsoDate.nullable(),
    createdAt: IsoDate,
    qr_code: z.string(),
    event: z.object({ id: z.number(), name: z.string(), slug: z.string(), startDate: IsoDate, location: z.string() }),
  })
  .meta({ id: "Ticket" });
export type Ticket = z.infer<typeof TicketResponseSchema>;

export const TicketBoughtResponseSchema = z.object({ success: z.literal(true), message: z.string(), ticket: TicketResponseSchema });
export type TicketBought = z.infer<typeof TicketBoughtResponseSchema>;
export const MyTicketsResponseSchema = z.object({ success: z.literal(true), tickets: z.array(TicketResponseSchema) });
export type MyTickets = z.infer<typeof MyTicketsResponseSchema>;

/** A ticket in the organiser's list of an event's tickets. */
export const EventTicketResponseSchema = z
  .object({ id: z.number(), code: z.string(), username: z.string(), ticket_type: z.string(), price: z.number(), status: z.enum(["valid", "refunded"]), checkedInAt: IsoDate.nullable() })
  .meta({ id: "EventTicket" });
export type EventTicket = z.infer<typeof EventTicketResponseSchema>;
export const EventTicketsResponseSchema = z.object({ success: z.literal(true), tickets: z.array(EventTicketResponseSchema) });
export type EventTickets = z.infer<typeof EventTicketsResponseSchema>;

export const RevokedCodesResponseSchema = z.object({ success: z.literal(true), revoked: z.array(z.string()) });
export type RevokedCodes = z.infer<typeof RevokedCodesResponseSchema>;
export const TicketPublicKeyResponseSchema = z.object({ success: z.literal(true), algorithm: z.literal("Ed25519"), publicKey: z.string() });
export type TicketPublicKey = z.infer<typeof TicketPublicKeyResponseSchema>;

/** A ticket let in at the door. */
export const AdmittedTicketResponseSchema = z.object({ code: z.string(), username: z.string(), ticket_type: z.string(), checkedInAt: IsoDate }).meta({ id: "AdmittedTicket" });
export const TicketAdmittedResponseSchema = z.object({ success: z.literal(true), valid: z.literal(true), message: z.string(), ticket: AdmittedTicketResponseSchema.nullable() });
export type TicketAdmitted = z.infer<typeof TicketAdmittedResponseSchema>;
/** A ticket given back by its holder: the G-Coins returned to their wallet. */
export const TicketCancelledResponseSchema = z.object({ success: z.literal(true), message: z.string(), refunded: z.number() });
export type TicketCancelled = z.infer<typeof TicketCancelledResponseSchema>;
