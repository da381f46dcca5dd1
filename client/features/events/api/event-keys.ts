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
  assignments: (eventId: number) => ["events", "assignments", eventId] as const,
  streamers: ["events", "streamers"] as const,
};

/** Tickets are the events' too: the caller's own, an event's types, the door's list and key. */
export const ticketKeys = {
  mine: ["tickets", "mine"] as const,
  types: (eventId: number) => ["tickets", "types", eventId] as const,
  managedTypes: (eventId: number) => ["tickets", "managed-types", eventId] as const,
  ofEvent: (eventId: number) => ["tickets", "event", eventId] as const,
  publicKey: ["tickets", "public-key"] as const,
};
