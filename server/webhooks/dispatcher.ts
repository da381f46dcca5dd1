import type { Selectable } from "kysely";
import { inTransaction } from "../../db/transaction.ts";
import type { DB } from "../../db/types.ts";
import type { AppDeps } from "../http/context.ts";
import type { Language } from "../i18n/messages.ts";
import { notify } from "../notifications/service.ts";
import { type OutboundAnswer, postOutbound } from "../outbound/request.ts";
import { OutboundRefused, type OutboundPolicy } from "../outbound/addresses.ts";
import { outboundPolicy } from "../site/settings/outbound-policy.ts";
import { claimDueRows, startQueueLoop } from "../outbound/queue-loop.ts";
import { discordBody, discordRetryAfterMs } from "./discord.ts";
import { webhookLink } from "./links.ts";
import { signedHeaders } from "./signing.ts";

// Sends the queue's deliveries (server/webhooks/queue.ts). Every node runs a dispatcher: it claims due deliveries for
// a lease, sends each once, and writes the try down. A node that dies mid-send leaves its claim to run out, and
// another node sends again with the same webhook-id: at least once, never lost.

type Delivery = Selectable<DB["webhook_delivery"]>;
type Webhook = Selectable<DB["webhook"]>;

/** After the nth failed try, wait this long (Standard Webhooks' advice: exponential, about a day in all). */
export const RETRY_DELAYS_MS = [5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800].map((seconds) => seconds * 1000);
/** A delivery still failing this long after its first try is given up, and its subscription disabled. */
const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long a node holds a claimed delivery: more than a try's time limit, so a live node never loses its claim. */
const CLAIM_MS = 60_000;
const ANSWER_LIMIT_MS = 10_000;
/** Deliveries one node claims at once; the others wait for the next pass (or another node). */
const BATCH = 20;
/** How often a node looks at the queue; its own events wake it at once. */
const POLL_MS = 1000;

/** What happened to one try. */
type Outcome = { kind: "delivered"; status: number } | { kind: "failed"; status: number | null; retryAfterMs?: number; gone?: boolean };

/**
 * One pass: claims the due deliveries and sends them; returns how many were sent (delivered or not). `now` is the
 * clock's reading unless a test moves it forward (a retry due in 30 minutes).
 */
export async function deliverDue(deps: AppDeps, now = deps.now()): Promise<number> {
  const claimed = await claimDueRows(deps.db, "webhook_delivery", now, CLAIM_MS, BATCH);
  if (claimed.length === 0) return 0;
  const policy = await outboundPolicy(deps);
  await Promise.all(claimed.map((delivery) => attempt(deps, delivery, policy, now)));
  return claimed.length;
}

/** The body and headers of one try: Discord's body for a Discord webhook, the event itself otherwise; signed both ways. */
function request(webhook: Webhook, delivery: Delivery, now: number) {
  const body = webhook.format === "discord" ? discordBody(delivery.payload, webhook.language as Language) : delivery.payload;
  const secrets = webhook.previous_secret && (webhook.previous_secret_until ?? 0) > now ? [webhook.secret, webhook.previous_secret] : [webhook.secret];
  return { body, headers: signedHeaders(secrets, delivery.message_id, Math.floor(now / 1000), body) };
}

async function attempt(deps: AppDeps, delivery: Delivery, policy: OutboundPolicy, now: number): Promise<void> {
  const webhook = await deps.db.selectFrom("webhook").selectAll().where("id", "=", delivery.webhook_id).executeTakeFirst();
  if (!webhook || webhook.disabled_at !== null) {
    // Removed or disabled since it was queued: nothing to send; the log keeps it as not delivered.
    await deps.db.updateTable("webhook_delivery").set({ state: "failed", claimed_until: null, finished_at: now }).where("id", "=", delivery.id).execute();
    return;
  }
  const { body, headers } = request(webhook, delivery, now);
  const started = performance.now();
  let answer: OutboundAnswer | undefined;
  let error: string | null = null;
  try {
    answer = await postOutbound(webhook.url, body, headers, policy, ANSWER_LIMIT_MS);
  } catch (failure) {
    error = failure instanceof OutboundRefused ? failure.code : (failure as Error).message || String(failure);
  }
  const outcome = outcomeOf(webhook, answer);
  await deps.db
    .insertInto("webhook_attempt")
    .values({
      delivery_id: delivery.id,
      attempted_at: now,
      status_code: answer?.status ?? null,
      duration_ms: answer?.durationMs ?? Math.round(performance.now() - started),
      response_body: answer?.body ?? "",
      error,
    })
    .execute();
  await settle(deps, webhook, delivery, outcome, now);
}

function outcomeOf(webhook: Webhook, answer: OutboundAnswer | undefined): Outcome {
  if (!answer) return { kind: "failed", status: null };
  if (answer.status >= 200 && answer.status < 300) return { kind: "delivered", status: answer.status };
  if (answer.status === 429 && webhook.format === "discord") return { kind: "failed", status: 429, retryAfterMs: discordRetryAfterMs(answer.body, answer.headers["retry-after"]) };
  // 410 Gone: the receiver says this address is no more (Standard Webhooks' advice: stop sending).
  return { kind: "failed", status: answer.status, gone: answer.status === 410 };
}

/** Writes the try's result: delivered, due again after its back-off, or given up (and the subscription disabled). */
async function settle(deps: AppDeps, webhook: Webhook, delivery: Delivery, outcome: Outcome, now: number): Promise<void> {
  const attempts = delivery.attempts + 1;
  if (outcome.kind === "delivered") {
    await deps.db.updateTable("webhook_delivery").set({ state: "delivered", attempts, last_status: outcome.status, claimed_until: null, finished_at: now }).where("id", "=", delivery.id).execute();
    return;
  }
  const nextAt = now + (outcome.retryAfterMs ?? RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1]!);
  const givenUp = outcome.gone || nextAt > delivery.tries_since + RETRY_WINDOW_MS;
  await deps.db
    .updateTable("webhook_delivery")
    .set(
      givenUp
        ? { state: "failed", attempts, last_status: outcome.status, claimed_until: null, finished_at: now }
        : { attempts, last_status: outcome.status, claimed_until: null, next_attempt_at: nextAt },
    )
    .where("id", "=", delivery.id)
    .execute();
  if (givenUp) await disable(deps, webhook, outcome.gone ? "gone" : "failing", now);
}

/** Stops a subscription whose receiver is gone or has failed for a day, ends its queue, and tells its owner. */
async function disable(deps: AppDeps, webhook: Webhook, reason: "gone" | "failing", now: number): Promise<void> {
  const disabledNow = await inTransaction(deps.db, async (trx) => {
    const changed = await trx
      .updateTable("webhook")
      .set({ disabled_at: now, disabled_reason: reason, updated_at: now })
      .where("id", "=", webhook.id)
      .where("disabled_at", "is", null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return false;
    await trx.updateTable("webhook_delivery").set({ state: "failed", claimed_until: null, finished_at: now }).where("webhook_id", "=", webhook.id).where("state", "=", "pending").execute();
    return true;
  });
  // Another node may have disabled it a moment before: its owner is told once.
  if (!disabledNow) return;
  await notify(deps, [webhook.created_by], { type: reason === "gone" ? "webhook_gone" : "webhook_failing", actorId: null, link: await webhookLink(deps.db, webhook), data: { url: webhook.url } });
}

/** Passes until a pass finds less than a full batch: a burst of events goes out at once, not BATCH a second. */
async function drainQueue(deps: AppDeps): Promise<void> {
  while ((await deliverDue(deps)) === BATCH);
}

/** Every node's loop: a pass every POLL_MS, and at once when this node queued something. Returns its stop. */
export function startWebhookDispatcher(deps: AppDeps, log: (line: string) => void): () => Promise<void> {
  return startQueueLoop({ drain: () => drainQueue(deps), pollMs: POLL_MS, onQueued: (wake) => deps.bus.on("webhooks:queued", wake), log: (line) => log(`[webhooks] ${line}`) });
}
