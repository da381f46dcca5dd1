import { z } from "zod";
import { numeric } from "../../shared/numeric.ts";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_FORMATS, WEBHOOK_SCOPES } from "../../shared/webhooks.ts";

// Outgoing webhooks (issue 36, item 1): a channel's, a tournament's, an event's or the site's.

export const MAX_WEBHOOKS_PER_OWNER = 10;

/** Which webhooks: the scope, and the channel, tournament or event (none for the site; the caller's own channel when left out). */
export const WebhookScopeQuerySchema = z.object({
  scope: z.enum(WEBHOOK_SCOPES, { error: "invalid_input" }),
  id: numeric(z.number().int().positive().optional()),
});

const EventListSchema = z.array(z.enum(WEBHOOK_EVENT_TYPES, { error: "webhook_event_unknown" })).max(WEBHOOK_EVENT_TYPES.length);

export const WebhookCreateSchema = z.object({
  scope: z.enum(WEBHOOK_SCOPES, { error: "invalid_input" }),
  id: z.number().int().positive().optional(),
  url: z.string({ error: "webhook_url_invalid" }).trim().min(1, "webhook_url_invalid").max(2000, "webhook_url_invalid"),
  format: z.enum(WEBHOOK_FORMATS, { error: "invalid_input" }).default("standard"),
  /** Empty: every event of the scope but the opt-in ones (chat messages). */
  events: EventListSchema.default([]),
  description: z.string().trim().max(100, "webhook_description_too_long").default(""),
});

export const WebhookUpdateSchema = z.object({
  url: WebhookCreateSchema.shape.url.optional(),
  events: EventListSchema.optional(),
  description: z.string().trim().max(100, "webhook_description_too_long").optional(),
  /** false disables it; true enables it again (after it was disabled for failing). */
  enabled: z.boolean().optional(),
});

export const WebhookIdParamSchema = z.object({ id: numeric(z.number().int().positive()) });
export const DeliveryParamSchema = z.object({ id: numeric(z.number().int().positive()), deliveryId: numeric(z.number().int().positive()) });
export const DeliveryPageQuerySchema = z.object({ page: numeric(z.number().int().min(1).optional().default(1)) });

const WebhookSchema = z
  .object({
    id: z.number(),
    scope: z.enum(WEBHOOK_SCOPES),
    scopeId: z.number().nullable(),
    url: z.string(),
    format: z.enum(WEBHOOK_FORMATS),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    description: z.string(),
    enabled: z.boolean(),
    disabledReason: z.enum(["failing", "gone", "owner"]).nullable(),
    /** Until then deliveries are signed with the key before the last rotation too. */
    previousSecretUntil: z.string().nullable(),
    createdAt: z.string(),
    lastDelivery: z.object({ state: z.enum(["pending", "delivered", "failed"]), status: z.number().nullable(), at: z.string() }).nullable(),
  })
  .meta({ id: "Webhook" });
export type WebhookResponse = z.infer<typeof WebhookSchema>;

export const WebhookListSchema = z.object({
  success: z.literal(true),
  webhooks: z.array(WebhookSchema),
  /** The events this scope offers, in the catalogue's order. */
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** Events left out of "every event" (asked by name only). */
  optInEvents: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
});

/** A new or rotated webhook: its signing key, shown this once. */
export const WebhookWithSecretSchema = z.object({ success: z.literal(true), webhook: WebhookSchema, secret: z.string() });
export const WebhookAnswerSchema = z.object({ success: z.literal(true), webhook: WebhookSchema });

const AttemptSchema = z.object({ at: z.string(), status: z.number().nullable(), durationMs: z.number(), responseBody: z.string(), error: z.string().nullable() });

const DeliverySchema = z
  .object({
    id: z.number(),
    messageId: z.string(),
    eventType: z.string(),
    state: z.enum(["pending", "delivered", "failed"]),
    attempts: z.array(AttemptSchema),
    createdAt: z.string(),
    nextAttemptAt: z.string().nullable(),
    /** What was sent: the event (a Discord webhook got Discord's body made from it). */
    payload: z.string(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryResponse = z.infer<typeof DeliverySchema>;

export const DeliveryPageSchema = z.object({ success: z.literal(true), deliveries: z.array(DeliverySchema), hasMore: z.boolean() });
export const DeliveryAnswerSchema = z.object({ success: z.literal(true), delivery: DeliverySchema });
