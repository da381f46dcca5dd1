import { queryOptions, useQuery } from "@tanstack/react-query";
import type { EventTickets, MyTickets, TicketPublicKey, TicketTypes } from "../../../../server/tickets/schemas.ts";
import { api } from "../../../lib/api.ts";
import { ticketKeys } from "./event-keys.ts";

export type { Ticket, TicketType } from "../../../../server/tickets/schemas.ts";
export type PriceReason = NonNullable<TicketTypes["priceReason"]>;

/** An event's ticket types with their G-Coin prices (the server's defaults when it has none), and why the viewer pays what they pay. */
const ticketTypesQueryOptions = (eventId: number) => queryOptions({ queryKey: ticketKeys.types(eventId), queryFn: ({ signal }) => api<TicketTypes>(`/tickets/types/${eventId}`, { signal }) });
export const useTicketTypes = (eventId: number, enabled = true) => useQuery({ ...ticketTypesQueryOptions(eventId), enabled });

/** The caller's tickets, newest first, each with its signed QR payload. */
export const myTicketsQueryOptions = () => queryOptions({ queryKey: ticketKeys.mine, queryFn: async ({ signal }) => (await api<MyTickets>("/tickets/user", { signal })).tickets });
export const useMyTickets = (enabled = true) => useQuery({ ...myTicketsQueryOptions(), enabled });

/** The event's tickets as the organiser sees them: the door's counter, and its memory when offline. */
const eventTicketsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: ticketKeys.ofEvent(eventId), queryFn: async ({ signal }) => (await api<EventTickets>(`/tickets/event/${eventId}`, { signal })).tickets });
export const useEventTickets = (eventId: number) => useQuery(eventTicketsQueryOptions(eventId));

/**
 * The key the server signs tickets with, so the door can check them offline. The door's code (and its
 * Ed25519 library) loads with it: the tickets list is in the first load, the door is not.
 */
export const useTicketKey = () =>
  useQuery({
    queryKey: ticketKeys.publicKey,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const [{ rawPublicKey }, { publicKey }] = await Promise.all([import("../offline-door.ts"), api<TicketPublicKey>("/tickets/public-key", { signal })]);
      return rawPublicKey(publicKey);
    },
  });
