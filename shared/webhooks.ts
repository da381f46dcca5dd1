// The webhooks' events, the same list on both sides (docs/decisions.md, "The wire contract as a leaf"). Pure: imports nothing.

/** Whose a webhook is: a channel's (its owner), a tournament's or an event's (its organiser), or the site's (admins). */
export const WEBHOOK_SCOPES = ["channel", "tournament", "event", "site"] as const;
export type WebhookScope = (typeof WEBHOOK_SCOPES)[number];

/** "standard": Standard Webhooks' signed JSON; "discord": Discord's own body (content and embeds). */
export const WEBHOOK_FORMATS = ["standard", "discord"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/**
 * Every event a webhook can take (issue 36, item 1), with the scopes that offer it: a channel's owner hears of their
 * lives, followers, chat, replays, clips and the raids it receives (issue 36, item 5); a tournament's organiser of its matches; an event's organiser of
 * its tickets and its door; the site's admins of everything.
 */
export const WEBHOOK_EVENTS = {
  "stream.online": ["channel", "site"],
  "stream.offline": ["channel", "site"],
  "channel.follow": ["channel", "site"],
  "chat.message": ["channel", "site"],
  "replay.ready": ["channel", "site"],
  "clip.ready": ["channel", "site"],
  raid: ["channel", "site"],
  "tournament.match.started": ["tournament", "site"],
  "tournament.match.ended": ["tournament", "site"],
  "tournament.finished": ["tournament", "site"],
  "event.ticket.sold": ["event", "site"],
  "event.ticket.refunded": ["event", "site"],
  "event.checkin": ["event", "site"],
} as const satisfies Record<string, readonly WebhookScope[]>;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;

export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

/** The event a subscriber sends itself from its delivery log ("send a test event"): any scope has it. */
export const TEST_EVENT = "webhook.test";

/**
 * Events a subscription takes only when asked by name: a busy chat would send one delivery per message, so
 * "every event" leaves it out (Twitch's EventSub asks for chat apart too).
 */
export const OPT_IN_EVENTS: readonly WebhookEventType[] = ["chat.message"];

export function eventsOfScope(scope: WebhookScope): WebhookEventType[] {
  return WEBHOOK_EVENT_TYPES.filter((type) => (WEBHOOK_EVENTS[type] as readonly WebhookScope[]).includes(scope));
}
