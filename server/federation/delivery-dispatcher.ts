import { signRequest } from "@fedify/fedify";
import type { Selectable } from "kysely";
import type { DB } from "../../db/types.ts";
import type { AppDeps } from "../http/context.ts";
import { OutboundRefused, type OutboundPolicy } from "../outbound/addresses.ts";
import { outboundPolicy } from "../site/settings/outbound-policy.ts";
import { claimDueRows, startQueueLoop } from "../outbound/queue-loop.ts";
import { requestOutbound } from "../outbound/request.ts";
import { activeOrigin } from "./active.ts";
import { siteSettings } from "../site/settings/settings.ts";
import { isBlockedInstance } from "../../shared/federation.ts";
import { actorKeyPairs, storedSigningKey } from "./keys.ts";
import { actorProfile } from "./actors.ts";
import { USER_AGENT } from "./remote.ts";
import { actorUri } from "./uris.ts";

// Sends the fediverse queue (./queue.ts). Every node runs a dispatcher: it claims due rows for a lease, signs each
// with its actor's key (the draft-cavage HTTP signature Mastodon checks), POSTs it through the one outbound module, and
// writes the outcome on the row, which the admin's delivery log reads. A node that dies mid-send leaves its claim to
// run out and another sends again: at least once; Mastodon drops a repeated activity id.

type Delivery = Selectable<DB["federation_delivery"]>;

/** After the nth failed try, wait this long: Mastodon's own back-off spreads its tries over about two days. */
const RETRY_DELAYS_MS = [30, 120, 600, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 24 * 3600].map((seconds) => seconds * 1000);
const CLAIM_MS = 60_000;
const ANSWER_LIMIT_MS = 10_000;
const BATCH = 20;
const POLL_MS = 1000;

type Outcome = { kind: "delivered"; status: number } | { kind: "failed"; status: number | null; error: string | null; final: boolean };

/** One pass: claims due rows and sends them; returns how many. `now` moves forward in tests (a retry due later). */
export async function deliverDueActivities(deps: AppDeps, now = deps.now()): Promise<number> {
  // Federation turned off (or its address gone) stops sending at once; the rows wait, and go if it comes back on.
  const settings = await siteSettings(deps);
  const origin = activeOrigin(deps, settings);
  if (!origin) return 0;
  const claimed = await claimDueRows(deps.db, "federation_delivery", now, CLAIM_MS, BATCH);
  if (claimed.length === 0) return 0;
  const policy = await outboundPolicy(deps);
  const pass: Pass = { origin, policy, blocked: settings.federationBlockedInstances, now };
  await Promise.all(claimed.map((delivery) => attempt(deps, delivery, pass)));
  return claimed.length;
}

/** The actor's signing key: made on first use for a living actor; a gone one signs with what it kept, or not at all. */
async function signingKey(deps: AppDeps, delivery: Delivery): Promise<CryptoKey | null> {
  const actor = { type: delivery.actor_type, id: delivery.actor_id };
  const stored = await storedSigningKey(deps.db, actor);
  if (stored) return stored;
  return (await actorProfile(deps.db, actor)) ? (await actorKeyPairs(deps, actor))[0]!.privateKey : null;
}

/** The signed POST's headers: Date, Digest, Host and Signature over them, as Mastodon verifies. */
async function signedHeaders(delivery: Delivery, origin: string, key: CryptoKey): Promise<Record<string, string>> {
  const unsigned = new Request(delivery.inbox, {
    method: "POST",
    headers: { "content-type": "application/activity+json", accept: "application/activity+json", "user-agent": USER_AGENT },
    body: delivery.body,
  });
  const keyId = new URL("#main-key", actorUri(origin, { type: delivery.actor_type, id: delivery.actor_id }));
  const signed = await signRequest(unsigned, key, keyId);
  return Object.fromEntries(signed.headers.entries());
}

/** What one pass reads once for all its rows. */
interface Pass {
  origin: string;
  policy: OutboundPolicy;
  blocked: string[];
  now: number;
}

async function attempt(deps: AppDeps, delivery: Delivery, { origin, policy, blocked, now }: Pass): Promise<void> {
  // An instance blocked after the row was queued gets nothing either.
  if (isBlockedInstance(delivery.inbox_host, blocked)) {
    await settle(deps, delivery, { kind: "failed", status: null, error: "instance_blocked", final: true }, now);
    return;
  }
  const key = await signingKey(deps, delivery);
  if (!key) {
    await settle(deps, delivery, { kind: "failed", status: null, error: "no signing key", final: true }, now);
    return;
  }
  let outcome: Outcome;
  try {
    const answer = await requestOutbound(
      delivery.inbox,
      { method: "POST", headers: await signedHeaders(delivery, origin, key), body: delivery.body, timeoutMs: ANSWER_LIMIT_MS, answerLimit: { bytes: 1024, past: "truncate" } },
      policy,
    );
    outcome = outcomeOf(answer.status, answer.body);
  } catch (failure) {
    // A refused address stays refused: trying again would only fill the log. A name that did not resolve may resolve
    // later (a DNS hiccup, an uplink back), as a connection that failed may succeed: both are tried again.
    const refused = failure instanceof OutboundRefused;
    const final = refused && failure.code !== "outbound_address_unresolved";
    outcome = { kind: "failed", status: null, error: refused ? failure.code : (failure as Error).message || String(failure), final };
  }
  await settle(deps, delivery, outcome, now);
}

/**
 * 2xx is delivered. 429 and 5xx are tried again; any other answer (401 a bad signature, 404 an inbox gone, 410) is
 * final, as Mastodon treats them: the same request would get the same answer.
 */
function outcomeOf(status: number, body: string): Outcome {
  if (status >= 200 && status < 300) return { kind: "delivered", status };
  const final = status < 500 && status !== 429 && status !== 408;
  return { kind: "failed", status, error: body.slice(0, 300) || null, final };
}

/** Writes a try's outcome, unless the row left the queue meanwhile (an admin's block marks it failed): that stands. */
async function settle(deps: AppDeps, delivery: Delivery, outcome: Outcome, now: number): Promise<void> {
  const attempts = delivery.attempts + 1;
  const done = { attempts, claimed_until: null, finished_at: now };
  if (outcome.kind === "delivered") {
    await deps.db
      .updateTable("federation_delivery")
      .set({ ...done, state: "delivered", last_status: outcome.status, last_error: null })
      .where("id", "=", delivery.id)
      .where("state", "=", "pending")
      .execute();
    return;
  }
  const givenUp = outcome.final || attempts > RETRY_DELAYS_MS.length;
  await deps.db
    .updateTable("federation_delivery")
    .set(
      givenUp
        ? { ...done, state: "failed", last_status: outcome.status, last_error: outcome.error }
        : { attempts, claimed_until: null, last_status: outcome.status, last_error: outcome.error, next_attempt_at: now + RETRY_DELAYS_MS[attempts - 1]! },
    )
    .where("id", "=", delivery.id)
    .where("state", "=", "pending")
    .execute();
}

async function drainQueue(deps: AppDeps): Promise<void> {
  while ((await deliverDueActivities(deps)) === BATCH);
}

/** Every node's loop: a pass every second, and at once when this node queued something. Returns its stop. */
export function startFederationDispatcher(deps: AppDeps, log: (line: string) => void): () => Promise<void> {
  return startQueueLoop({ drain: () => drainQueue(deps), pollMs: POLL_MS, onQueued: (wake) => deps.bus.on("federation:queued", wake), log: (line) => log(`[federation] ${line}`) });
}
