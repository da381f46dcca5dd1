import { z } from "zod";

/** Who may raid a channel: everyone, the channels its streamer follows, or no one. */
export const RAID_POLICIES = ["everyone", "followed", "nobody"] as const;

/** The countdown viewers see before they are taken to the target (Twitch's is 10 s too). */
export const RAID_COUNTDOWN_SECONDS = 10;

const Username = z.string().trim().min(1).max(40);

export const RaidStartSchema = z.object({ target: Username });
export type RaidStart = z.infer<typeof RaidStartSchema>;

export const RaidTargetQuerySchema = z.object({ q: z.string().trim().max(60).optional() });

export const RaidPolicySchema = z.object({ policy: z.enum(RAID_POLICIES) });

export const RaidBlockSchema = z.object({ username: Username });
export const RaidBlockParamSchema = z.object({ username: Username });

/** Why a channel is suggested: the next streamed match of the streamer's tournament, a followed live, or a search. */
const RaidTargetSchema = z
  .object({
    username: z.string(),
    avatar: z.string().nullable(),
    title: z.string(),
    viewerCount: z.number(),
    reason: z.enum(["tournament", "followed", "live"]),
    tournament: z.object({ name: z.string(), station: z.string() }).nullable(),
  })
  .meta({ id: "RaidTarget" });
export type RaidTarget = z.infer<typeof RaidTargetSchema>;

export const RaidTargetListSchema = z.object({ success: z.literal(true), targets: z.array(RaidTargetSchema) });

const RaidSchema = z
  .object({ id: z.number(), target: z.object({ username: z.string(), avatar: z.string().nullable() }), viewers: z.number(), seconds: z.number(), landsAt: z.string() })
  .meta({ id: "Raid" });
export type Raid = z.infer<typeof RaidSchema>;

export const RaidAnswerSchema = z.object({ success: z.literal(true), raid: RaidSchema });
/** The caller's raid under way, if any (the dashboard shows its countdown again after a reload). */
export const CurrentRaidSchema = z.object({ success: z.literal(true), raid: RaidSchema.nullable() });

const BlockedChannelSchema = z.object({ username: z.string(), avatar: z.string().nullable() }).meta({ id: "RaidBlockedChannel" });
export type BlockedChannel = z.infer<typeof BlockedChannelSchema>;

export const RaidSettingsSchema = z.object({ success: z.literal(true), policy: z.enum(RAID_POLICIES), blocked: z.array(BlockedChannelSchema) });
export type RaidSettings = z.infer<typeof RaidSettingsSchema>;
