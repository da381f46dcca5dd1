import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";

export interface EventCategory {
  id: number;
  name: string;
  icon: string;
  color: string;
  slug: string;
}

export interface ArenaEvent {
  id: number;
  slug: string;
  name: string;
  description: string;
  category: EventCategory;
  startDate: string;
  endDate: string | null;
  maxParticipants: number | null;
  ticketPrice: number;
  coverImage: string | null;
  status: "draft" | "published" | "active" | "completed" | "cancelled";
  createdBy: string;
  location: string;
  rules: string;
  tournamentId: number | null;
  isPublic: boolean;
  requiresApproval: boolean;
  currentParticipants: number;
  organizer: { id: number; name: string; username: string; avatar: string | null };
  participantStatus: "pending" | "approved" | "rejected" | null;
}

export interface EventDetail extends ArenaEvent {
  participants: { id: number; userId: number; status: string; user: { name: string; username: string; profilePicture: string | null } }[];
  participantCount: number;
  /** Why the viewer could not register / buy now (an `errors:` code), from the server's own seat rule; null where they can. */
  registrationRefusal: string | null;
  purchaseRefusal: string | null;
}

export interface TicketType {
  type: string;
  name: string;
  price: number;
  /** What the server will ask the logged-in viewer (0 for a free entry), absent for a visitor. */
  yourPrice?: number;
  description: string;
  features: string[];
}

export interface Ticket {
  id: number;
  code: string;
  ticket_type: string;
  ticket_name: string;
  price: number;
  status: "valid" | "refunded";
  checkedInAt: string | null;
  qr_code: string;
  event: { id: number; name: string; slug: string; startDate: string; location: string };
}

export type PriceReason = "privilege" | "assigned_streamer" | "full_price";

/** An event's ticket types with their G-Coin prices (the server's defaults when it has none), and why the viewer pays what they pay. */
export function useTicketTypes(eventId: number) {
  return useQuery({ queryKey: ["tickets", "types", eventId], queryFn: async ({ signal }) => await api<{ ticketTypes: TicketType[]; priceReason: PriceReason | null }>(`/tickets/types/${eventId}`, { signal }) });
}

/** The caller's tickets, newest first, each with its signed QR payload. */
export function useMyTickets(enabled = true) {
  return useQuery({ queryKey: ["tickets", "mine"], enabled, queryFn: async ({ signal }) => (await api<{ tickets: Ticket[] }>("/tickets/user", { signal })).tickets });
}

/**
 * Every events query lives under "events", each kind under its own second segment: a slug is user
 * data, so it never stands where a kind does (an event called "mine" must not share the cache of
 * My events).
 */
export const eventKeys = {
  all: ["events"] as const,
  list: (search: string, category: number | null) => ["events", "list", search, category] as const,
  one: (slug: string) => ["events", "bySlug", slug] as const,
  mine: ["events", "mine"] as const,
  joined: ["events", "joined"] as const,
  categories: ["events", "categories"] as const,
  participants: (eventId: number) => ["events", "participants", eventId] as const,
};

export function useEvents(search: string, category: number | null) {
  const query = new URLSearchParams({ ...(search.trim() ? { search: search.trim() } : {}), ...(category ? { category: String(category) } : {}) });
  return useQuery({ queryKey: eventKeys.list(search.trim(), category), queryFn: async ({ signal }) => (await api<{ events: ArenaEvent[] }>(`/events?${query}`, { signal })).events, placeholderData: (previous) => previous });
}

export function useCategories() {
  return useQuery({ queryKey: eventKeys.categories, queryFn: async ({ signal }) => (await api<{ categories: EventCategory[] }>("/events/categories", { signal })).categories, staleTime: Infinity });
}

export function useEvent(slug: string) {
  return useQuery({ queryKey: eventKeys.one(slug), queryFn: async ({ signal }) => (await api<{ event: EventDetail }>(`/events/${encodeURIComponent(slug)}`, { signal })).event, retry: false });
}

export type EventStatus = ArenaEvent["status"];

/**
 * Why nobody can take a seat any more, whoever looks: cancelled, over, or every seat taken. The page
 * then offers no register button and no ticket panel, and says this instead.
 */
export function closedReason(event: ArenaEvent): "cancelled" | "completed" | "full" | null {
  if (event.status === "cancelled" || event.status === "completed") return event.status;
  if (event.maxParticipants !== null && event.currentParticipants >= event.maxParticipants) return "full";
  return null;
}

/** The organiser's next steps from each status (spec 02 §4): Publish, Start, End; Cancel while it has not ended. */
export function statusActions(status: EventStatus): ("publish" | "start" | "end" | "cancel")[] {
  switch (status) {
    case "draft":
      return ["publish", "cancel"];
    case "published":
      return ["start", "cancel"];
    case "active":
      return ["end", "cancel"];
    case "completed":
    case "cancelled":
      return [];
  }
}

/** Euros as the spec shows an event's price ("15,00 €"). */
export function formatEuros(value: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: "currency", currency: "EUR" }).format(value);
}

export function formatEventDate(iso: string, lang: string): string {
  return new Date(iso).toLocaleString(lang, { weekday: "short", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" });
}
