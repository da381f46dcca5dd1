import type { DbOrTransaction } from "../../db/index.ts";
import type { EventRow, TicketTypeRow, User } from "../../db/types.ts";
import { isStaff } from "../access/policy.ts";
import type { Language } from "../i18n/messages.ts";
import { defaultTicketTypes } from "./default-ticket-types.ts";
import { NO_TIES, type SeatTies, seatsHeldOf, seatsLeftFrom, seatsLeftToBuy, seatTiesOf, ticketsSoldByType, ticketsSoldByTypeOf } from "./seats.ts";

/**
 * What an event sells and at what price: the one module the ticket panel's list, the purchase and the events'
 * cards all read (issue 34, item 1), so no screen shows a price the purchase would not charge.
 */

/** A type an event sells: one of its own (`id` set), or a default one (`id` null) when it has none. */
export interface CatalogueType {
  id: number | null;
  /** The key tickets carry (in their QR payload too); an own type keeps it when renamed. */
  type: string;
  name: string;
  price: number;
  description: string;
  features: string[];
  quantity: number | null;
  saleStartsAt: number | null;
  saleEndsAt: number | null;
  hidden: boolean;
  closed: boolean;
}

export function catalogueTypeOf(row: TicketTypeRow): CatalogueType {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    price: row.price,
    description: row.description,
    features: JSON.parse(row.features) as string[],
    quantity: row.quantity,
    saleStartsAt: row.sale_starts_at,
    saleEndsAt: row.sale_ends_at,
    hidden: row.hidden === 1,
    closed: row.closed === 1,
  };
}

/** An event's own ticket types in the organiser's order, or the default ones in the reader's language when it has none. */
export async function eventTicketTypes(db: DbOrTransaction, eventId: number, lang: Language): Promise<Catalogue> {
  return (await eventTicketTypesOf(db, [eventId], lang)).get(eventId)!;
}

interface Catalogue {
  own: boolean;
  types: CatalogueType[];
}

/** `eventTicketTypes` of many events in one query (the events lists' cards). */
async function eventTicketTypesOf(db: DbOrTransaction, eventIds: number[], lang: Language): Promise<Map<number, Catalogue>> {
  const rows = eventIds.length === 0 ? [] : await db.selectFrom("ticket_type").selectAll().where("event_id", "in", eventIds).orderBy("position").orderBy("price").orderBy("id").execute();
  return new Map(
    eventIds.map((eventId) => {
      const own = rows.filter((row) => row.event_id === eventId);
      return [eventId, own.length === 0 ? { own: false, types: defaultTicketTypes(lang) } : { own: true, types: own.map(catalogueTypeOf) }];
    }),
  );
}

/**
 * Whether the event sells tickets at all: it has types of its own, or, having none, states a reference price in
 * euros above 0, which sells the default types as before. Otherwise registering is the way in, and costs nothing.
 */
export function sellsTickets(event: Pick<EventRow, "ticket_price">, own: boolean): boolean {
  return own || event.ticket_price > 0;
}

type PriceReason = "privilege" | "assigned_streamer" | "full_price";
interface Pricing {
  reason: PriceReason;
  price(basePrice: number): number;
}

const FULL_PRICE: Pricing = { reason: "full_price", price: (basePrice) => basePrice };
const FREE = (reason: PriceReason): Pricing => ({ reason, price: () => 0 });

/**
 * The price the server asks `user` for a type (spec 02 §6, enforced here): admins and moderators enter free, so
 * does a streamer assigned to the event; everyone else pays the type's price. Free entry is one ticket for the
 * person let in, not free seats for the people they bring.
 */
function pricingOf(user: User, ties: SeatTies): Pricing {
  if (ties.holdsFreeTicket) return FULL_PRICE;
  if (isStaff(user)) return FREE("privilege");
  return ties.assigned ? FREE("assigned_streamer") : FULL_PRICE;
}

export async function pricingFor(db: DbOrTransaction, user: User, eventId: number): Promise<Pricing> {
  return pricingOf(user, (await seatTiesOf(db, [eventId], user)).get(eventId) ?? NO_TIES);
}

export type SaleState = "on_sale" | "not_yet" | "ended" | "sold_out" | "closed";

/** The figures a type's sale depends on, read once per event: its tickets sold by type, and the seats left to the viewer. */
interface SaleFigures {
  soldByType: Map<string, number>;
  seatsLeft: number | null;
}

export async function saleFigures(db: DbOrTransaction, event: EventRow, viewer: User | undefined, now: number): Promise<SaleFigures> {
  return { soldByType: await ticketsSoldByType(db, event.id), seatsLeft: await seatsLeftToBuy(db, event, viewer, now) };
}

/** How many more of `type` can be bought: its own quantity left, within the event's seats left; null when neither limits it. */
export function ticketsLeft(type: CatalogueType, figures: SaleFigures): number | null {
  const ofType = type.quantity === null ? null : Math.max(0, type.quantity - (figures.soldByType.get(type.type) ?? 0));
  if (ofType === null) return figures.seatsLeft;
  return figures.seatsLeft === null ? ofType : Math.min(ofType, figures.seatsLeft);
}

/** Where a type's sale stands now: closed by the organiser, before or after its window, sold out, or on sale. */
export function saleStateOf(type: CatalogueType, remaining: number | null, now: number): SaleState {
  if (type.closed) return "closed";
  if (type.saleEndsAt !== null && type.saleEndsAt <= now) return "ended";
  if (type.saleStartsAt !== null && type.saleStartsAt > now) return "not_yet";
  if (remaining !== null && remaining <= 0) return "sold_out";
  return "on_sale";
}

/** A type as buyers see it: its sale state, what is left, and what the viewer pays (for a logged-in viewer). */
export type ListedType = CatalogueType & { state: SaleState; remaining: number | null; yourPrice?: number };

interface Listing {
  own: boolean;
  sells: boolean;
  /** Why `yourPrice` is what it is; null for a visitor. */
  priceReason: PriceReason | null;
  /** Hidden types left out. */
  types: ListedType[];
}

/** What the event page lists to `viewer` (undefined: a visitor), from the same figures and price the purchase uses. */
export async function listedTypes(db: DbOrTransaction, event: EventRow, viewer: User | undefined, now: number, lang: Language): Promise<Listing> {
  return (await listingsOf(db, [event], viewer, now, lang)).get(event.id)!;
}

/**
 * `listedTypes` of many events in a few queries whatever their number (the events lists' cards): their types, the
 * tickets sold by type, the seats held by others than the viewer and the viewer's ties, each read once for all of
 * them. `known` gives what the caller read already (a visitor's "held by others" is every seat held).
 */
export async function listingsOf(
  db: DbOrTransaction,
  events: EventRow[],
  viewer: User | undefined,
  now: number,
  lang: Language,
  known: { ties?: Map<number, SeatTies>; heldByOthers?: Map<number, number> } = {},
): Promise<Map<number, Listing>> {
  const ids = events.map((event) => event.id);
  const limited = events.filter((event) => event.max_participants !== null).map((event) => event.id);
  const [catalogues, sold, heldByOthers, viewerTies] = await Promise.all([
    eventTicketTypesOf(db, ids, lang),
    ticketsSoldByTypeOf(db, ids),
    known.heldByOthers ?? seatsHeldOf(db, limited, now, viewer?.id),
    known.ties ?? seatTiesOf(db, ids, viewer),
  ]);
  return new Map(
    events.map((event) => {
      const mine = viewerTies.get(event.id) ?? NO_TIES;
      const figures = { soldByType: sold.get(event.id) ?? new Map<string, number>(), seatsLeft: seatsLeftFrom(event.max_participants, heldByOthers.get(event.id) ?? 0, mine) };
      return [event.id, listingOf(event, catalogues.get(event.id)!, viewer ? pricingOf(viewer, mine) : null, figures, now)];
    }),
  );
}

/** The rule of what is listed: hidden types left out, each with its sale state, what is left and the viewer's price. */
function listingOf(event: Pick<EventRow, "ticket_price">, { own, types }: Catalogue, pricing: Pricing | null, figures: SaleFigures, now: number): Listing {
  const listed = types
    .filter((type) => !type.hidden)
    .map((type) => {
      const remaining = ticketsLeft(type, figures);
      return { ...type, state: saleStateOf(type, remaining, now), remaining, ...(pricing ? { yourPrice: pricing.price(type.price) } : {}) };
    });
  return { own, sells: sellsTickets(event, own), priceReason: pricing?.reason ?? null, types: listed };
}

/**
 * The G-Coins a ticket costs the viewer, lowest and highest, over the types on sale or to come: what the events'
 * cards show. Null when the event sells no tickets, or none is on sale or to come (all closed, ended or sold out).
 */
export function priceRange(listing: Listing): { min: number; max: number } | null {
  if (!listing.sells) return null;
  const prices = listing.types.filter((type) => type.state === "on_sale" || type.state === "not_yet").map((type) => type.yourPrice ?? type.price);
  return prices.length === 0 ? null : { min: Math.min(...prices), max: Math.max(...prices) };
}
