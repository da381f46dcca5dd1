import { z } from "zod";
import { numeric } from "../../shared/numeric.ts";

const IsoDate = z.string().describe("ISO 8601");

/** Where a type's sale stands: on sale, not yet, ended (its window closed), sold out, or closed by the organiser. */
const SaleStateSchema = z.enum(["on_sale", "not_yet", "ended", "sold_out", "closed"]);

/**
 * A type an event sells, as buyers see it; `remaining` is null when nothing limits it, `yourPrice` (what the
 * server will ask the logged-in viewer) only when someone is logged in.
 */
const TicketTypeResponseSchema = z
  .object({
    type: z.string(),
    name: z.string(),
    price: z.number(),
    description: z.string(),
    features: z.array(z.string()),
    yourPrice: z.number().optional(),
    state: SaleStateSchema,
    remaining: z.number().nullable(),
    saleStartsAt: IsoDate.nullable(),
    saleEndsAt: IsoDate.nullable(),
  })
  .meta({ id: "TicketType" });
export type TicketType = z.infer<typeof TicketTypeResponseSchema>;

export const TicketTypesResponseSchema = z.object({
  success: z.literal(true),
  ticketTypes: z.array(TicketTypeResponseSchema),
  /** Why `yourPrice` differs from the price; null when nobody is logged in. */
  priceReason: z.enum(["privilege", "assigned_streamer", "full_price"]).nullable(),
  /** The event's own types (true) or the default ones (false). */
  own: z.boolean(),
  /** Whether the event sells tickets at all (its own types, or the defaults with a reference price above 0). */
  sellsTickets: z.boolean(),
});
export type TicketTypes = z.infer<typeof TicketTypesResponseSchema>;

const optionalDate = (code: string) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    z
      .string()
      .refine((v) => !Number.isNaN(Date.parse(v)), code)
      .nullable(),
  );

/**
 * An organiser's ticket type (issue 34, item 1), as pretix's products: a name, a price in G-Coins (0 is a free
 * type), a description and a few features, a quantity within the event's seats (none: as many as the seats
 * allow), a sale window, and hidden (not listed) or closed (listed, not sold).
 */
const TicketTypeFields = z.object({
  name: z.string({ error: "ticket_type_name_invalid" }).trim().min(2, "ticket_type_name_invalid").max(60, "ticket_type_name_invalid"),
  price: numeric(z.number({ error: "ticket_type_price_invalid" }).int("ticket_type_price_invalid").min(0, "ticket_type_price_invalid").max(1_000_000, "ticket_type_price_invalid")),
  description: z.string().trim().max(500, "text_too_long"),
  features: z.array(z.string().trim().min(1, "ticket_type_features_invalid").max(80, "ticket_type_features_invalid")).max(8, "ticket_type_features_invalid"),
  quantity: z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    numeric(z.number({ error: "ticket_type_quantity_invalid" }).int("ticket_type_quantity_invalid").min(1, "ticket_type_quantity_invalid").max(1_000_000, "ticket_type_quantity_invalid")).nullable(),
  ),
  saleStartsAt: optionalDate("date_invalid"),
  saleEndsAt: optionalDate("date_invalid"),
  hidden: z.boolean(),
  closed: z.boolean(),
});

/** The window's end after its start: the one rule across two fields, for both a creation and an edit. */
function windowIsOrdered(window: { saleStartsAt?: string | null; saleEndsAt?: string | null }): boolean {
  return !window.saleStartsAt || !window.saleEndsAt || Date.parse(window.saleEndsAt) > Date.parse(window.saleStartsAt);
}

export const TicketTypeCreateSchema = TicketTypeFields.extend({
  description: TicketTypeFields.shape.description.optional().default(""),
  features: TicketTypeFields.shape.features.optional().default([]),
  quantity: TicketTypeFields.shape.quantity.optional().default(null),
  saleStartsAt: TicketTypeFields.shape.saleStartsAt.optional().default(null),
  saleEndsAt: TicketTypeFields.shape.saleEndsAt.optional().default(null),
  hidden: TicketTypeFields.shape.hidden.optional().default(false),
  closed: TicketTypeFields.shape.closed.optional().default(false),
}).refine(windowIsOrdered, { path: ["saleEndsAt"], message: "ticket_type_window_invalid" });
export type TicketTypeCreate = z.infer<typeof TicketTypeCreateSchema>;

/** An edit changes only what it names; the window is checked against the saved half as well, by the service. */
export const TicketTypeUpdateSchema = TicketTypeFields.partial().refine(windowIsOrdered, { path: ["saleEndsAt"], message: "ticket_type_window_invalid" });
export type TicketTypeUpdate = z.infer<typeof TicketTypeUpdateSchema>;

export const TicketTypeOrderSchema = z.object({ order: z.array(numeric(z.number().int().positive())).min(1).max(100) });

/** A type as its organiser manages it: everything it is set to, with its tickets sold and where its sale stands. */
const ManagedTicketTypeResponseSchema = z
  .object({
    id: z.number(),
    type: z.string(),
    name: z.string(),
    price: z.number(),
    description: z.string(),
    features: z.array(z.string()),
    quantity: z.number().nullable(),
    saleStartsAt: IsoDate.nullable(),
    saleEndsAt: IsoDate.nullable(),
    hidden: z.boolean(),
    closed: z.boolean(),
    /** Valid tickets of this type. */
    sold: z.number(),
    /** Whether any ticket (even refunded) was issued: such a type is closed or hidden, never deleted. */
    issued: z.boolean(),
    state: SaleStateSchema,
  })
  .meta({ id: "ManagedTicketType" });
export type ManagedTicketType = z.infer<typeof ManagedTicketTypeResponseSchema>;
export const ManagedTicketTypesResponseSchema = z.object({
  success: z.literal(true),
  ticketTypes: z.array(ManagedTicketTypeResponseSchema),
  /** The event's seat limit the quantities share (null: unlimited). */
  seats: z.number().nullable(),
});
export type ManagedTicketTypes = z.infer<typeof ManagedTicketTypesResponseSchema>;
export const ManagedTicketTypeSavedResponseSchema = z.object({ success: z.literal(true), message: z.string(), ticketType: ManagedTicketTypeResponseSchema });
export type ManagedTicketTypeSaved = z.infer<typeof ManagedTicketTypeSavedResponseSchema>;
export const TicketTypeDeletedResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type TicketTypeDeleted = z.infer<typeof TicketTypeDeletedResponseSchema>;

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

export const PurchaseSchema = z.object({
  userId: numeric(z.number().int().positive()),
  eventId: numeric(z.number().int().positive()),
  ticketType: z.string().max(40).optional(),
  /** What the buyer saw; refused if it is not the server's price. */
  price: numeric(z.number().int().min(0).optional()),
});
export const TicketBoughtResponseSchema = z.object({ success: z.literal(true), message: z.string(), ticket: TicketResponseSchema });
export type TicketBought = z.infer<typeof TicketBoughtResponseSchema>;
export const MyTicketsResponseSchema = z.object({ success: z.literal(true), tickets: z.array(TicketResponseSchema) });
export type MyTickets = z.infer<typeof MyTicketsResponseSchema>;

/** A ticket in the organiser's list of an event's tickets. */
const EventTicketResponseSchema = z
  .object({ id: z.number(), code: z.string(), username: z.string(), ticket_type: z.string(), price: z.number(), status: z.enum(["valid", "refunded"]), checkedInAt: IsoDate.nullable() })
  .meta({ id: "EventTicket" });
export type EventTicket = z.infer<typeof EventTicketResponseSchema>;
export const EventTicketsResponseSchema = z.object({ success: z.literal(true), tickets: z.array(EventTicketResponseSchema) });
export type EventTickets = z.infer<typeof EventTicketsResponseSchema>;

export const RevokedCodesResponseSchema = z.object({ success: z.literal(true), revoked: z.array(z.string()) });
export const TicketPublicKeyResponseSchema = z.object({ success: z.literal(true), algorithm: z.literal("Ed25519"), publicKey: z.string() });
export type TicketPublicKey = z.infer<typeof TicketPublicKeyResponseSchema>;

/** A ticket let in at the door. */
/** The door's scan: the QR code's text, and the event the door checks in for. */
export const TicketValidateSchema = z.object({ qr: z.string().min(1).max(2000), eventId: numeric(z.number().int().positive().optional()) });
const AdmittedTicketResponseSchema = z.object({ code: z.string(), username: z.string(), ticket_type: z.string(), checkedInAt: IsoDate }).meta({ id: "AdmittedTicket" });
export const TicketAdmittedResponseSchema = z.object({ success: z.literal(true), valid: z.literal(true), message: z.string(), ticket: AdmittedTicketResponseSchema.nullable() });
export type TicketAdmitted = z.infer<typeof TicketAdmittedResponseSchema>;
/** A ticket given back by its holder: the G-Coins returned to their wallet. */
export const TicketCancelledResponseSchema = z.object({ success: z.literal(true), message: z.string(), refunded: z.number() });
export type TicketCancelled = z.infer<typeof TicketCancelledResponseSchema>;
