import { z } from "zod";
import { ReplaySchema } from "../replays/schemas.ts";
import { numeric } from "../../shared/numeric.ts";
import { FORMATS, maxSwissRounds, SIZES, SWISS_TIE_BREAKS, toScore } from "../../shared/tournaments.ts";

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
    format: z.enum(FORMATS, { error: "tournament_format_invalid" }),
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
    // Swiss only (issue 19): empty for ceil(log2 n) rounds; the top cut, 0 for none.
    swissRounds: numeric(z.number({ error: "swiss_rounds_invalid" }).int("swiss_rounds_invalid").min(1, "swiss_rounds_invalid").optional()),
    topCut: numeric(z.union([z.literal(0), z.literal(4), z.literal(8)], { error: "top_cut_invalid" }).optional()),
  })
  .refine((t) => SIZES[t.format].includes(t.size), { path: ["size"], message: "tournament_size_invalid" })
  .refine((t) => t.swissRounds === undefined || t.swissRounds <= maxSwissRounds(t.size), { path: ["swissRounds"], message: "swiss_rounds_invalid" })
  .refine((t) => !t.topCut || t.topCut < t.size, { path: ["topCut"], message: "top_cut_invalid" })
  .refine((t) => !t.startDate || !t.endDate || t.endDate >= t.startDate, { path: ["endDate"], message: "tournament_dates_invalid" });
export type CreateTournamentInput = z.infer<typeof CreateTournamentSchema>;

export const UpdateTournamentSchema = z
  .object({
    tournrmentName: z.string().trim().min(3, "tournament_name_too_short").max(100, "text_too_long").optional(),
    prize: z.string().trim().max(200, "text_too_long").optional(),
    description: z.string().trim().max(5000, "text_too_long").optional(),
    rules: z.string().trim().max(10000, "text_too_long").optional(),
    structure: z.enum(FORMATS, { error: "tournament_format_invalid" }).optional(),
    // Checked against the structure and the approved players in the service, which knows both.
    size: numeric(z.number({ error: "tournament_size_invalid" }).int("tournament_size_invalid")).optional(),
    discipline: z.string().trim().max(100, "text_too_long").optional(),
    startDate: isoDate,
    endDate: isoDate,
    timeZone: timeZone.optional(),
    cover: z.any().optional(),
    poster: z.any().optional(),
    // Swiss only (issue 19), before the start; an empty rounds field goes back to ceil(log2 n). Checked against the size in the service.
    swissRounds: z.preprocess((v) => (v === "" ? null : v), numeric(z.number({ error: "swiss_rounds_invalid" }).int("swiss_rounds_invalid").min(1, "swiss_rounds_invalid").nullable().optional())),
    topCut: numeric(z.union([z.literal(0), z.literal(4), z.literal(8)], { error: "top_cut_invalid" }).optional()),
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
/** The tied players the organiser puts through the top cut (user ids), as many as the places left. */
export const TopCutChoiceSchema = z.object({
  playerIds: z
    .array(z.number({ error: "top_cut_choice_invalid" }).int().positive(), { error: "top_cut_choice_invalid" })
    .min(1, "top_cut_choice_invalid")
    .max(64, "top_cut_choice_invalid"),
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

const TeamSchema = z.object({ player: z.object({ name: z.string(), avatar: z.string().nullable() }).nullable(), playerID: z.number().nullable(), score: z.number().nullable() });
/** The channel that streams a station, named by its streamer; `isLive` while that channel is on air. */
const StationChannelSchema = z.object({ username: z.string(), avatar: z.string().nullable(), isLive: z.boolean() }).meta({ id: "StationChannel" });
/** A station as a match card shows it (issue 18). */
const StationRefSchema = z.object({ id: z.number(), name: z.string(), channel: StationChannelSchema.nullable() }).meta({ id: "StationRef" });
export type StationRef = z.infer<typeof StationRefSchema>;
/** A match's own replay (issue 18, item 3): `partial` when the live did not cover the whole match. */
const MatchReplayRefSchema = z.object({ id: z.number(), status: z.enum(["processing", "ready", "failed"]), partial: z.boolean() }).meta({ id: "MatchReplayRef" });
export type MatchReplayRef = z.infer<typeof MatchReplayRefSchema>;
/**
 * `station`: where the match is being played, or null (issue 18); `playedAt`: once finished, the name of
 * the station it was played at (issue 34, item 6), or null; `replay`: its match replay, or null.
 */
export const SeedSchema = z
  .object({
    id: z.string(),
    playing: z.boolean(),
    finished: z.boolean(),
    teams: z.array(TeamSchema),
    station: StationRefSchema.nullable(),
    playedAt: z.string().nullable(),
    replay: MatchReplayRefSchema.nullable(),
  })
  .meta({ id: "Seed" });
const RoundSchema = z.object({ title: z.string(), seeds: z.array(SeedSchema) }).meta({ id: "Round" });
export type Round = z.infer<typeof RoundSchema>;
export type Seed = z.infer<typeof SeedSchema>;

const IsoDate = z.string().describe("ISO 8601");
export const StructureSchema = z.enum(FORMATS);

/** The bracket as the screens draw it: rounds of seeds, or the two brackets of a double elimination. */
const BracketDataSchema = z.union([z.array(RoundSchema), z.object({ winnerBracket: z.array(RoundSchema), LoserBracket: z.array(RoundSchema) })]).meta({ id: "BracketData" });
export type BracketData = z.infer<typeof BracketDataSchema>;

/**
 * A tournament as cards and pages read it. Several fields repeat under the other spellings the
 * screens of spec 02 use (`tournametName`, `PosterImg`, `Active`…). `posterImg` falls back to the game's artwork.
 */
export const TournamentSummaryResponseSchema = z
  .object({
    id: z.number(),
    _id: z.number(),
    name: z.string(),
    tournametName: z.string(),
    tournrmentName: z.string(),
    PosterImg: z.string().nullable(),
    posterImg: z.string().nullable(),
    coverImg: z.string().nullable(),
    cover: z.string().nullable(),
    structure: StructureSchema,
    size: z.number(),
    numberOfPlayers: z.number(),
    isActive: z.boolean(),
    Active: z.boolean(),
    isFinished: z.boolean(),
    isTeam: z.boolean(),
    teamSize: z.number(),
    gameID: z.number().nullable(),
    gameId: z.number().nullable(),
    gameName: z.string(),
    gameMode: z.string(),
    discipline: z.string(),
    description: z.string(),
    attentionNote: z.string(),
    rules: z.string(),
    howItWorks: z.string(),
    prize: z.string(),
    startDate: IsoDate.nullable(),
    endDate: IsoDate.nullable(),
    timezone: z.string(),
    stream: z.boolean(),
    adminId: z.number(),
    admin: z.object({ id: z.number(), username: z.string(), avatar: z.string().nullable() }).nullable(),
    championId: z.number().nullable(),
    viewCount: z.number(),
    createdAt: IsoDate,
    /** Swiss (issue 19): the rounds chosen (null: ceil(log2 n) at the start) and the top cut (0: none). */
    swissRounds: z.number().nullable(),
    topCut: z.number(),
    /** Check-in (issue 19): the window, null without one; `checkInClosedAt` once its no-shows were dropped. */
    checkInOpensAt: IsoDate.nullable(),
    checkInClosesAt: IsoDate.nullable(),
    checkInClosedAt: IsoDate.nullable(),
  })
  .meta({ id: "TournamentSummary" });
export type TournamentSummary = z.infer<typeof TournamentSummaryResponseSchema>;
export const TournamentListResponseSchema = z.array(TournamentSummaryResponseSchema);
export type TournamentList = z.infer<typeof TournamentListResponseSchema>;

export const TournamentResponseSchema = TournamentSummaryResponseSchema.extend({ bracket: BracketDataSchema }).meta({ id: "Tournament" });
export type Tournament = z.infer<typeof TournamentResponseSchema>;

/** The tournament page: the viewer's own standing in it. */
export const TournamentForViewerResponseSchema = TournamentResponseSchema.extend({ isJoined: z.boolean(), userApproved: z.boolean(), isAdmin: z.boolean(), checkedIn: z.boolean() }).meta({
  id: "TournamentForViewer",
});
export type TournamentForViewer = z.infer<typeof TournamentForViewerResponseSchema>;

/** A participant; `email` is empty unless the viewer manages the tournament, `rank` null while still in the running. */
const TournamentPlayerResponseSchema = z
  .object({
    id: z.number(),
    userId: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    avatar: z.string().nullable(),
    email: z.string(),
    rank: z.number().nullable(),
    rankLabel: z.string().nullable(),
    status: z.enum(["pending", "approved"]),
    /** Checked in for the tournament's check-in (issue 19). */
    checkedIn: z.boolean(),
  })
  .meta({ id: "TournamentPlayer" });
export type TournamentPlayer = z.infer<typeof TournamentPlayerResponseSchema>;
export const TournamentPlayerListResponseSchema = z.array(TournamentPlayerResponseSchema);
export type TournamentPlayerList = z.infer<typeof TournamentPlayerListResponseSchema>;

/** A row of the round-robin table; `flag` is the player's avatar. */
const StandingResponseSchema = z
  .object({
    rank: z.number(),
    shared: z.boolean(),
    flag: z.string().nullable(),
    name: z.string(),
    playerID: z.number(),
    matchPlayed: z.number(),
    won: z.number(),
    loss: z.number(),
    draw: z.number(),
    pts: z.number(),
    scoreFor: z.number(),
    scoreAgainst: z.number(),
  })
  .meta({ id: "Standing" });
export type Standing = z.infer<typeof StandingResponseSchema>;
export const StandingListResponseSchema = z.array(StandingResponseSchema);
export type StandingList = z.infer<typeof StandingListResponseSchema>;

/**
 * A row of the Swiss table (issue 19): one point a win, a bye counting as one; Buchholz sums the
 * opponents' points, Sonneborn-Berger the beaten opponents' points, opponents' Buchholz the
 * opponents' Buchholz. `tieBreak` names what set the place apart from players level on points
 * (issue 34, item 5), null when points alone did.
 */
const SwissStandingResponseSchema = z
  .object({
    rank: z.number(),
    shared: z.boolean(),
    flag: z.string().nullable(),
    name: z.string(),
    playerID: z.number(),
    played: z.number(),
    won: z.number(),
    lost: z.number(),
    byes: z.number(),
    pts: z.number(),
    buchholz: z.number(),
    sonnebornBerger: z.number(),
    opponentsBuchholz: z.number(),
    tieBreak: z.enum(SWISS_TIE_BREAKS).nullable(),
  })
  .meta({ id: "SwissStanding" });
/** Players level across the top cut's line after every tie-break: the organiser picks `places` of them. */
const SwissCutTieSchema = z.object({ places: z.number(), players: z.array(z.object({ playerID: z.number(), name: z.string(), flag: z.string().nullable() })) }).meta({ id: "SwissCutTie" });
/**
 * The Swiss table and where the tournament stands: rounds played of how many, the top cut once drawn,
 * and `cutTie` while the cut waits for the organiser to settle a tie on its line.
 */
export const SwissTableResponseSchema = z.object({
  rows: z.array(SwissStandingResponseSchema),
  rounds: z.number(),
  roundsPlayed: z.number(),
  topCut: z.number(),
  cutDrawn: z.boolean(),
  cutTie: SwissCutTieSchema.nullable(),
});
export type SwissTable = z.infer<typeof SwissTableResponseSchema>;

/** `progress` is the share of matches finished, 0 to 1. */
export const RoundsResponseSchema = z.object({ data: BracketDataSchema, structure: StructureSchema, adminId: z.number(), progress: z.number(), championId: z.number().nullable() });
export type Rounds = z.infer<typeof RoundsResponseSchema>;

/** The organiser's download; `standings` only for a round robin. */
export const TournamentExportResponseSchema = z.object({
  exportedAt: IsoDate,
  tournament: TournamentResponseSchema,
  players: TournamentPlayerListResponseSchema,
  standings: StandingListResponseSchema.optional(),
});

export const TournamentDoneResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type TournamentDone = z.infer<typeof TournamentDoneResponseSchema>;
export const TournamentJoinedResponseSchema = TournamentDoneResponseSchema.extend({ status: z.enum(["approved", "pending"]) });
export type TournamentJoined = z.infer<typeof TournamentJoinedResponseSchema>;
export const TournamentCreatedResponseSchema = z.object({ success: z.literal(true), id: z.number(), _id: z.number(), tournamentId: z.number() });
export type TournamentCreated = z.infer<typeof TournamentCreatedResponseSchema>;
export const TournamentAdminFlagResponseSchema = z.object({ isAdmin: z.boolean() });
export type TournamentAdminFlag = z.infer<typeof TournamentAdminFlagResponseSchema>;

// Stations (issue 18): where matches are played, and the channels that stream them.

const StationName = z.string({ error: "station_name_invalid" }).trim().min(1, "station_name_invalid").max(40, "station_name_invalid");
/** The streaming channel, by its streamer's username; null or "" for a station nobody streams. */
const StationChannelName = z
  .string()
  .trim()
  .max(50, "channel_unknown")
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null));
export const StationCreateSchema = z.object({ name: StationName, channel: StationChannelName });
export type StationCreate = z.infer<typeof StationCreateSchema>;
export const StationUpdateSchema = z.object({ name: StationName.optional(), channel: StationChannelName });
export type StationUpdate = z.infer<typeof StationUpdateSchema>;
/** null takes the station's match off it. */
export const StationAssignSchema = z.object({ matchID: MatchIdSchema.nullable() });
export const AutoAssignSchema = z.object({ autoAssign: z.boolean({ error: "invalid_input" }) });
export const StationParamSchema = z.object({ id: numeric(z.number().int().positive()), stationId: numeric(z.number().int().positive()) });

/**
 * `requestedChannel`: a channel the organiser asked for and whose streamer has not answered (issue 34, item 17);
 * it streams nothing meanwhile. Shown to the tournament's managers only, null to everyone else.
 */
export const StationSchema = StationRefSchema.extend({
  matchID: z.string().nullable(),
  match: SeedSchema.nullable(),
  requestedChannel: z.object({ username: z.string() }).nullable(),
}).meta({ id: "Station" });
export type Station = z.infer<typeof StationSchema>;
export const StationListResponseSchema = z.object({ autoAssign: z.boolean(), stations: z.array(StationSchema) });
export type StationList = z.infer<typeof StationListResponseSchema>;
export const StationSavedResponseSchema = TournamentDoneResponseSchema.extend({ station: StationSchema });
export type StationSaved = z.infer<typeof StationSavedResponseSchema>;
/** A streamer's answer to an organiser asking their channel for a station; false also leaves a station they stream. */
export const StationAnswerSchema = z.object({ accept: z.boolean({ error: "invalid_input" }) });
/** The stations whose organisers ask for the caller's channel. */
export const StationRequestsResponseSchema = z.object({
  requests: z.array(
    z.object({
      tournament: z.object({ id: z.number(), name: z.string() }),
      station: z.object({ id: z.number(), name: z.string() }),
      organiser: z.string(),
    }),
  ),
});
export type StationRequests = z.infer<typeof StationRequestsResponseSchema>;
/** What a channel's stream page shows: the match on the station it streams, or null. */
export const ChannelMatchResponseSchema = z.object({
  onAir: z.object({ tournament: z.object({ id: z.number(), name: z.string() }), station: StationSchema }).nullable(),
});
export type ChannelMatch = z.infer<typeof ChannelMatchResponseSchema>;

// Check-in (issue 19, item 2).

/** Minutes before the start the window opens; null takes the window away. */
export const CheckInWindowSchema = z.object({
  minutesBefore: z.number({ error: "checkin_window_invalid" }).int("checkin_window_invalid").min(5, "checkin_window_invalid").max(1440, "checkin_window_invalid").nullable(),
});
export const DeskCheckInSchema = z.object({ checkedIn: z.boolean({ error: "invalid_input" }) });
export const TicketCheckInSchema = z.object({ code: z.string({ error: "checkin_ticket_unknown" }).trim().min(1, "checkin_ticket_unknown").max(100, "checkin_ticket_unknown") });
export const CheckInParticipantParamSchema = z.object({ id: numeric(z.number().int().positive()), participantId: numeric(z.number().int().positive()) });
export const TicketCheckedInResponseSchema = TournamentDoneResponseSchema.extend({ username: z.string() });
export type TicketCheckedIn = z.infer<typeof TicketCheckedInResponseSchema>;
export const CheckInClosedResponseSchema = TournamentDoneResponseSchema.extend({ dropped: z.number() });
export type CheckInClosed = z.infer<typeof CheckInClosedResponseSchema>;
/** The score of a match being played (issue 18); non-numeric scores count as 0, as in set-winner. */
export const MatchScoreSchema = z.object({ scorePlayer1: z.unknown().transform((v) => toScore(v)), scorePlayer2: z.unknown().transform((v) => toScore(v)) });
export const MatchParamSchema = z.object({ id: numeric(z.number().int().positive()), matchID: MatchIdSchema });
export const TournamentReplaysResponseSchema = z.object({ replays: z.array(ReplaySchema) });
export type TournamentReplays = z.infer<typeof TournamentReplaysResponseSchema>;
