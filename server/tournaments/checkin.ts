import type { Tournament, User } from "../../db/types.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError, ConflictError, NotFoundError } from "../http/errors.ts";
import { notify } from "../notifications/service.ts";
import { removeParticipant } from "./commands.ts";
import { assertManager, findTournament } from "./records.ts";

/**
 * Tournament check-in (issue 19, item 2). The organiser sets a window ending at the start; entrants
 * check themselves in during it, and the desk checks anyone in by hand (or from their event ticket)
 * until the start. When the window closes (a site job reading the clock, the organiser's "close
 * now", or the start itself), every entrant not checked in is dropped through the organiser's own
 * removal (removeParticipant), and the bracket is then drawn from the checked-in entrants only.
 */

const MINUTE = 60_000;

export function hasCheckIn(tournament: Tournament): boolean {
  return tournament.checkin_closes_at !== null;
}

/**
 * Checked in, or come in after the close (a waiting-list entrant taking a freed place, someone the
 * organiser admits at the desk): whoever holds a place once the no-shows are gone is there.
 */
export function isCheckedIn(tournament: Pick<Tournament, "checkin_closed_at">, entrant: { checked_in_at: number | null; joined_at: number }): boolean {
  return entrant.checked_in_at !== null || (tournament.checkin_closed_at !== null && Number(entrant.joined_at) >= Number(tournament.checkin_closed_at));
}

function isOpen(tournament: Tournament, now: number): boolean {
  return (
    tournament.checkin_opens_at !== null && tournament.checkin_closes_at !== null && tournament.checkin_closed_at === null && now >= tournament.checkin_opens_at && now < tournament.checkin_closes_at
  );
}

function assertNotStarted(tournament: Tournament): void {
  if (tournament.is_active || tournament.finished_at) throw new ConflictError([{ field: "tournmentID", code: "tournament_already_started" }]);
}

/** The window: `minutesBefore` the start up to the start; null takes it away. Set before it closes only. */
export async function setCheckInWindow(deps: AppDeps, user: User, tournamentId: number, minutesBefore: number | null): Promise<void> {
  const tournament = await findTournament(deps.db, tournamentId);
  assertManager(user, tournament);
  assertNotStarted(tournament);
  if (tournament.checkin_closed_at !== null) throw new AppError(409, "checkin_closed");
  if (minutesBefore !== null && !tournament.start_date) throw new ConflictError([{ field: "minutesBefore", code: "checkin_needs_start" }]);
  const closes = minutesBefore === null ? null : Date.parse(tournament.start_date!);
  await deps.db
    .updateTable("tournament")
    .set({ checkin_opens_at: closes === null ? null : closes - minutesBefore! * MINUTE, checkin_closes_at: closes })
    .where("id", "=", tournamentId)
    .execute();
  deps.bus.emit("tournament:changed", { tournamentId });
}

/** An approved entrant checks themself in, while the window is open. */
export async function checkIn(deps: AppDeps, user: User, tournamentId: number): Promise<void> {
  const tournament = await findTournament(deps.db, tournamentId);
  if (!isOpen(tournament, deps.now())) throw new AppError(409, "checkin_not_open");
  const entrant = await deps.db.selectFrom("tournament_player").select(["id", "status"]).where("tournament_id", "=", tournamentId).where("user_id", "=", user.id).executeTakeFirst();
  if (!entrant) throw new NotFoundError("player_not_found");
  if (entrant.status !== "approved") throw new AppError(409, "checkin_not_approved");
  await markCheckedIn(deps, tournamentId, entrant.id, true);
}

/** The desk: checks an approved entrant in (or back out) by hand, any time before the start. */
export async function deskCheckIn(deps: AppDeps, user: User, tournamentId: number, participantId: number, checkedIn: boolean): Promise<void> {
  const tournament = await findTournament(deps.db, tournamentId);
  assertManager(user, tournament);
  assertNotStarted(tournament);
  const entrant = await deps.db.selectFrom("tournament_player").select(["id", "status"]).where("tournament_id", "=", tournamentId).where("id", "=", participantId).executeTakeFirst();
  if (!entrant) throw new NotFoundError("player_not_found");
  if (entrant.status !== "approved") throw new AppError(409, "checkin_not_approved");
  await markCheckedIn(deps, tournamentId, entrant.id, checkedIn);
}

/**
 * The desk from a scanned (or typed) event ticket: a valid ticket of an event of this tournament,
 * whose holder is an approved entrant, checks that entrant in. Returns their username.
 */
export async function ticketCheckIn(deps: AppDeps, user: User, tournamentId: number, code: string): Promise<string> {
  const tournament = await findTournament(deps.db, tournamentId);
  assertManager(user, tournament);
  assertNotStarted(tournament);
  const ticket = await deps.db
    .selectFrom("ticket")
    .innerJoin("event", "event.id", "ticket.event_id")
    .select(["ticket.user_id", "ticket.status", "event.tournament_id"])
    .where("ticket.code", "=", code.trim())
    .executeTakeFirst();
  if (!ticket || ticket.tournament_id !== tournamentId) throw new NotFoundError("checkin_ticket_unknown");
  if (ticket.status !== "valid") throw new AppError(409, "checkin_ticket_refunded");
  const entrant = await deps.db
    .selectFrom("tournament_player")
    .innerJoin("user", "user.id", "tournament_player.user_id")
    .select(["tournament_player.id", "tournament_player.status", "user.username"])
    .where("tournament_player.tournament_id", "=", tournamentId)
    .where("tournament_player.user_id", "=", ticket.user_id)
    .executeTakeFirst();
  if (!entrant) throw new NotFoundError("player_not_found");
  if (entrant.status !== "approved") throw new AppError(409, "checkin_not_approved");
  await markCheckedIn(deps, tournamentId, entrant.id, true);
  return entrant.username;
}

async function markCheckedIn(deps: AppDeps, tournamentId: number, participantId: number, checkedIn: boolean): Promise<void> {
  // A second check-in keeps the time of the first.
  await deps.db
    .updateTable("tournament_player")
    .set({ checked_in_at: checkedIn ? deps.now() : null })
    .where("id", "=", participantId)
    .$if(checkedIn, (q) => q.where("checked_in_at", "is", null))
    .execute();
  deps.bus.emit("tournament:changed", { tournamentId });
}

/** The organiser closes the window early, at the desk. */
export async function closeCheckInNow(deps: AppDeps, user: User, tournamentId: number): Promise<number> {
  const tournament = await findTournament(deps.db, tournamentId);
  assertManager(user, tournament);
  assertNotStarted(tournament);
  if (!hasCheckIn(tournament)) throw new AppError(409, "checkin_not_set");
  if (tournament.checkin_closed_at !== null) throw new AppError(409, "checkin_closed");
  return (await closeCheckIn(deps, tournamentId)).length;
}

/**
 * Applies a close once: whoever marks the tournament closed first drops the no-shows (pending
 * entrants included: they never checked in); a second run, on this node or another, finds it done.
 * Returns the user ids dropped.
 */
export async function closeCheckIn(deps: AppDeps, tournamentId: number): Promise<number[]> {
  const claimed = await deps.db
    .updateTable("tournament")
    .set({ checkin_closed_at: deps.now() })
    .where("id", "=", tournamentId)
    .where("checkin_closed_at", "is", null)
    .where("checkin_closes_at", "is not", null)
    .where("is_active", "=", 0)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return [];
  const noShows = await deps.db.selectFrom("tournament_player").select(["id", "user_id"]).where("tournament_id", "=", tournamentId).where("checked_in_at", "is", null).orderBy("id").execute();
  for (const entrant of noShows) await removeParticipant(deps, tournamentId, entrant.id);
  deps.bus.emit("tournament:changed", { tournamentId });
  // Each no-show is told why their place went, and may queue again from the tournament's page.
  const { name } = await findTournament(deps.db, tournamentId);
  await notify(
    deps,
    noShows.map((entrant) => entrant.user_id),
    { type: "tournament_checkin_dropped", actorId: null, link: `/tournament/${tournamentId}`, data: { tournament: name } },
  );
  return noShows.map((entrant) => entrant.user_id);
}

/** The site job: every window whose end has passed on the clock is closed. */
export async function closeDueCheckIns(deps: AppDeps): Promise<number> {
  const due = await deps.db
    .selectFrom("tournament")
    .select("id")
    .where("checkin_closed_at", "is", null)
    .where("checkin_closes_at", "<=", deps.now())
    .where("is_active", "=", 0)
    .where("finished_at", "is", null)
    .execute();
  for (const { id } of due) await closeCheckIn(deps, id);
  return due.length;
}
