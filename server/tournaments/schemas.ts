import { z } from "zod";
import { SIZES } from "./engine.ts";
import { numeric } from "../http/numbers.ts";

const flagInput = z.union([z.boolean(), z.enum(["true", "false", "1", "0", "on", ""])]).optional();
const isOn = (v: boolean | string) => v === true || v === "true" || v === "1" || v === "on";
const flag = flagInput.transform((v) => v !== undefined && isOn(v));
/** A box ticked unless the form says otherwise. */
const flagDefaultOn = flagInput.transform((v) => v === undefined || isOn(v));
const text = (max: number) => z.string().trim().max(max, "text_too_long").optional().default("");
const isoDate = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    if (Number.isNaN(Date.parse(v))) {
      ctx.addIssue({ code: "custom", message: "date_invalid" });
      return z.NEVER;
    }
    return new Date(v).toISOString();
  });
const timeZones = new Set(["UTC", ...Intl.supportedValuesOf("timeZone")]);
const timeZone = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || "UTC")
  .refine((v) => timeZones.has(v), "timezone_invalid");

/** Multipart fields arrive as strings; spellings are the contract's (spec 02 §3). */
export const CreateTournamentSchema = z
  .object({
    tournamentName: z.string({ error: "tournament_name_too_short" }).trim().min(3, "tournament_name_too_short").max(100, "text_too_long"),
    format: z.enum(["s_elim", "d_elim", "robin"], { error: "tournament_format_invalid" }),
    size: numeric(z.number({ error: "tournament_size_invalid" }).int("tournament_size_invalid")),
    isTeam: flag,
    teamSize: numeric(z.number().int().min(1).max(10).optional().default(1)),
    gameID: numeric(z.number({ error: "tournament_game_required" }).int("tournament_game_required").positive("tournament_game_required")),
    gameName: text(100),
    gameMode: text(100),
    // The stream box is ticked by default on the form (spec 02 §5).
    stream: flagDefaultOn,
    description: text(5000),
    rules: text(10000),
    prize: text(200),
    attentionNote: text(5000),
    howItWorks: text(10000),
    startDate: isoDate,
    endDate: isoDate,
    timeZone,
    file: z.any().optional(),
  })
  .refine((t) => SIZES[t.format].includes(t.size), { path: ["size"], message: "tournament_size_invalid" })
  .refine((t) => !t.startDate || !t.endDate || t.endDate >= t.startDate, { path: ["endDate"], message: "tournament_dates_invalid" });
export type CreateTournamentInput = z.infer<typeof CreateTournamentSchema>;

export const UpdateTournamentSchema = z
  .object({
    tournrmentName: z.string().trim().min(3, "tournament_name_too_short").max(100, "text_too_long").optional(),
    prize: z.string().trim().max(200, "text_too_long").optional(),
    description: z.string().trim().max(5000, "text_too_long").optional(),
    rules: z.string().trim().max(10000, "text_too_long").optional(),
    structure: z.enum(["s_elim", "d_elim", "robin"], { error: "tournament_format_invalid" }).optional(),
    // Checked against the structure and the approved players in the service, which knows both.
    size: numeric(z.number({ error: "tournament_size_invalid" }).int("tournament_size_invalid")).optional(),
    discipline: z.string().trim().max(100, "text_too_long").optional(),
    startDate: isoDate,
    endDate: isoDate,
    timeZone: timeZone.optional(),
    cover: z.any().optional(),
    poster: z.any().optional(),
  })
  .refine((t) => !t.startDate || !t.endDate || t.endDate >= t.startDate, { path: ["endDate"], message: "tournament_dates_invalid" });
export type UpdateTournamentInput = z.infer<typeof UpdateTournamentSchema>;

export const TournamentIdParamSchema = z.object({ id: numeric(z.number().int().positive()) });
const Id = numeric(z.number({ error: "invalid_input" }).int().positive());
export const TournamentPlayerBodySchema = z.object({ tournmentID: Id, PlayerID: Id.optional() });
export const StartTournamentSchema = z.object({
  tournmentID: Id,
  /** The organiser's seeding: player ids (users) best first. Join order when absent. */
  seeding: z.array(z.number().int().positive()).optional(),
});
/** Match ids read "{tournamentId}-{matchNumber}": unique across tournaments, as the start-match path needs. */
export const MatchIdSchema = z.string().regex(/^\d+-\d+$/, "match_not_found");
export const SetWinnerSchema = z.object({
  matchID: MatchIdSchema,
  winnerID: numeric(z.number().int().positive().optional()),
  tournmentID: Id,
  // Non-numeric scores count as 0 (spec 02 §4).
  scorePlayer1: z.unknown().transform((v) => toScore(v)),
  scorePlayer2: z.unknown().transform((v) => toScore(v)),
});

function toScore(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
}

export const TeamSchema = z.object({ player: z.object({ name: z.string(), avatar: z.string().nullable() }).nullable(), playerID: z.number().nullable(), score: z.number().nullable() });
export const SeedSchema = z.object({ id: z.string(), playing: z.boolean(), finished: z.boolean(), teams: z.array(TeamSchema) });
export const RoundSchema = z.object({ title: z.string(), seeds: z.array(SeedSchema) });
export type Round = z.infer<typeof RoundSchema>;
export type Seed = z.infer<typeof SeedSchema>;
