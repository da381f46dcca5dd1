import { describe, expect, it } from "bun:test";
import type { User } from "../../db/types.ts";
import { freshDeps, refusal } from "../../tests/fixtures/service-world.ts";
import { checkIn, closeCheckIn, closeCheckInNow, closeDueCheckIns, deskCheckIn, setCheckInWindow, ticketCheckIn } from "./checkin.ts";
import { approvePlayer, joinTournament, startTournament } from "./commands.ts";
import { bracketOf, findTournament } from "./records.ts";
import { acceptOffer, joinWaitlist } from "../waitlist/actions.ts";

const world = await freshDeps();
const { deps, db, clock } = world;
const MINUTE = 60_000;

/** A tournament starting in an hour, its organiser and `count` approved entrants (the organiser not among them). */
async function tournamentWith(count: number, overrides: Record<string, unknown> = {}) {
  const organiser = await world.makeUser();
  const startsAt = clock.now() + 60 * MINUTE;
  const id = await world.makeTournament(organiser, { startDate: new Date(startsAt).toISOString(), ...overrides });
  const entrants: User[] = [];
  for (let i = 0; i < count; i++) {
    const entrant = await world.makeUser();
    await joinTournament(deps, entrant, id);
    await approvePlayer(deps, organiser, id, await participantId(id, entrant));
    entrants.push(entrant);
  }
  return { organiser, id, entrants, startsAt };
}

async function participantId(tournamentId: number, user: User): Promise<number> {
  return (await db.selectFrom("tournament_player").select("id").where("tournament_id", "=", tournamentId).where("user_id", "=", user.id).executeTakeFirstOrThrow()).id;
}

/** Who is still in, read from the rows themselves. */
async function remaining(tournamentId: number): Promise<number[]> {
  return (await db.selectFrom("tournament_player").select("user_id").where("tournament_id", "=", tournamentId).orderBy("user_id").execute()).map((row) => row.user_id);
}

describe("the check-in window (issue 19, item 2)", () => {
  it("needs a start date, opens the chosen minutes before it and closes at it", async () => {
    const organiser = await world.makeUser();
    const undated = await world.makeTournament(organiser);
    expect((await refusal(setCheckInWindow(deps, organiser, undated, 30))).code).toBe("checkin_needs_start");
    const { organiser: owner, id, entrants, startsAt } = await tournamentWith(2);
    // Someone else's tournament: refused.
    expect((await refusal(setCheckInWindow(deps, organiser, id, 30))).status).toBe(403);
    await setCheckInWindow(deps, owner, id, 30);
    expect(await findTournament(db, id)).toMatchObject({ checkin_opens_at: startsAt - 30 * MINUTE, checkin_closes_at: startsAt });
    // Before the window: refused. Inside: accepted, and a second time keeps the first time.
    expect((await refusal(checkIn(deps, entrants[0]!, id))).code).toBe("checkin_not_open");
    clock.set(startsAt - 20 * MINUTE);
    await checkIn(deps, entrants[0]!, id);
    clock.advance(MINUTE);
    await checkIn(deps, entrants[0]!, id);
    const row = await db.selectFrom("tournament_player").select("checked_in_at").where("user_id", "=", entrants[0]!.id).where("tournament_id", "=", id).executeTakeFirstOrThrow();
    expect(Number(row.checked_in_at)).toBe(startsAt - 20 * MINUTE);
    // A member who never joined, and a pending entrant, cannot check in.
    expect((await refusal(checkIn(deps, await world.makeUser(), id))).code).toBe("player_not_found");
    const pending = await world.makeUser();
    await joinTournament(deps, pending, id);
    expect((await refusal(checkIn(deps, pending, id))).code).toBe("checkin_not_approved");
    clock.set(startsAt);
    expect((await refusal(checkIn(deps, entrants[1]!, id))).code).toBe("checkin_not_open");
  });

  it("drops, on the clock, every entrant who did not check in, once, through the organiser's removal", async () => {
    const { organiser, id, entrants, startsAt } = await tournamentWith(4, { format: "swiss", size: "6" });
    await setCheckInWindow(deps, organiser, id, 30);
    const pending = await world.makeUser();
    await joinTournament(deps, pending, id);
    clock.set(startsAt - 10 * MINUTE);
    await checkIn(deps, entrants[0]!, id);
    await checkIn(deps, entrants[2]!, id);
    await deskCheckIn(deps, organiser, id, await participantId(id, entrants[3]!), true);
    // Not yet due: the job leaves it.
    await closeDueCheckIns(deps);
    expect(await remaining(id)).toHaveLength(5);
    clock.set(startsAt);
    expect(await closeDueCheckIns(deps)).toBeGreaterThanOrEqual(1);
    expect(await remaining(id)).toEqual([entrants[0]!.id, entrants[2]!.id, entrants[3]!.id].sort((a, b) => a - b));
    expect(Number((await findTournament(db, id)).checkin_closed_at)).toBe(startsAt);
    // A second run finds it closed; a new window cannot be set.
    expect(await closeCheckIn(deps, id)).toEqual([]);
    expect((await refusal(setCheckInWindow(deps, organiser, id, 15))).code).toBe("checkin_closed");
  });

  it("closes once when two closes race: each no-show is dropped by exactly one of them", async () => {
    const { organiser, id, entrants, startsAt } = await tournamentWith(6, { format: "swiss", size: "8" });
    await setCheckInWindow(deps, organiser, id, 30);
    clock.set(startsAt - 5 * MINUTE);
    for (const entrant of entrants.slice(0, 4)) await checkIn(deps, entrant, id);
    clock.set(startsAt + MINUTE);
    const [a, b] = await Promise.all([closeCheckIn(deps, id), closeCheckIn(deps, id)]);
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(entrants.slice(4).map((u) => u.id));
    expect(a.length === 0 || b.length === 0).toBe(true);
    expect(await remaining(id)).toEqual(entrants.slice(0, 4).map((u) => u.id));
  });

  it("checks the holder of an event ticket in at the desk, only for a valid ticket of this tournament's event", async () => {
    const { organiser, id, entrants } = await tournamentWith(2);
    const event = await world.makeEvent(organiser);
    await db.updateTable("event").set({ tournament_id: id }).where("id", "=", event.id).execute();
    await world.fundUser(entrants[0]!, 1000);
    const ticket = await world.buyTicket(entrants[0]!, event);
    expect(await ticketCheckIn(deps, organiser, id, ticket.code)).toBe(entrants[0]!.username);
    const checked = await db.selectFrom("tournament_player").select("checked_in_at").where("tournament_id", "=", id).where("user_id", "=", entrants[0]!.id).executeTakeFirstOrThrow();
    expect(checked.checked_in_at).not.toBeNull();
    // Another event's ticket, an unknown code, a refunded ticket: refused.
    const other = await world.makeEvent(organiser);
    await world.fundUser(entrants[1]!, 1000);
    const elsewhere = await world.buyTicket(entrants[1]!, other);
    expect((await refusal(ticketCheckIn(deps, organiser, id, elsewhere.code))).code).toBe("checkin_ticket_unknown");
    expect((await refusal(ticketCheckIn(deps, organiser, id, "NOPE"))).code).toBe("checkin_ticket_unknown");
    await db.updateTable("ticket").set({ status: "refunded" }).where("id", "=", ticket.id).execute();
    expect((await refusal(ticketCheckIn(deps, organiser, id, ticket.code))).code).toBe("checkin_ticket_refunded");
    // Someone else's tournament: the desk is the organiser's.
    expect((await refusal(ticketCheckIn(deps, entrants[1]!, id, ticket.code))).status).toBe(403);
  });
});

describe("seeding after check-in", () => {
  it("a Swiss starts from the checked-in entrants only, the start closing the window first", async () => {
    const { organiser, id, entrants, startsAt } = await tournamentWith(6, { format: "swiss", size: "6" });
    await setCheckInWindow(deps, organiser, id, 30);
    clock.set(startsAt - 10 * MINUTE);
    for (const entrant of entrants.slice(0, 5)) await checkIn(deps, entrant, id);
    await startTournament(deps, organiser, id);
    const tournament = await findTournament(db, id);
    const seeded = (bracketOf(tournament)!.participant as { name: string }[]).map((p) => Number(p.name)).sort((a, b) => a - b);
    expect(seeded).toEqual(entrants.slice(0, 5).map((u) => u.id));
    expect(await remaining(id)).toEqual(seeded);
    expect(tournament.checkin_closed_at).not.toBeNull();
  });

  it("seeds whoever takes a freed place after the close (the waiting list, the desk) as there", async () => {
    const { organiser, id, entrants, startsAt } = await tournamentWith(5, { format: "swiss", size: "6" });
    await setCheckInWindow(deps, organiser, id, 30);
    clock.set(startsAt - 10 * MINUTE);
    for (const entrant of entrants.slice(0, 4)) await checkIn(deps, entrant, id);
    expect(await closeCheckInNow(deps, organiser, id)).toBe(1);
    clock.advance(MINUTE);
    const replacement = await world.makeUser();
    await joinTournament(deps, replacement, id);
    await approvePlayer(deps, organiser, id, await participantId(id, replacement));
    await startTournament(deps, organiser, id);
    const seeded = (bracketOf(await findTournament(db, id))!.participant as { name: string }[]).map((p) => Number(p.name)).sort((a, b) => a - b);
    expect(seeded).toEqual([...entrants.slice(0, 4), replacement].map((u) => u.id).sort((a, b) => a - b));
  });

  it("an elimination still needs its full size after the no-shows are dropped", async () => {
    const { organiser, id, entrants, startsAt } = await tournamentWith(4, { format: "s_elim", size: "4" });
    await setCheckInWindow(deps, organiser, id, 30);
    clock.set(startsAt - 10 * MINUTE);
    for (const entrant of entrants.slice(0, 3)) await checkIn(deps, entrant, id);
    expect(await closeCheckInNow(deps, organiser, id)).toBe(1);
    expect((await refusal(startTournament(deps, organiser, id))).code).toBe("tournament_not_full");
  });

  it("gives a no-show's slot to the first on the waiting list, who plays once they accept (check-in and waiting list together)", async () => {
    const { organiser, id, entrants, startsAt } = await tournamentWith(4, { format: "s_elim", size: "4" });
    const [first, second] = [await world.makeUser(), await world.makeUser()];
    await joinWaitlist(deps, first, { kind: "tournament", id });
    await joinWaitlist(deps, second, { kind: "tournament", id });
    await setCheckInWindow(deps, organiser, id, 30);
    clock.set(startsAt - 10 * MINUTE);
    for (const entrant of entrants.slice(0, 3)) await checkIn(deps, entrant, id);
    clock.set(startsAt);
    await closeDueCheckIns(deps);
    // Read from the rows: the no-show is out, the first waiting holds an offer, the second still waits.
    const entries = await db.selectFrom("waitlist_entry").select(["id", "user_id", "status"]).where("kind", "=", "tournament").where("target_id", "=", id).orderBy("rank").execute();
    expect(entries.map((entry) => [entry.user_id, entry.status])).toEqual([
      [first.id, "offered"],
      [second.id, "waiting"],
    ]);
    expect(await remaining(id)).toEqual(entrants.slice(0, 3).map((u) => u.id));
    // The no-show alone is told why their place went.
    const told = await db.selectFrom("notification").select("user_id").where("type", "=", "tournament_checkin_dropped").where("link", "=", `/tournament/${id}`).execute();
    expect(told.map((row) => row.user_id)).toEqual([entrants[3]!.id]);
    await acceptOffer(deps, first, entries[0]!.id, {}, "en");
    await startTournament(deps, organiser, id);
    const seeded = (bracketOf(await findTournament(db, id))!.participant as { name: string }[]).map((p) => Number(p.name)).sort((a, b) => a - b);
    expect(seeded).toEqual([...entrants.slice(0, 3), first].map((u) => u.id).sort((a, b) => a - b));
  });
});
