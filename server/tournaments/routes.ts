import { createRoute } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { imageKinds, tooLarge } from "../http/images.ts";
import { errors, formBody, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { translate } from "../i18n/messages.ts";
import {
  AutoAssignSchema,
  CheckInClosedResponseSchema,
  CheckInParticipantParamSchema,
  CheckInWindowSchema,
  DeskCheckInSchema,
  TicketCheckedInResponseSchema,
  TicketCheckInSchema,
  ChannelMatchResponseSchema,
  CreateTournamentSchema,
  MatchIdSchema,
  MatchParamSchema,
  MatchScoreSchema,
  RoundsResponseSchema,
  SetWinnerSchema,
  StandingListResponseSchema,
  StartTournamentSchema,
  SwissTableResponseSchema,
  TopCutChoiceSchema,
  StationAnswerSchema,
  StationAssignSchema,
  StationCreateSchema,
  StationListResponseSchema,
  StationParamSchema,
  StationRequestsResponseSchema,
  StationSavedResponseSchema,
  StationUpdateSchema,
  TournamentAdminFlagResponseSchema,
  TournamentCreatedResponseSchema,
  TournamentDoneResponseSchema,
  TournamentExportResponseSchema,
  TournamentForViewerResponseSchema,
  TournamentIdParamSchema,
  TournamentJoinedResponseSchema,
  TournamentListResponseSchema,
  TournamentPlayerBodySchema,
  TournamentPlayerListResponseSchema,
  TournamentReplaysResponseSchema,
  TournamentResponseSchema,
  UpdateTournamentSchema,
} from "./schemas.ts";
import { tournamentReplays } from "../replays/service.ts";
import * as commands from "./commands.ts";
import * as queries from "./queries.ts";
import * as stations from "./stations.ts";
import * as checkin from "./checkin.ts";
import { numeric } from "../../shared/numeric.ts";

const tags = ["Tournaments"];
const owner = { security: secured, middleware: [requireUser] };
const Ok = TournamentDoneResponseSchema;
const uploads = bodyLimit({
  maxSize: 2 * imageKinds.poster.maxBytes + 256 * 1024,
  onError: () => {
    throw tooLarge(imageKinds.poster);
  },
});

const r = {
  all: createRoute({ method: "get", path: "/all", tags, summary: "Every tournament, newest first", responses: { 200: jsonResponse(TournamentListResponseSchema, "Tournaments") } }),
  myTournaments: createRoute({
    method: "get",
    path: "/my-tournaments",
    tags,
    summary: "Tournaments the caller organises; ?isArchive=true for finished ones",
    ...owner,
    request: { query: z.object({ isArchive: z.enum(["true", "false"]).optional() }) },
    responses: { 200: jsonResponse(TournamentListResponseSchema, "Tournaments"), 401: errors[401] },
  }),
  byStreamer: createRoute({
    method: "get",
    path: "/by-streamer/{userId}",
    tags,
    summary: "The tournament a streamer runs (for the bracket under their stream)",
    request: { params: z.object({ userId: numeric(z.number().int().positive()) }) },
    responses: { 200: jsonResponse(TournamentResponseSchema, "Tournament with bracket"), 404: errors[404] },
  }),
  getTournament: createRoute({
    method: "get",
    path: "/getTournament/{id}",
    tags,
    summary: "The full tournament with isJoined and userApproved (counts a view)",
    request: { params: TournamentIdParamSchema },
    responses: { 200: jsonResponse(TournamentForViewerResponseSchema, "Tournament"), 404: errors[404] },
  }),
  isAdmin: createRoute({
    method: "get",
    path: "/is-admin/{id}",
    tags,
    summary: "Whether the caller manages this tournament",
    request: { params: TournamentIdParamSchema },
    responses: { 200: jsonResponse(TournamentAdminFlagResponseSchema, "Flag"), 404: errors[404] },
  }),
  players: createRoute({
    method: "get",
    path: "/players/getPlayers/{id}",
    tags,
    summary: "Participants (emails for the organiser only)",
    request: { params: TournamentIdParamSchema },
    responses: { 200: jsonResponse(TournamentPlayerListResponseSchema, "Participants"), 404: errors[404] },
  }),
  approve: createRoute({
    method: "put",
    path: "/approve-player",
    tags,
    summary: "Approve a pending participant (organiser)",
    ...owner,
    request: { body: jsonBody(TournamentPlayerBodySchema.required({ PlayerID: true })) },
    responses: { 200: jsonResponse(Ok, "Approved"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  deletePlayer: createRoute({
    method: "delete",
    path: "/player/{playerId}",
    tags,
    summary: "Remove a participant (organiser)",
    ...owner,
    request: { params: z.object({ playerId: numeric(z.number().int().positive()) }) },
    responses: { 200: jsonResponse(Ok, "Removed"), 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  create: createRoute({
    method: "post",
    path: "/create-tournament",
    tags,
    summary: "Create a tournament (multipart, poster in `file`)",
    security: secured,
    middleware: [requireUser, uploads] as const,
    request: { body: formBody(CreateTournamentSchema) },
    responses: { 201: jsonResponse(TournamentCreatedResponseSchema, "Created"), 400: errors[400], 401: errors[401], 413: errors[413] },
  }),
  update: createRoute({
    method: "put",
    path: "/update-tournament/{id}",
    tags,
    summary: "Edit a tournament (multipart; organiser); the size only before the start, never below the approved players",
    security: secured,
    middleware: [requireUser, uploads] as const,
    request: { params: TournamentIdParamSchema, body: formBody(UpdateTournamentSchema) },
    responses: { 200: jsonResponse(Ok, "Saved"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  start: createRoute({
    method: "post",
    path: "/start-tournament",
    tags,
    summary: "Start: only when full and not active (organiser)",
    ...owner,
    request: { body: jsonBody(StartTournamentSchema) },
    responses: { 200: jsonResponse(Ok, "Started"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  join: createRoute({
    method: "post",
    path: "/join-tournament",
    tags,
    summary: "Join (the organiser is approved at once; others wait)",
    ...owner,
    request: { body: jsonBody(TournamentPlayerBodySchema) },
    responses: { 200: jsonResponse(TournamentJoinedResponseSchema, "Joined"), 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  leave: createRoute({
    method: "post",
    path: "/leave-tournament",
    tags,
    summary: "Leave or cancel a join request",
    ...owner,
    request: { body: jsonBody(TournamentPlayerBodySchema) },
    responses: { 200: jsonResponse(Ok, "Left"), 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  startMatch: createRoute({
    method: "post",
    path: "/start-match/{matchID}",
    tags,
    summary: "Start a match: playing, both scores 0 (organiser)",
    ...owner,
    request: { params: z.object({ matchID: MatchIdSchema }) },
    responses: { 200: jsonResponse(Ok, "Started"), 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  setWinner: createRoute({
    method: "post",
    path: "/set-winner",
    tags,
    summary: "End a match with its scores; the winner advances (organiser)",
    ...owner,
    request: { body: jsonBody(SetWinnerSchema) },
    responses: { 200: jsonResponse(Ok, "Ended"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  roundRobin: createRoute({
    method: "get",
    path: "/round-robin/{id}",
    tags,
    summary: "Round-robin standings",
    request: { params: TournamentIdParamSchema },
    responses: { 200: jsonResponse(StandingListResponseSchema, "Rows, best first"), 404: errors[404] },
  }),
  swiss: createRoute({
    method: "get",
    path: "/swiss/{id}",
    tags,
    summary: "Swiss standings (points, Buchholz), rounds played and the top cut (issue 19)",
    request: { params: TournamentIdParamSchema },
    responses: { 200: jsonResponse(SwissTableResponseSchema, "Rows, best first"), 404: errors[404] },
  }),
  topCut: createRoute({
    method: "post",
    path: "/{id}/top-cut",
    tags,
    summary: "Settle a tie on the Swiss top cut's line: the tied players who go through (organiser or admin); the cut is drawn",
    ...owner,
    request: { params: TournamentIdParamSchema, body: jsonBody(TopCutChoiceSchema) },
    responses: { 200: jsonResponse(Ok, "Cut drawn"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  rounds: createRoute({
    method: "get",
    path: "/rounds/{id}",
    tags,
    summary: "The bracket: {data, structure, adminId}",
    request: { params: TournamentIdParamSchema },
    responses: { 200: jsonResponse(RoundsResponseSchema, "Rounds"), 404: errors[404] },
  }),
  exportJson: createRoute({
    method: "get",
    path: "/export/{id}",
    tags,
    summary: "The whole tournament as JSON (organiser)",
    ...owner,
    request: { params: TournamentIdParamSchema },
    responses: { 200: jsonResponse(TournamentExportResponseSchema, "Export"), 401: errors[401], 403: errors[403], 404: errors[404] },
  }),
  remove: createRoute({
    method: "delete",
    path: "/delete/{id}",
    tags,
    summary: "Delete a tournament (organiser or admin)",
    ...owner,
    request: { params: TournamentIdParamSchema },
    responses: { 200: jsonResponse(Ok, "Deleted"), 401: errors[401], 403: errors[403], 404: errors[404] },
  }),
  onChannel: createRoute({
    method: "get",
    path: "/on-channel/{username}",
    tags,
    summary: "The match on the station a channel streams (its stream page's banner), or null",
    request: { params: z.object({ username: z.string().min(1).max(50) }) },
    responses: { 200: jsonResponse(ChannelMatchResponseSchema, "The match on air, or null") },
  }),
  stations: createRoute({
    method: "get",
    path: "/{id}/stations",
    tags,
    summary: "The stations, their channels and matches, and whether auto-assign is on",
    request: { params: TournamentIdParamSchema },
    responses: { 200: jsonResponse(StationListResponseSchema, "Stations"), 404: errors[404] },
  }),
  createStation: createRoute({
    method: "post",
    path: "/{id}/stations",
    tags,
    summary: "Declare a station, optionally streamed by a channel named by its streamer's username (organiser)",
    ...owner,
    request: { params: TournamentIdParamSchema, body: jsonBody(StationCreateSchema) },
    responses: { 201: jsonResponse(StationSavedResponseSchema, "Created"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  updateStation: createRoute({
    method: "put",
    path: "/{id}/stations/{stationId}",
    tags,
    summary: "Rename a station or change its channel (null clears it) (organiser)",
    ...owner,
    request: { params: StationParamSchema, body: jsonBody(StationUpdateSchema) },
    responses: { 200: jsonResponse(StationSavedResponseSchema, "Saved"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  removeStation: createRoute({
    method: "delete",
    path: "/{id}/stations/{stationId}",
    tags,
    summary: "Remove a station; refused while its match is being played (organiser)",
    ...owner,
    request: { params: StationParamSchema },
    responses: { 200: jsonResponse(Ok, "Removed"), 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  assignMatch: createRoute({
    method: "put",
    path: "/{id}/stations/{stationId}/match",
    tags,
    summary: "Put a match on a free station (moving it from another), or take it off with null (organiser)",
    ...owner,
    request: { params: StationParamSchema, body: jsonBody(StationAssignSchema) },
    responses: { 200: jsonResponse(StationSavedResponseSchema, "Assigned"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  stationRequests: createRoute({
    method: "get",
    path: "/station-requests",
    tags,
    summary: "The stations whose organisers ask for the caller's channel (issue 34, item 17)",
    ...owner,
    responses: { 200: jsonResponse(StationRequestsResponseSchema, "Waiting for an answer"), 401: errors[401] },
  }),
  answerStation: createRoute({
    method: "post",
    path: "/{id}/stations/{stationId}/answer",
    tags,
    summary: "The asked streamer accepts or refuses streaming the station on their channel; refusing also leaves it",
    ...owner,
    request: { params: StationParamSchema, body: jsonBody(StationAnswerSchema) },
    responses: { 200: jsonResponse(Ok, "Answered"), 400: errors[400], 401: errors[401], 404: errors[404] },
  }),
  autoAssign: createRoute({
    method: "put",
    path: "/{id}/auto-assign",
    tags,
    summary: "Turn auto-assign on (free stations take the next ready matches) or off (organiser)",
    ...owner,
    request: { params: TournamentIdParamSchema, body: jsonBody(AutoAssignSchema) },
    responses: { 200: jsonResponse(Ok, "Saved"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
  }),
  checkInWindow: createRoute({
    method: "put",
    path: "/{id}/check-in",
    tags,
    summary: "Set the check-in window: minutesBefore the start up to the start; null removes it (organiser)",
    ...owner,
    request: { params: TournamentIdParamSchema, body: jsonBody(CheckInWindowSchema) },
    responses: { 200: jsonResponse(Ok, "Saved"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  checkIn: createRoute({
    method: "post",
    path: "/{id}/check-in",
    tags,
    summary: "Check in: an approved entrant, while the window is open",
    ...owner,
    request: { params: TournamentIdParamSchema },
    responses: { 200: jsonResponse(Ok, "Checked in"), 401: errors[401], 404: errors[404], 409: errors[409] },
  }),
  closeCheckIn: createRoute({
    method: "post",
    path: "/{id}/check-in/close",
    tags,
    summary: "Close the check-in now: entrants not checked in are dropped (organiser)",
    ...owner,
    request: { params: TournamentIdParamSchema },
    responses: { 200: jsonResponse(CheckInClosedResponseSchema, "Closed"), 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  ticketCheckIn: createRoute({
    method: "post",
    path: "/{id}/check-in/ticket",
    tags,
    summary: "The desk checks in the holder of an event ticket of this tournament (organiser)",
    ...owner,
    request: { params: TournamentIdParamSchema, body: jsonBody(TicketCheckInSchema) },
    responses: { 200: jsonResponse(TicketCheckedInResponseSchema, "Checked in"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  deskCheckIn: createRoute({
    method: "put",
    path: "/{id}/check-in/{participantId}",
    tags,
    summary: "The desk checks an approved entrant in or back out, until the start (organiser)",
    ...owner,
    request: { params: CheckInParticipantParamSchema, body: jsonBody(DeskCheckInSchema) },
    responses: { 200: jsonResponse(Ok, "Saved"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  matchScore: createRoute({
    method: "put",
    path: "/{id}/matches/{matchID}/score",
    tags,
    summary: "Set the score of a match being played; set-winner ends it (organiser)",
    ...owner,
    request: { params: MatchParamSchema, body: jsonBody(MatchScoreSchema) },
    responses: { 200: jsonResponse(Ok, "Saved"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  matchReplays: createRoute({
    method: "get",
    path: "/{id}/replays",
    tags,
    summary: "The tournament's match replays, newest first",
    request: { params: TournamentIdParamSchema },
    responses: { 200: jsonResponse(TournamentReplaysResponseSchema, "Replays") },
  }),
  byId: createRoute({
    method: "get",
    path: "/{id}",
    tags,
    summary: "A tournament with its structure, bracket and adminId",
    request: { params: TournamentIdParamSchema },
    responses: { 200: jsonResponse(TournamentResponseSchema, "Tournament"), 404: errors[404] },
  }),
};

export function tournamentRoutes(deps: AppDeps) {
  const ok = (lang: "fr" | "en", key: string) => ({ success: true as const, message: translate(lang, `tournaments:${key}`) });
  return (
    newRouter()
      .openapi(r.all, async (c) => c.json(await queries.listTournaments(deps), 200))
      // Before "/{id}", which would take its name for an id.
      .openapi(r.stationRequests, async (c) => c.json(await stations.stationRequests(deps, currentUser(c)), 200))
      .openapi(r.myTournaments, async (c) => c.json(await queries.myTournaments(deps, currentUser(c), c.req.valid("query").isArchive === "true"), 200))
      .openapi(r.byStreamer, async (c) => c.json(await queries.tournamentOfStreamer(deps, c.req.valid("param").userId), 200))
      .openapi(r.getTournament, async (c) => c.json(await queries.getTournamentForViewer(deps, c.req.valid("param").id, c.get("auth")?.user), 200))
      .openapi(r.isAdmin, async (c) => c.json({ isAdmin: await queries.isTournamentAdmin(deps, c.req.valid("param").id, c.get("auth")?.user) }, 200))
      .openapi(r.players, async (c) => c.json(await queries.listPlayers(deps, c.get("auth")?.user, c.req.valid("param").id), 200))
      .openapi(r.approve, async (c) => {
        const { tournmentID, PlayerID } = c.req.valid("json");
        await commands.approvePlayer(deps, currentUser(c), tournmentID, PlayerID);
        return c.json(ok(c.get("lang"), "player_approved"), 200);
      })
      .openapi(r.deletePlayer, async (c) => {
        await commands.deletePlayer(deps, currentUser(c), c.req.valid("param").playerId);
        return c.json(ok(c.get("lang"), "player_removed"), 200);
      })
      .openapi(r.create, async (c) => {
        const id = await commands.createTournament(deps, currentUser(c), c.req.valid("form"));
        return c.json({ success: true as const, id, _id: id, tournamentId: id }, 201);
      })
      .openapi(r.update, async (c) => {
        await commands.updateTournament(deps, currentUser(c), c.req.valid("param").id, c.req.valid("form"));
        return c.json(ok(c.get("lang"), "tournament_saved"), 200);
      })
      .openapi(r.start, async (c) => {
        const { tournmentID, seeding } = c.req.valid("json");
        await commands.startTournament(deps, currentUser(c), tournmentID, seeding);
        return c.json(ok(c.get("lang"), "tournament_started"), 200);
      })
      .openapi(r.join, async (c) => {
        const { tournmentID, PlayerID } = c.req.valid("json");
        const status = await commands.joinTournament(deps, currentUser(c), tournmentID, PlayerID);
        return c.json({ ...ok(c.get("lang"), "joined"), status }, 200);
      })
      .openapi(r.leave, async (c) => {
        const { tournmentID, PlayerID } = c.req.valid("json");
        await commands.leaveTournament(deps, currentUser(c), tournmentID, PlayerID);
        return c.json(ok(c.get("lang"), "left"), 200);
      })
      .openapi(r.startMatch, async (c) => {
        await commands.startMatch(deps, currentUser(c), c.req.valid("param").matchID);
        return c.json(ok(c.get("lang"), "match_started"), 200);
      })
      .openapi(r.setWinner, async (c) => {
        await commands.setWinner(deps, currentUser(c), c.req.valid("json"));
        return c.json(ok(c.get("lang"), "match_ended"), 200);
      })
      .openapi(r.roundRobin, async (c) => c.json(await queries.roundRobinTable(deps, c.req.valid("param").id), 200))
      .openapi(r.swiss, async (c) => c.json(await queries.swissTable(deps, c.req.valid("param").id), 200))
      .openapi(r.topCut, async (c) => {
        await commands.decideTopCut(deps, currentUser(c), c.req.valid("param").id, c.req.valid("json").playerIds);
        return c.json(ok(c.get("lang"), "top_cut_decided"), 200);
      })
      .openapi(r.rounds, async (c) => c.json(await queries.rounds(deps, c.req.valid("param").id), 200))
      .openapi(r.exportJson, async (c) => {
        const data = await queries.exportTournament(deps, currentUser(c), c.req.valid("param").id);
        c.header("content-disposition", `attachment; filename="tournament-${c.req.valid("param").id}.json"`);
        return c.json(data, 200);
      })
      .openapi(r.remove, async (c) => {
        await commands.deleteTournament(deps, currentUser(c), c.req.valid("param").id);
        return c.json(ok(c.get("lang"), "tournament_deleted"), 200);
      })
      .openapi(r.onChannel, async (c) => c.json(await stations.matchOnChannel(deps, c.req.valid("param").username), 200))
      .openapi(r.stations, async (c) => c.json(await stations.listStations(deps, c.req.valid("param").id, c.get("auth")?.user), 200))
      .openapi(r.answerStation, async (c) => {
        const { id, stationId } = c.req.valid("param");
        const { accept } = c.req.valid("json");
        await stations.answerStationRequest(deps, currentUser(c), id, stationId, accept);
        return c.json(ok(c.get("lang"), accept ? "station_accepted" : "station_refused"), 200);
      })
      .openapi(r.createStation, async (c) => {
        const station = await stations.createStation(deps, currentUser(c), c.req.valid("param").id, c.req.valid("json"));
        return c.json({ ...ok(c.get("lang"), "station_created"), station }, 201);
      })
      .openapi(r.updateStation, async (c) => {
        const { id, stationId } = c.req.valid("param");
        const station = await stations.updateStation(deps, currentUser(c), id, stationId, c.req.valid("json"));
        return c.json({ ...ok(c.get("lang"), "station_saved"), station }, 200);
      })
      .openapi(r.removeStation, async (c) => {
        const { id, stationId } = c.req.valid("param");
        await stations.removeStation(deps, currentUser(c), id, stationId);
        return c.json(ok(c.get("lang"), "station_removed"), 200);
      })
      .openapi(r.assignMatch, async (c) => {
        const { id, stationId } = c.req.valid("param");
        const station = await stations.assignMatch(deps, currentUser(c), id, stationId, c.req.valid("json").matchID);
        return c.json({ ...ok(c.get("lang"), "station_saved"), station }, 200);
      })
      .openapi(r.autoAssign, async (c) => {
        await stations.setAutoAssign(deps, currentUser(c), c.req.valid("param").id, c.req.valid("json").autoAssign);
        return c.json(ok(c.get("lang"), "auto_assign_saved"), 200);
      })
      .openapi(r.checkInWindow, async (c) => {
        await checkin.setCheckInWindow(deps, currentUser(c), c.req.valid("param").id, c.req.valid("json").minutesBefore);
        return c.json(ok(c.get("lang"), "checkin_window_saved"), 200);
      })
      .openapi(r.checkIn, async (c) => {
        await checkin.checkIn(deps, currentUser(c), c.req.valid("param").id);
        return c.json(ok(c.get("lang"), "checked_in"), 200);
      })
      .openapi(r.closeCheckIn, async (c) => {
        const dropped = await checkin.closeCheckInNow(deps, currentUser(c), c.req.valid("param").id);
        return c.json({ ...ok(c.get("lang"), "checkin_closed"), dropped }, 200);
      })
      .openapi(r.ticketCheckIn, async (c) => {
        const username = await checkin.ticketCheckIn(deps, currentUser(c), c.req.valid("param").id, c.req.valid("json").code);
        return c.json({ ...ok(c.get("lang"), "checked_in"), username }, 200);
      })
      .openapi(r.deskCheckIn, async (c) => {
        const { id, participantId } = c.req.valid("param");
        await checkin.deskCheckIn(deps, currentUser(c), id, participantId, c.req.valid("json").checkedIn);
        return c.json(ok(c.get("lang"), "checkin_saved"), 200);
      })
      .openapi(r.matchScore, async (c) => {
        const { id, matchID } = c.req.valid("param");
        const { scorePlayer1, scorePlayer2 } = c.req.valid("json");
        await commands.setMatchScore(deps, currentUser(c), id, matchID, scorePlayer1, scorePlayer2);
        return c.json(ok(c.get("lang"), "score_saved"), 200);
      })
      .openapi(r.matchReplays, async (c) => c.json({ replays: await tournamentReplays(deps, c.req.valid("param").id) }, 200))
      .openapi(r.byId, async (c) => c.json(await queries.getTournamentWithBracket(deps, c.req.valid("param").id), 200))
  );
}
