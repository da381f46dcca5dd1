import type { Selectable, Transaction } from "kysely";
import type { DB, User } from "../../db/types.ts";
import { inTransaction } from "../../db/transaction.ts";
import { canManageWebhooks } from "../access/policy.ts";
import { ensureChannel } from "../channels/own-channel.ts";
import type { AppDeps } from "../http/context.ts";
import { BadRequestError, ForbiddenError, InvalidError, NotFoundError } from "../http/errors.ts";
import type { Language } from "../i18n/messages.ts";
import { OutboundRefused, outboundUrl, resolveAllowed } from "../outbound/addresses.ts";
import { eventsOfScope, OPT_IN_EVENTS, type WebhookEventType, type WebhookScope } from "../../shared/webhooks.ts";
import { outboundPolicy } from "../site/settings/outbound-policy.ts";
import { queueTestEvent } from "./queue/queue.ts";
import { MAX_WEBHOOKS_PER_OWNER, type WebhookDeliveryResponse, type WebhookResponse } from "./schemas.ts";
import { newWebhookSecret } from "./signing.ts";

// Who manages which webhooks, and the owner's log. Every call checks here, on the server, that the caller runs the
// webhook's channel, tournament or event (or is an admin, for the site's): the screens only show what this allows.

type Webhook = Selectable<DB["webhook"]>;

/** How long the key before a rotation still signs deliveries: a day for the receiver to take the new one. */
const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
const DELIVERIES_PER_PAGE = 20;

/** The thing a scope names, and who runs it (null: the site, its admins). */
interface Owned {
  scope: WebhookScope;
  scopeId: number | null;
  ownerId: number | null;
}

/** Finds the scope's thing; the caller's own channel when a channel scope names none. Throws 404 when it does not exist. */
async function ownedScope(deps: AppDeps, caller: User, scope: WebhookScope, id: number | undefined): Promise<Owned> {
  if (scope === "site") return { scope, scopeId: null, ownerId: null };
  if (scope === "channel") {
    if (id === undefined) return { scope, scopeId: (await ensureChannel(deps, caller)).id, ownerId: caller.id };
    const channel = await deps.db.selectFrom("channel").select("user_id").where("id", "=", id).executeTakeFirst();
    if (!channel) throw new NotFoundError("stream_not_found");
    return { scope, scopeId: id, ownerId: channel.user_id };
  }
  if (id === undefined) throw new BadRequestError("invalid_input");
  if (scope === "tournament") {
    const tournament = await deps.db.selectFrom("tournament").select("admin_id").where("id", "=", id).executeTakeFirst();
    if (!tournament) throw new NotFoundError("tournament_not_found");
    return { scope, scopeId: id, ownerId: tournament.admin_id };
  }
  const event = await deps.db.selectFrom("event").select("created_by").where("id", "=", id).executeTakeFirst();
  if (!event) throw new NotFoundError("event_not_found");
  return { scope, scopeId: id, ownerId: event.created_by };
}

function assertManages(caller: User, owned: Owned): void {
  if (!canManageWebhooks(caller, owned.ownerId)) throw new ForbiddenError("webhook_forbidden");
}

/** A webhook the caller may manage; another member's is "not found", as if it did not exist. */
async function managedWebhook(deps: AppDeps, caller: User, id: number): Promise<Webhook> {
  const webhook = await deps.db.selectFrom("webhook").selectAll().where("id", "=", id).executeTakeFirst();
  if (!webhook) throw new NotFoundError("webhook_not_found");
  const owned = await ownedScope(deps, caller, webhook.scope, webhook.scope_id ?? undefined).catch(() => undefined);
  if (!owned || !canManageWebhooks(caller, owned.ownerId)) throw new NotFoundError("webhook_not_found");
  return webhook;
}

/**
 * A URL Arena may call: refused at once when it names an internal address (or a private one the site does not
 * allow). A name that does not resolve now is kept: a LAN without its uplink resolves nothing public, and the
 * dispatcher checks every address again before each try.
 */
async function checkedUrl(deps: AppDeps, text: string): Promise<string> {
  try {
    const url = outboundUrl(text);
    await resolveAllowed(url, await outboundPolicy(deps));
    return url.toString();
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    if (error.code === "outbound_address_unresolved") return text;
    throw new InvalidError([{ field: "url", code: error.code }]);
  }
}

/** The events asked for, each offered by the scope (the site's scope offers them all). */
function checkedEvents(scope: WebhookScope, events: string[]): string[] {
  const offered: string[] = eventsOfScope(scope);
  if (events.some((type) => !offered.includes(type))) throw new InvalidError([{ field: "events", code: "webhook_event_unknown" }]);
  return [...new Set(events)];
}

export async function listWebhooks(deps: AppDeps, caller: User, scope: WebhookScope, id: number | undefined) {
  const owned = await ownedScope(deps, caller, scope, id);
  assertManages(caller, owned);
  const rows = await scopeQuery(deps, owned).selectAll().orderBy("id").execute();
  return { webhooks: await Promise.all(rows.map((row) => webhookResponse(deps, row))), events: eventsOfScope(scope), optInEvents: [...OPT_IN_EVENTS] };
}

function scopeQuery(deps: AppDeps, owned: Owned) {
  const query = deps.db.selectFrom("webhook").where("scope", "=", owned.scope);
  return owned.scopeId === null ? query.where("scope_id", "is", null) : query.where("scope_id", "=", owned.scopeId);
}

export async function createWebhook(
  deps: AppDeps,
  caller: User,
  language: Language,
  input: { scope: WebhookScope; id?: number; url: string; format: Webhook["format"]; events: string[]; description: string },
): Promise<{ webhook: WebhookResponse; secret: string }> {
  const owned = await ownedScope(deps, caller, input.scope, input.id);
  assertManages(caller, owned);
  const events = checkedEvents(input.scope, input.events);
  const url = await checkedUrl(deps, input.url);
  const { count } = await scopeQuery(deps, owned)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_WEBHOOKS_PER_OWNER) throw new BadRequestError("webhook_limit_reached", { params: { max: MAX_WEBHOOKS_PER_OWNER } });
  const now = deps.now();
  const secret = newWebhookSecret();
  const row = await deps.db
    .insertInto("webhook")
    .values({
      scope: owned.scope,
      scope_id: owned.scopeId,
      created_by: caller.id,
      url,
      format: input.format,
      events: JSON.stringify(events),
      description: input.description,
      language,
      secret,
      previous_secret: null,
      previous_secret_until: null,
      disabled_at: null,
      disabled_reason: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { webhook: await webhookResponse(deps, row), secret };
}

export async function updateWebhook(deps: AppDeps, caller: User, id: number, changes: { url?: string; events?: string[]; description?: string; enabled?: boolean }): Promise<WebhookResponse> {
  const webhook = await managedWebhook(deps, caller, id);
  const now = deps.now();
  const set: Partial<Webhook> = { updated_at: now };
  if (changes.url !== undefined) set.url = await checkedUrl(deps, changes.url);
  if (changes.events !== undefined) set.events = JSON.stringify(checkedEvents(webhook.scope, changes.events));
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.enabled === true) Object.assign(set, { disabled_at: null, disabled_reason: null });
  if (changes.enabled === false && webhook.disabled_at === null) Object.assign(set, { disabled_at: now, disabled_reason: "owner" });
  const row = await deps.db.updateTable("webhook").set(set).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
  return webhookResponse(deps, row);
}

export async function deleteWebhook(deps: AppDeps, caller: User, id: number): Promise<void> {
  await managedWebhook(deps, caller, id);
  await deleteWebhooks(deps, [id]);
}

/** Removes webhooks with their queue and log (their owner deleted them, or deleted what they belonged to). */
async function deleteWebhooks(deps: Pick<AppDeps, "db">, ids: number[]): Promise<void> {
  await inTransaction(deps.db, (trx) => deleteWebhookRows(trx, ids));
}

async function deleteWebhookRows(trx: Transaction<DB>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const deliveries = trx.selectFrom("webhook_delivery").select("id").where("webhook_id", "in", ids);
  await trx.deleteFrom("webhook_attempt").where("delivery_id", "in", deliveries).execute();
  await trx.deleteFrom("webhook_delivery").where("webhook_id", "in", ids).execute();
  await trx.deleteFrom("webhook").where("id", "in", ids).execute();
}

/**
 * A member's erasure (server/privacy/erase.ts): the webhooks they made or their channel had go with their queue and
 * log, and others' deliveries whose words name them (a follow, a ticket) leave the logs, as their notifications do.
 */
export async function forgetInWebhooks(trx: Transaction<DB>, userId: number, username: string, channelId: number | undefined): Promise<void> {
  const theirs = await trx
    .selectFrom("webhook")
    .select("id")
    .where((eb) => eb.or([eb("created_by", "=", userId), ...(channelId === undefined ? [] : [eb.and([eb("scope", "=", "channel"), eb("scope_id", "=", channelId)])])]))
    .execute();
  await deleteWebhookRows(
    trx,
    theirs.map((row) => row.id),
  );
  const naming = trx
    .selectFrom("webhook_delivery")
    .select("id")
    .where("payload", "like", `%${JSON.stringify(username)}%`);
  await trx.deleteFrom("webhook_attempt").where("delivery_id", "in", naming).execute();
  await trx
    .deleteFrom("webhook_delivery")
    .where("payload", "like", `%${JSON.stringify(username)}%`)
    .execute();
}

/** A new signing key, shown once; the old one signs too for a day, so the receiver can switch without losing a delivery. */
export async function rotateSecret(deps: AppDeps, caller: User, id: number): Promise<{ webhook: WebhookResponse; secret: string }> {
  const webhook = await managedWebhook(deps, caller, id);
  const now = deps.now();
  const secret = newWebhookSecret();
  const row = await deps.db
    .updateTable("webhook")
    .set({ secret, previous_secret: webhook.secret, previous_secret_until: now + ROTATION_OVERLAP_MS, updated_at: now })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { webhook: await webhookResponse(deps, row), secret };
}

export async function sendTestEvent(deps: AppDeps, caller: User, id: number): Promise<void> {
  const webhook = await managedWebhook(deps, caller, id);
  if (webhook.disabled_at !== null) throw new BadRequestError("webhook_disabled");
  await queueTestEvent(deps, deps.db, id, { title: "Arena", url: deps.config.publicUrl, webhookId: id, requestedBy: caller.username });
}

/** "Send again": the same event (same webhook-id) is due now, with a new day of tries. */
export async function resendDelivery(deps: AppDeps, caller: User, id: number, deliveryId: number): Promise<WebhookDeliveryResponse> {
  const webhook = await managedWebhook(deps, caller, id);
  if (webhook.disabled_at !== null) throw new BadRequestError("webhook_disabled");
  const now = deps.now();
  const row = await deps.db
    .updateTable("webhook_delivery")
    .set({ state: "pending", next_attempt_at: now, tries_since: now, finished_at: null, claimed_until: null })
    .where("id", "=", deliveryId)
    .where("webhook_id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new NotFoundError("webhook_delivery_not_found");
  deps.bus.emit("webhooks:queued", {});
  return (await deliveryResponses(deps, [row]))[0]!;
}

export async function listDeliveries(deps: AppDeps, caller: User, id: number, page: number): Promise<{ deliveries: WebhookDeliveryResponse[]; hasMore: boolean }> {
  await managedWebhook(deps, caller, id);
  const rows = await deps.db
    .selectFrom("webhook_delivery")
    .selectAll()
    .where("webhook_id", "=", id)
    .orderBy("id", "desc")
    .limit(DELIVERIES_PER_PAGE + 1)
    .offset((page - 1) * DELIVERIES_PER_PAGE)
    .execute();
  return { deliveries: await deliveryResponses(deps, rows.slice(0, DELIVERIES_PER_PAGE)), hasMore: rows.length > DELIVERIES_PER_PAGE };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function deliveryResponses(deps: AppDeps, rows: Selectable<DB["webhook_delivery"]>[]): Promise<WebhookDeliveryResponse[]> {
  const attempts = rows.length
    ? await deps.db
        .selectFrom("webhook_attempt")
        .selectAll()
        .where(
          "delivery_id",
          "in",
          rows.map((row) => row.id),
        )
        .orderBy("id")
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    messageId: row.message_id,
    eventType: row.event_type,
    state: row.state,
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === row.id)
      .map((attempt) => ({ at: iso(attempt.attempted_at)!, status: attempt.status_code, durationMs: attempt.duration_ms, responseBody: attempt.response_body, error: attempt.error })),
    createdAt: iso(row.created_at)!,
    nextAttemptAt: row.state === "pending" ? iso(row.next_attempt_at) : null,
    payload: row.payload,
  }));
}

async function webhookResponse(deps: AppDeps, row: Webhook): Promise<WebhookResponse> {
  const last = await deps.db.selectFrom("webhook_delivery").select(["state", "last_status", "created_at"]).where("webhook_id", "=", row.id).orderBy("id", "desc").limit(1).executeTakeFirst();
  return {
    id: row.id,
    scope: row.scope,
    scopeId: row.scope_id,
    url: row.url,
    format: row.format,
    events: JSON.parse(row.events) as WebhookEventType[],
    description: row.description,
    enabled: row.disabled_at === null,
    disabledReason: row.disabled_at === null ? null : ((row.disabled_reason ?? "owner") as "failing" | "gone" | "owner"),
    previousSecretUntil: row.previous_secret_until !== null && row.previous_secret_until > deps.now() ? iso(row.previous_secret_until) : null,
    createdAt: iso(row.created_at)!,
    lastDelivery: last ? { state: last.state, status: last.last_status, at: iso(last.created_at)! } : null,
  };
}
