import { z } from "zod";
import { EMBED_ORIGIN_PATTERN, MAX_EMBED_ORIGINS } from "../../shared/embeds.ts";
import { INSTANCE_HOST_PATTERN, MAX_BLOCKED_INSTANCES } from "../../shared/federation.ts";
import { MATCH_RECONNECT_MINUTES } from "../../shared/match-reconnect.ts";
import { numeric } from "../../shared/numeric.ts";

// The console's content and site tabs (issue 20).

export const AdminReplayQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  state: z.enum(["all", "visible", "deleted"]).optional().default("all"),
  page: numeric(z.number().int().min(1).optional().default(1)),
  limit: numeric(z.number().int().min(1).max(100).optional().default(25)),
});

export const AdminReplayListSchema = z
  .object({
    success: z.literal(true),
    replays: z.array(
      z.object({
        id: z.number(),
        title: z.string(),
        channel: z.string(),
        status: z.string(),
        duration: z.number().nullable(),
        fileSize: z.number().nullable(),
        views: z.number(),
        createdAt: z.string(),
        deletedAt: z.string().nullable(),
      }),
    ),
    total: z.number(),
  })
  .meta({ id: "AdminReplayList" });

export const ChatBanListSchema = z
  .object({
    success: z.literal(true),
    bans: z.array(
      z.object({
        channelId: z.number(),
        channel: z.string(),
        userId: z.number(),
        username: z.string(),
        until: z.string().nullable(),
        reason: z.string(),
        bannedBy: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: "AdminChatBans" });

export const ChatBanParamSchema = z.object({ channelId: numeric(z.number().int().positive()), userId: numeric(z.number().int().positive()) });

const SiteSettingsSchema = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  signupsOpen: z.boolean(),
  captcha: z.boolean(),
  webhooksToPrivateNetworks: z.boolean(),
  embedOrigins: z.array(z.string()),
  matchReconnectMinutes: z.number(),
  maxBitrateKbps: z.number().int(),
  realtimeViewersPerLive: z.number().int(),
  federation: z.boolean(),
  federationPublicUrl: z.string().nullable(),
  federationBlockedInstances: z.array(z.string()),
});

export const PublicSiteSchema = z.object({ success: z.literal(true), name: z.string(), logo: z.string().nullable(), signupsOpen: z.boolean() }).meta({ id: "Site" });

export const AdminSiteSchema = z.object({ success: z.literal(true), settings: SiteSettingsSchema, mail: z.object({ smtp: z.boolean(), from: z.string() }) }).meta({ id: "AdminSite" });

export const SiteUpdateSchema = z.object({
  name: z.string({ error: "site_name_invalid" }).trim().min(1, "site_name_invalid").max(40, "site_name_invalid").optional(),
  signupsOpen: z.boolean().optional(),
  captcha: z.boolean().optional(),
  webhooksToPrivateNetworks: z.boolean().optional(),
  // An origin is compared letter for letter with the framing page's: written the one way a browser writes it.
  embedOrigins: z
    .array(
      z
        .string({ error: "embed_origin_invalid" })
        .trim()
        .toLowerCase()
        .transform((origin) => origin.replace(/\/$/, ""))
        .pipe(z.string().regex(EMBED_ORIGIN_PATTERN, "embed_origin_invalid")),
      { error: "embed_origin_invalid" },
    )
    .max(MAX_EMBED_ORIGINS, "embed_origins_too_many")
    .transform((origins) => [...new Set(origins)])
    .optional(),
  matchReconnectMinutes: z
    .number({ error: "match_reconnect_invalid" })
    .int("match_reconnect_invalid")
    .min(0, "match_reconnect_invalid")
    .max(MATCH_RECONNECT_MINUTES.max, "match_reconnect_invalid")
    .optional(),
  maxBitrateKbps: z.number({ error: "max_bitrate_invalid" }).int("max_bitrate_invalid").min(500, "max_bitrate_invalid").max(100_000, "max_bitrate_invalid").optional(),
  realtimeViewersPerLive: z.number({ error: "realtime_viewers_invalid" }).int("realtime_viewers_invalid").min(0, "realtime_viewers_invalid").max(500, "realtime_viewers_invalid").optional(),
  federation: z.boolean({ error: "invalid_input" }).optional(),
  // An origin written the one way, as embeds' are: the host of every handle (@name@host) and the start of every actor's id.
  federationPublicUrl: z
    .string({ error: "federation_url_invalid" })
    .trim()
    .toLowerCase()
    .transform((url) => url.replace(/\/$/, ""))
    .pipe(z.string().regex(EMBED_ORIGIN_PATTERN, "federation_url_invalid"))
    .nullable()
    .optional(),
  // A host name as a remote actor's id shows it (lowercase, no port): what a Follow's or an inbox's host is compared with.
  federationBlockedInstances: z
    .array(z.string({ error: "federation_instance_invalid" }).trim().toLowerCase().pipe(z.string().regex(INSTANCE_HOST_PATTERN, "federation_instance_invalid")), {
      error: "federation_instance_invalid",
    })
    .max(MAX_BLOCKED_INSTANCES, "federation_instances_too_many")
    .transform((hosts) => [...new Set(hosts)].sort())
    .optional(),
});

export const LogoSchema = z.object({ success: z.literal(true), logo: z.string().nullable() });

export const TestMailSchema = z.object({ success: z.literal(true), sent: z.boolean(), to: z.string(), error: z.string().nullable() });

export const InvitationListSchema = z
  .object({
    success: z.literal(true),
    invitations: z.array(
      z.object({
        id: z.number(),
        url: z.string(),
        note: z.string(),
        maxUses: z.number().nullable(),
        uses: z.number(),
        expiresAt: z.string().nullable(),
        state: z.enum(["active", "used", "expired", "revoked"]),
        createdBy: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: "AdminInvitations" });

export const InvitationInputSchema = z.object({
  note: z.string().trim().max(100, "invalid_input").optional().default(""),
  /** null: no limit. */
  maxUses: z.number({ error: "invalid_input" }).int("invalid_input").min(1, "invalid_input").max(10_000, "invalid_input").nullable(),
  /** null: until revoked. */
  expiresInDays: z.number({ error: "invalid_input" }).int("invalid_input").min(1, "invalid_input").max(365, "invalid_input").nullable(),
});

export const InvitationCreatedSchema = z.object({ success: z.literal(true), url: z.string() });
export const IdParamSchema = z.object({ id: numeric(z.number().int().positive()) });

export const UploadFormSchema = z.object({ filename: z.any().optional() });
