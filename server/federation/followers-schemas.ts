import { z } from "zod";
import { numeric } from "../../shared/numeric.ts";

// The fediverse seen from the site's own screens (issue 38, items 2 and 6): an actor's handle for its public page,
// its fediverse followers for its owner, and the admins' delivery log.

export const FEDIVERSE_FOLLOWERS_PER_PAGE = 20;
export const FEDIVERSE_DELIVERIES_PER_PAGE = 25;

/** `channel-12`, `tournament-5`, `event-3`, or a channel's handle name (its member's username), as WebFinger takes it. */
export const FediverseActorParamSchema = z.object({ identifier: z.string().min(1).max(40) });
export const FediverseFollowerParamSchema = z.object({ id: numeric(z.number().int().positive()) });
export const FediversePageQuerySchema = z.object({ page: numeric(z.number().int().min(1).max(100_000).optional().default(1)) });

const DELIVERY_STATES = ["pending", "delivered", "failed"] as const;

export const FediverseDeliveryQuerySchema = z.object({
  page: numeric(z.number().int().min(1).max(100_000).optional().default(1)),
  state: z.enum(DELIVERY_STATES, { error: "invalid_input" }).optional(),
});

export const FediverseActorSchema = z
  .object({
    success: z.literal(true),
    /** @name@host, what a Mastodon user types to follow it. */
    handle: z.string(),
    /** Its followers on the fediverse, counted apart from the members who follow it on the site. */
    followers: z.number(),
  })
  .meta({ id: "FediverseActor" });

const FediverseFollowerSchema = z.object({
  id: z.number(),
  /** @name@instance */
  handle: z.string(),
  name: z.string(),
  /** The account's page on its instance, when it gave one. */
  url: z.string().nullable(),
  instance: z.string(),
  since: z.string(),
});
export type FediverseFollower = z.infer<typeof FediverseFollowerSchema>;

export const FediverseFollowerPageSchema = z.object({ success: z.literal(true), count: z.number(), followers: z.array(FediverseFollowerSchema) }).meta({ id: "FediverseFollowers" });

const FediverseDeliverySchema = z.object({
  id: z.number(),
  activityType: z.string(),
  /** The handle of the actor whose key signs it. */
  actor: z.string(),
  inbox: z.string(),
  instance: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type FediverseDelivery = z.infer<typeof FediverseDeliverySchema>;

export const FediverseDeliveryPageSchema = z.object({ success: z.literal(true), deliveries: z.array(FediverseDeliverySchema), total: z.number() }).meta({ id: "FediverseDeliveries" });
