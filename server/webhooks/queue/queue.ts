import { randomBytes } from "node:crypto";
import type { DbOrTransaction } from "../../../db/index.ts";
import type { AppDeps } from "../../http/context.ts";
import { OPT_IN_EVENTS, TEST_EVENT, type WebhookEventType, type WebhookScope } from "../../../shared/webhooks.ts";

/** What queuing an event needs: the clock and the site's address (for links). */
export type WebhookDeps = Pick<AppDeps, "config" | "now">;

/** What an event is about: the channel, tournament or event whose subscriptions take it (the site's take them all). */
interface WebhookSubject {
  channelId?: number;
  tournamentId?: number;
  eventId?: number;
}

// A lower layer of the webhooks domain that every domain calls where its events happen (server/webhooks/queue/):
// the durable queue: an event becomes one delivery per subscription that takes it, written in the caller's
// transaction when it has one (the follow, the ticket and its delivery commit together or not at all). Every node
// reads the queue (server/webhooks/dispatcher.ts); a delivery is sent by whichever node claims it.

/** What a subscription matches: its scope's thing, or the whole site. */
function subjectOf(scope: WebhookScope, subject: WebhookSubject): number | undefined {
  if (scope === "channel") return subject.channelId;
  if (scope === "tournament") return subject.tournamentId;
  if (scope === "event") return subject.eventId;
  return undefined;
}

/** Whether a subscription's list takes this event: named, or "every event" (an empty list) but the opt-in ones. */
function takesEvent(events: string[], type: string): boolean {
  if (events.length === 0) return !OPT_IN_EVENTS.includes(type as WebhookEventType);
  return events.includes(type);
}

/** The body every Standard Webhooks receiver gets: what happened, when, and its data. */
function eventPayload(type: string, at: number, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: new Date(at).toISOString(), data });
}

/**
 * Queues `type` for every enabled subscription of the site and of the subject's channel, tournament or event that
 * takes it; returns how many deliveries were queued. Only database work, so a PostgreSQL transaction may run it
 * again: the dispatchers find the deliveries at their next look (server/webhooks/dispatcher.ts, every second).
 */
export async function announce(deps: WebhookDeps, db: DbOrTransaction, type: WebhookEventType, subject: WebhookSubject, data: Record<string, unknown>): Promise<number> {
  const scoped = (["channel", "tournament", "event"] as const).map((scope) => [scope, subjectOf(scope, subject)] as const).filter(([, id]) => id !== undefined);
  const subscriptions = await db
    .selectFrom("webhook")
    .select(["id", "events"])
    .where("disabled_at", "is", null)
    .where((eb) => eb.or([eb("scope", "=", "site"), ...scoped.map(([scope, id]) => eb.and([eb("scope", "=", scope), eb("scope_id", "=", id!)]))]))
    .execute();
  const takers = subscriptions.filter((row) => takesEvent(JSON.parse(row.events) as string[], type));
  if (takers.length === 0) return 0;
  const now = deps.now();
  await queueDeliveries(
    db,
    takers.map((row) => row.id),
    type,
    eventPayload(type, now, data),
    now,
  );
  return takers.length;
}

/** Queues a "webhook.test" event for one subscription, whatever its list (its owner's "send a test event"), and sends it now. */
export async function queueTestEvent(deps: Pick<AppDeps, "now" | "bus">, db: DbOrTransaction, webhookId: number, data: Record<string, unknown>): Promise<void> {
  const now = deps.now();
  await queueDeliveries(db, [webhookId], TEST_EVENT, eventPayload(TEST_EVENT, now, data), now);
  deps.bus.emit("webhooks:queued", {});
}

/** A delivery's `webhook-id`: the same on every try, so a receiver can drop a repeat. */
function newMessageId(): string {
  return `msg_${randomBytes(16).toString("base64url")}`;
}

async function queueDeliveries(db: DbOrTransaction, webhookIds: number[], type: string, payload: string, now: number): Promise<void> {
  await db
    .insertInto("webhook_delivery")
    .values(
      webhookIds.map((webhookId) => ({
        webhook_id: webhookId,
        message_id: newMessageId(),
        event_type: type,
        payload,
        state: "pending" as const,
        next_attempt_at: now,
        claimed_until: null,
        last_status: null,
        created_at: now,
        tries_since: now,
        finished_at: null,
      })),
    )
    .execute();
}
