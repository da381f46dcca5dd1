import { z } from "zod";

const SOCIAL_DOMAINS = {
  facebook: ["facebook.com", "fb.com"],
  instagram: ["instagram.com"],
  youtube: ["youtube.com", "youtu.be"],
} as const;
const HANDLE = /^@?[A-Za-z0-9._-]{1,100}$/;

/** Absent: unchanged; "" or null: cleared; otherwise checked (a union would hide the field's own message). */
function optional<T extends z.ZodType<string | null>>(schema: T) {
  return z.preprocess((value) => (value === "" ? null : value), schema.nullable()).optional();
}

/** A handle becomes the platform's profile address; a full address must be on the platform's own domain. */
function socialProfile(platform: keyof typeof SOCIAL_DOMAINS) {
  const code = `${platform}_invalid`;
  return z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (HANDLE.test(value) && !value.includes("..")) return `https://www.${SOCIAL_DOMAINS[platform][0]}/${value.replace(/^@/, platform === "youtube" ? "@" : "")}`;
      try {
        const url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
        const host = url.hostname.replace(/^(www|m)\./, "");
        if (SOCIAL_DOMAINS[platform].some((domain) => host === domain) && url.pathname.length > 1) return `https://www.${host}${url.pathname}`.replace(/\/$/, "");
      } catch {
        // falls through to the field's message
      }
      ctx.addIssue({ code: "custom", message: code });
      return z.NEVER;
    });
}

function AccessInputSchema<const Modes extends readonly [string, ...string[]]>(modes: Modes) {
  return z.object({ mode: z.enum(modes), eventId: z.number().int().positive().nullable().optional(), tournamentId: z.number().int().positive().nullable().optional() });
}

const AccessSchema = <const Modes extends readonly [string, ...string[]]>(modes: Modes) => z.object({ mode: z.enum(modes), eventId: z.number().nullable(), tournamentId: z.number().nullable() });
const ChoiceSchema = z.object({ id: z.number(), name: z.string() });

export const ChannelSettingsInputSchema = z.object({
  paypalme: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,20}$/, "paypalme_invalid"),
  ),
  about: z.string().trim().max(1000, "about_too_long").optional(),
  /** Whether the bracket's lines (a tournament match at a station this channel streams) appear in the chat (issue 18). */
  bracketMessages: z.boolean().optional(),
  /** Whether members may clip this channel's lives and replays (issue 19, item 4). */
  clips: z.boolean().optional(),
  /** Who may watch the live, and who may write in its chat (issue 18, item 4); the event or tournament the mode names. */
  watch: AccessInputSchema(["everyone", "members", "ticket", "entrants"]).optional(),
  chat: AccessInputSchema(["everyone", "followers", "ticket", "entrants"]).optional(),
  facebook: optional(socialProfile("facebook")),
  instagram: optional(socialProfile("instagram")),
  youtube: optional(socialProfile("youtube")),
  // Twitter keeps only the handle (spec 01 §5).
  twitter: optional(
    z
      .string()
      .trim()
      .transform((v) => v.replace(/^@/, ""))
      .pipe(z.string().regex(/^[A-Za-z0-9_]{1,15}$/, "twitter_invalid")),
  ),
  website: optional(
    z
      .string()
      .trim()
      .transform((value, ctx) => {
        try {
          const url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
          if (/^https?:$/.test(url.protocol) && (url.hostname.includes(".") || url.hostname === "localhost")) return url.toString().replace(/\/$/, "");
        } catch {
          // falls through
        }
        ctx.addIssue({ code: "custom", message: "website_invalid" });
        return z.NEVER;
      }),
  ),
});
export type ChannelSettingsInput = z.infer<typeof ChannelSettingsInputSchema>;

const SocialSchema = z.object({
  facebook: z.string().nullable(),
  twitter: z.string().nullable(),
  instagram: z.string().nullable(),
  youtube: z.string().nullable(),
  website: z.string().nullable(),
});

export const ChannelSettingsSchema = z.object({
  success: z.literal(true),
  paypalme: z.string().nullable(),
  about: z.string(),
  social: SocialSchema,
  bracketMessages: z.boolean(),
  clips: z.boolean(),
  watch: AccessSchema(["everyone", "members", "ticket", "entrants"]),
  chat: AccessSchema(["everyone", "followers", "ticket", "entrants"]),
  /** What the rules may name: events the streamer organises or is assigned to, tournaments they run, stream a station of, or that such an event links. */
  accessChoices: z.object({ events: z.array(ChoiceSchema), tournaments: z.array(ChoiceSchema) }),
});

export const ProfileSchema = z.object({
  success: z.literal(true),
  id: z.number(),
  _id: z.number(),
  username: z.string(),
  avatar: z.string().nullable(),
  banner: z.string().nullable(),
  about: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
  paypalme: z.string().nullable(),
  social: SocialSchema,
  followers: z.number(),
  isFollowed: z.boolean(),
  isLive: z.boolean(),
  channelArn: z.string().nullable(),
});
export type ChannelSettings = z.infer<typeof ChannelSettingsSchema>;
export const ChannelSettingsSavedResponseSchema = ChannelSettingsSchema.extend({ message: z.string() });
export type ChannelSettingsSaved = z.infer<typeof ChannelSettingsSavedResponseSchema>;
export type Profile = z.infer<typeof ProfileSchema>;
