import { z } from "zod";

// OBS overlays (issue 36, item 4): a streamer's browser sources, opened by a secret address without a session.

/** What an alert announces, on the overlay of the streamer it concerns. */
export const OVERLAY_ALERT_KINDS = ["follow", "ticket", "raid", "match_won"] as const;
export type OverlayAlertKind = (typeof OVERLAY_ALERT_KINDS)[number];

/**
 * One alert: `name` is who (the follower, the raider, the winner) or what (the ticket's name); `detail` what goes with
 * it (the event, the tournament); `score` a won match's ("2 – 1"); `count` the raiders.
 */
const OverlayAlertSchema = z
  .object({
    kind: z.enum(OVERLAY_ALERT_KINDS),
    name: z.string(),
    detail: z.string(),
    score: z.string(),
    count: z.number().int().min(0),
  })
  .meta({ id: "OverlayAlert" });
export type OverlayAlert = z.infer<typeof OverlayAlertSchema>;

/** The overlays' one secret (the streamer's settings), with the switch of the alerts' sound. */
export const OverlaySettingsSchema = z.object({ success: z.literal(true), secret: z.string(), sound: z.boolean() });
export const OverlayUpdateSchema = z.object({ sound: z.boolean({ error: "invalid_input" }) });
export const OverlayTestAlertSchema = z.object({ kind: z.enum(OVERLAY_ALERT_KINDS, { error: "invalid_input" }) });

/** A secret address's part; one of another shape is an address that does not exist (404), as an old one is. */
export const OverlaySecretParamSchema = z.object({ secret: z.string().max(64) });
/** The score bug's match: the channel's station (nothing given), another station, or a match of a tournament. */
export const ScoreBugQuerySchema = z.object({
  station: z.coerce.number().int().positive().optional(),
  match: z
    .string()
    .regex(/^\d+-\d+$/, "match_not_found")
    .optional(),
});

/** What an overlay page shows of its streamer, and where its chat is. */
export const OverlayChannelSchema = z.object({
  success: z.literal(true),
  username: z.string(),
  avatar: z.string().nullable(),
  /** The channel's chat room (a stream's `_id`), for the chat overlay. */
  streamID: z.string(),
  title: z.string(),
  isLive: z.boolean(),
  sound: z.boolean(),
});
export type OverlayChannel = z.infer<typeof OverlayChannelSchema>;

const ScorePlayerSchema = z.object({ name: z.string(), avatar: z.string().nullable(), score: z.number() });
/**
 * A score bug's match: players and scores, round, format, station; null when there is none. `playing`: started;
 * `finished`: its result is final (the winner is the one with more).
 */
export const ScoreBugSchema = z.object({
  success: z.literal(true),
  match: z
    .object({
      id: z.string(),
      tournament: z.object({ id: z.number(), name: z.string() }),
      format: z.string(),
      round: z.string(),
      station: z.string().nullable(),
      playing: z.boolean(),
      finished: z.boolean(),
      players: z.array(ScorePlayerSchema),
    })
    .nullable(),
});
export type ScoreBug = z.infer<typeof ScoreBugSchema>;
