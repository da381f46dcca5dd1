import type { Tournament, User } from "../../db/types.ts";
import { canManageTournament } from "../access/policy.ts";
import type { AppDeps, PlaceReader } from "../http/context.ts";
import { ForbiddenError, NotFoundError } from "../http/errors.ts";
import type { BracketState } from "./engine.ts";
import { offersHeld } from "../waitlist/places/held.ts";

// What the commands and the read models of tournaments both need: the row, its bracket, its manager.

export type Db = AppDeps["db"];

export async function findTournament(db: Db, id: number): Promise<Tournament> {
  const tournament = await db.selectFrom("tournament").selectAll().where("id", "=", id).executeTakeFirst();
  if (!tournament) throw new NotFoundError("tournament_not_found");
  return tournament;
}

export function assertManager(user: User, tournament: Tournament): void {
  if (!canManageTournament(user, tournament)) throw new ForbiddenError("tournament_admin_only");
}

export function bracketOf(tournament: Tournament): BracketState | null {
  return tournament.bracket ? (JSON.parse(tournament.bracket) as BracketState) : null;
}

/** Approved players of each tournament of `tournamentIds` (absent: none). */
export async function approvedCounts(db: Db, tournamentIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("tournament_player")
    .select(["tournament_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("tournament_id", "in", tournamentIds)
    .where("status", "=", "approved")
    .groupBy("tournament_id")
    .execute();
  return new Map(rows.map((row) => [row.tournament_id, Number(row.n)]));
}

async function approvedCount(db: Db, tournamentId: number): Promise<number> {
  const row = await db
    .selectFrom("tournament_player")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tournament_id", "=", tournamentId)
    .where("status", "=", "approved")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Approved players plus the slots held by waiting-list offers made to others than `userId` (server/waitlist/). */
export async function slotsHeld(db: Db, tournamentId: number, now: number, userId?: number): Promise<number> {
  return (await approvedCount(db, tournamentId)) + (await offersHeld(db, { kind: "tournament", id: tournamentId }, now, userId));
}

/** A tournament's slots as the waiting list (server/waitlist/) reads them: approved players take them; open until it starts. Wired in server/places.ts. */
export const tournamentPlace: PlaceReader = async (db, id) => {
  const tournament = await db.selectFrom("tournament").selectAll().where("id", "=", id).executeTakeFirst();
  if (!tournament) return undefined;
  const over = tournament.is_active === 1 || tournament.finished_at !== null;
  return {
    open: !over,
    over,
    capacity: tournament.size,
    taken: await approvedCount(db, tournament.id),
    closesAt: null,
    name: tournament.name,
    link: `/tournament/${tournament.id}`,
    organiserId: tournament.admin_id,
  };
};
