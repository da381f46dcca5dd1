import { z } from "zod";

export const PLATFORMS = ["twitch", "youtube", "facebook"] as const;

const platformKey = z.string().max(300, "restream_key_too_long").optional();

/** Keys are write-only: sent only when the user typed one (trimmed; blank means "keep the saved one"). */
export const RestreamConfigInputSchema = z.object({
  enabled: z.boolean(),
  twitchEnabled: z.boolean(),
  youtubeEnabled: z.boolean(),
  facebookEnabled: z.boolean(),
  twitchKey: platformKey,
  youtubeKey: platformKey,
  facebookKey: platformKey,
});
export type RestreamConfigInput = z.infer<typeof RestreamConfigInputSchema>;

const TargetStatusSchema = z.object({
  keySaved: z.boolean(),
  status: z.enum(["idle", "connecting", "live", "error"]),
  error: z.string().nullable(),
});

export const RestreamConfigSchema = z
  .object({
    success: z.literal(true),
    enabled: z.boolean(),
    twitchEnabled: z.boolean(),
    youtubeEnabled: z.boolean(),
    facebookEnabled: z.boolean(),
    twitchKeySaved: z.boolean(),
    youtubeKeySaved: z.boolean(),
    facebookKeySaved: z.boolean(),
    targets: z.object({ twitch: TargetStatusSchema, youtube: TargetStatusSchema, facebook: TargetStatusSchema }),
  })
  .meta({ id: "RestreamConfig" });
export type RestreamConfig = z.infer<typeof RestreamConfigSchema>;
