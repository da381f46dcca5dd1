import { describe, expect, it } from "bun:test";
import type { EventRow, User, WaitlistKind } from "../../db/types.ts";
import { auditLedger, seatsCountedByHand } from "../../tests/fixtures/money.ts";
import { freshDeps, HOUR, ledgerSum, refusal, storedBalance } from "../../tests/fixtures/service-world.ts";
import { getEvent, register, setParticipantStatus, unregister, updateEvent } from "../events/service.ts";
import { listEvents } from "../events/queries.ts";
import { eraseAccount } from "../privacy/erase.ts";
import { cancelTicket } from "../tickets/service.ts";
import { approvePlayer, deletePlayer, joinTournament, leaveTournament, updateTournament } from "../tournaments/commands.ts";
import { acceptOffer, declineOffer, joinWaitlist, leaveWaitlist, organiserList, setHoldMinutes, takeFromList, waitlistView } from "./actions.ts";
import { passExpiredOffers } from "./places/offers.ts";
import { UpdateTournamentSchema } from "../tournaments/schemas.ts";

// Issue 19, item 1: the waiting list's rule (offers.ts) driven through every path that frees a seat
// or a slot, checked against the raw rows (tickets, registrations, approved players, offers), never
// against the functions under test. Time is the test clock's: offers expire when it is moved.
const w = await freshDeps();
const { deps, db } = w;
const MINUTE = 60_000;

/** Live offers counted from the rows. */
async function offersByHand(kind: WaitlistKind, id: number): Promise<number[]> {
  const rows = await db.selectFrom("waitlist_entry").select(["user_id", "expires_at"]).where("kind", "=", kind).where("target_id", "=", id).where("status", "=", "offered").execute();
  return rows
    .filter((row) => (row.expires_at ?? 0) > w.clock.now())
    .map((row) => row.user_id)
    .sort((a, b) => a - b);
}

const slotsByHand = async (tournamentId: number) => (await db.selectFrom("tournament_player").select("id").where("tournament_id", "=", tournamentId).where("status", "=", "approved").execute()).length;

async function statusOf(kind: WaitlistKind, id: number, user: User) {
  return (await db.selectFrom("waitlist_entry").select("status").where("kind", "=", kind).where("target_id", "=", id).where("user_id", "=", user.id).executeTakeFirst())?.status;
}

/** Neither seats nor slots exceed their limit, counting the offers that hold them. */
async function expectWithinLimit(kind: WaitlistKind, id: number): Promise<void> {
  if (kind === "event") {
    const event = await db.selectFrom("event").select("max_participants").where("id", "=", id).executeTakeFirstOrThrow();
    expect((await seatsCountedByHand(db, id)) + (await offersByHand("event", id)).length).toBeLessThanOrEqual(event.max_participants ?? Number.POSITIVE_INFINITY);
  } else {
    const tournament = await db.selectFrom("tournament").select("size").where("id", "=", id).executeTakeFirstOrThrow();
    expect((await slotsByHand(id)) + (await offersByHand("tournament", id)).length).toBeLessThanOrEqual(tournament.size);
  }
}

async function member(coins = 0): Promise<User> {
  const user = await w.makeUser();
  if (coins > 0) await w.fundUser(user, coins);
  return user;
}

/** An event of `seats` seats, sold out: each holder bought one "match" ticket (100 G-Coins). */
async function soldOutEvent(seats: number, overrides: Parameters<typeof w.makeEvent>[1] = {}) {
  const organiser = await member();
  const event = await w.makeEvent(organiser, { maxParticipants: seats, ...overrides });
  const holders: User[] = [];
  for (let i = 0; i < seats; i++) {
    const holder = await member(100);
    await w.buyTicket(holder, event);
    holders.push(holder);
  }
  return { organiser, event, holders };
}

async function queue(place: { kind: WaitlistKind; id: number }, count: number, coins = 100): Promise<User[]> {
  const waiting: User[] = [];
  for (let i = 0; i < count; i++) {
    const user = await member(coins);
    expect(await joinWaitlist(deps, user, place)).toBe(i + 1);
    waiting.push(user);
  }
  return waiting;
}

async function entryOf(kind: WaitlistKind, id: number, user: User): Promise<number> {
  return (await db.selectFrom("waitlist_entry").select("id").where("kind", "=", kind).where("target_id", "=", id).where("user_id", "=", user.id).executeTakeFirstOrThrow()).id;
}

/** A tournament of 4 slots, all approved. */
async function fullTournament() {
  const organiser = await member();
  const id = await w.makeTournament(organiser, { size: "4" });
  const players: User[] = [];
  for (let i = 0; i < 4; i++) {
    const player = await member();
    await joinTournament(deps, player, id);
    const row = await db.selectFrom("tournament_player").select("id").where("tournament_id", "=", id).where("user_id", "=", player.id).executeTakeFirstOrThrow();
    await approvePlayer(deps, organiser, id, row.id);
    players.push(player);
  }
  return { organiser, id, players };
}

describe("offers when seats free up", () => {
  it("gives exactly 5 offers, in list order, to 20 people waiting when 5 tickets are given back at once", async () => {
    const { event, holders } = await soldOutEvent(5);
    const place = { kind: "event" as const, id: event.id };
    const waiting = await queue(place, 20);
    const mailsBefore = w.mailer.sent.length;

    const ticketIds = await Promise.all(holders.map((holder) => ticketIdOf(holder, event)));
    const refunds = await Promise.all(holders.map((holder, i) => cancelTicket(deps, holder, ticketIds[i]!)));
    expect(refunds.map((r) => r.refunded)).toEqual([100, 100, 100, 100, 100]);
    for (const holder of holders) expect([await storedBalance(db, holder.id), await ledgerSum(db, holder.id)]).toEqual([100, 100]);

    expect(await offersByHand("event", event.id)).toEqual(waiting.slice(0, 5).map((u) => u.id));
    expect(await seatsCountedByHand(db, event.id)).toBe(0);
    await expectWithinLimit("event", event.id);
    // Each offer is announced once, in the app and by mail, in both languages.
    const mails = w.mailer.sent.slice(mailsBefore);
    expect(mails.map((m) => m.to).sort()).toEqual(
      waiting
        .slice(0, 5)
        .map((u) => u.email)
        .sort(),
    );
    expect(mails[0]!.subject).toContain(event.name);
    const notified = await db
      .selectFrom("notification")
      .select("user_id")
      .where("type", "=", "waitlist_offer")
      .where(
        "user_id",
        "in",
        waiting.map((u) => u.id),
      )
      .execute();
    expect(notified.map((n) => n.user_id).sort((a, b) => a - b)).toEqual(waiting.slice(0, 5).map((u) => u.id));

    // The seats are held for them: a stranger cannot register into one…
    expect(await refusal(register(deps, await member(), event.id))).toEqual({ status: 409, code: "event_full" });
    // …the sixth waiting is still sixth, now first in the queue.
    expect((await waitlistView(deps, waiting[5], place)).entry).toMatchObject({ status: "waiting", place: 1 });

    // The five accept at once, each buying a ticket in the accept's transaction.
    const accepted = await Promise.all(waiting.slice(0, 5).map(async (user) => acceptOffer(deps, user, await entryOf("event", event.id, user), { ticketType: "match" }, "en")));
    expect(accepted.every((a) => a.kind === "event" && a.ticket?.price === 100)).toBe(true);
    expect(await seatsCountedByHand(db, event.id)).toBe(5);
    await expectWithinLimit("event", event.id);
  });

  it("refuses an offer accepted after it expired, and passes it to the next person", async () => {
    const { event, holders } = await soldOutEvent(1);
    const place = { kind: "event" as const, id: event.id };
    const [first, second] = await queue(place, 2);
    await setHoldMinutes(deps, (await db.selectFrom("user").selectAll().where("id", "=", event.created_by).executeTakeFirstOrThrow()) as User, place, 15);
    await cancelTicket(deps, holders[0]!, await ticketIdOf(holders[0]!, event));
    const view = await waitlistView(deps, first, place);
    expect(view.entry).toMatchObject({ status: "offered", place: 0, expiresAt: new Date(w.clock.now() + 15 * MINUTE).toISOString() });

    w.clock.advance(15 * MINUTE);
    expect(await refusal(acceptOffer(deps, first!, view.entry!.id, { ticketType: "match" }, "en"))).toEqual({ status: 409, code: "waitlist_offer_expired" });
    expect(await storedBalance(db, first!.id)).toBe(100);
    await passExpiredOffers(deps);
    expect([await statusOf("event", event.id, first!), await statusOf("event", event.id, second!)]).toEqual(["expired", "offered"]);
    expect(await offersByHand("event", event.id)).toEqual([second!.id]);

    // Declined, it passes on; with nobody left, the seat is free for anyone.
    await declineOffer(deps, second!, await entryOf("event", event.id, second!));
    expect(await offersByHand("event", event.id)).toEqual([]);
    expect(await register(deps, await member(), event.id)).toBe("approved");
  });

  // Issue 34, item 3: a sold-out event whose freed seat was offered showed "Participants 1 / 2" beside "complet".
  it("counts a seat held by a running offer in the event's participant figure, for everyone, until the offer ends", async () => {
    const { event, holders } = await soldOutEvent(2);
    const place = { kind: "event" as const, id: event.id };
    const [offered] = await queue(place, 1);
    await cancelTicket(deps, holders[0]!, await ticketIdOf(holders[0]!, event));
    expect(await offersByHand("event", event.id)).toEqual([offered!.id]);
    const byHand = async () => (await seatsCountedByHand(db, event.id)) + (await offersByHand("event", event.id)).length;
    const shown = async (viewer?: User) => {
      const page = (await getEvent(deps, event.slug, "fr", viewer)).currentParticipants;
      const listed = (await listEvents(deps, "fr", { page: 1, limit: 100 }, viewer)).events.find((candidate) => candidate.id === event.id)!.currentParticipants;
      return [page, listed];
    };
    expect(await byHand()).toBe(2);
    for (const viewer of [undefined, offered!, holders[1]!, await member()]) expect(await shown(viewer)).toEqual([2, 2]);

    // Declined with nobody after them, the seat is free again, and so is the figure.
    await declineOffer(deps, offered!, await entryOf("event", event.id, offered!));
    expect(await byHand()).toBe(1);
    expect(await shown()).toEqual([1, 1]);
  });

  it("never holds an offer past the event's start", async () => {
    const { event, holders } = await soldOutEvent(1);
    const [first] = await queue({ kind: "event", id: event.id }, 1);
    w.clock.set(event.start_date - 2 * HOUR);
    await cancelTicket(deps, holders[0]!, await ticketIdOf(holders[0]!, event));
    const row = await db.selectFrom("waitlist_entry").select("expires_at").where("user_id", "=", first!.id).executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(event.start_date);
    w.clock.set(START_OF_WORLD);
  });

  it("sells one ticket when the same offer is accepted twice at once", async () => {
    const { event, holders } = await soldOutEvent(1);
    const [first] = await queue({ kind: "event", id: event.id }, 1, 300);
    await cancelTicket(deps, holders[0]!, await ticketIdOf(holders[0]!, event));
    const entryId = await entryOf("event", event.id, first!);
    const answers = await Promise.allSettled([0, 1].map(() => acceptOffer(deps, first!, entryId, { ticketType: "match" }, "en")));
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const tickets = await db.selectFrom("ticket").select("id").where("event_id", "=", event.id).where("user_id", "=", first!.id).execute();
    expect(tickets).toHaveLength(1);
    expect([await storedBalance(db, first!.id), await ledgerSum(db, first!.id)]).toEqual([200, 200]);
    await expectWithinLimit("event", event.id);
  });
});

describe("every path that frees a seat or a slot makes an offer", () => {
  async function eventWithOneWaiting(overrides: Parameters<typeof w.makeEvent>[1] = {}) {
    const sold = await soldOutEvent(1, overrides);
    const [waiting] = await queue({ kind: "event", id: sold.event.id }, 1);
    return { ...sold, waiting: waiting! };
  }
  async function expectOffered(kind: WaitlistKind, id: number, user: User) {
    expect(await offersByHand(kind, id)).toEqual([user.id]);
    await expectWithinLimit(kind, id);
  }

  it("a ticket given back by its holder", async () => {
    const { event, holders, waiting } = await eventWithOneWaiting();
    await cancelTicket(deps, holders[0]!, await ticketIdOf(holders[0]!, event));
    await expectOffered("event", event.id, waiting);
  });

  it("a ticket refunded because the organiser rejected its holder", async () => {
    const { organiser, event, holders, waiting } = await eventWithOneWaiting();
    const registration = await db.selectFrom("event_participant").select("id").where("event_id", "=", event.id).where("user_id", "=", holders[0]!.id).executeTakeFirstOrThrow();
    await setParticipantStatus(deps, organiser, event.id, registration.id, "rejected");
    expect(await storedBalance(db, holders[0]!.id)).toBe(100);
    await expectOffered("event", event.id, waiting);
  });

  it("a pending registration rejected, and a registration withdrawn", async () => {
    const organiser = await member();
    const event = await w.makeEvent(organiser, { maxParticipants: 2, requiresApproval: true });
    const [pending, leaving] = [await member(), await member()];
    await register(deps, pending, event.id);
    await register(deps, leaving, event.id);
    const [first, second] = await queue({ kind: "event", id: event.id }, 2);
    const registration = await db.selectFrom("event_participant").select("id").where("event_id", "=", event.id).where("user_id", "=", pending.id).executeTakeFirstOrThrow();
    await setParticipantStatus(deps, organiser, event.id, registration.id, "rejected");
    expect(await offersByHand("event", event.id)).toEqual([first!.id]);
    await unregister(deps, leaving, event.id);
    expect(await offersByHand("event", event.id)).toEqual([first!.id, second!.id]);
    await expectWithinLimit("event", event.id);
    // On an event that needs approval, accepting registers (pending): payment follows approval.
    const accepted = await acceptOffer(deps, first!, await entryOf("event", event.id, first!), {}, "en");
    expect(accepted).toEqual({ kind: "event", ticket: null, registration: "pending" });
  });

  it("the seat limit raised in the edit form", async () => {
    const { organiser, event, waiting } = await eventWithOneWaiting();
    await w.fundUser(organiser, 1000);
    await updateEvent(deps, organiser, event.slug, { maxParticipants: 2 });
    await expectOffered("event", event.id, waiting);
  });

  it("an account deleted: its tickets refunded, its seat offered", async () => {
    const { event, holders, waiting } = await eventWithOneWaiting();
    await eraseAccount(deps, holders[0]!);
    await expectOffered("event", event.id, waiting);
  });

  it("an entrant removed by the organiser, one who leaves, a raised size, a deleted account (tournaments)", async () => {
    const { organiser, id, players } = await fullTournament();
    const place = { kind: "tournament" as const, id };
    const waiting = await queue(place, 4);
    expect(await refusal(joinTournament(deps, await member(), id))).toEqual({ status: 409, code: "tournament_full" });

    const removed = await db.selectFrom("tournament_player").select("id").where("user_id", "=", players[0]!.id).executeTakeFirstOrThrow();
    await deletePlayer(deps, organiser, removed.id);
    expect(await offersByHand("tournament", id)).toEqual([waiting[0]!.id]);
    await leaveTournament(deps, players[1]!, id);
    expect(await offersByHand("tournament", id)).toEqual([waiting[0]!.id, waiting[1]!.id]);
    await eraseAccount(deps, players[2]!);
    expect(await offersByHand("tournament", id)).toEqual([waiting[0]!.id, waiting[1]!.id, waiting[2]!.id]);
    await expectWithinLimit("tournament", id);
    // The organiser cannot approve someone into a slot an offer holds.
    const latecomer = await member();
    await db.insertInto("tournament_player").values({ tournament_id: id, user_id: latecomer.id, status: "pending", joined_at: w.clock.now() }).execute();
    const pendingRow = await db.selectFrom("tournament_player").select("id").where("user_id", "=", latecomer.id).executeTakeFirstOrThrow();
    expect(await refusal(approvePlayer(deps, organiser, id, pendingRow.id))).toEqual({ status: 409, code: "tournament_full" });

    await updateTournament(deps, organiser, id, UpdateTournamentSchema.parse({ size: 8 }));
    expect((await offersByHand("tournament", id)).length).toBe(4);
    // Accepting a slot makes an approved entrant.
    await acceptOffer(deps, waiting[3]!, await entryOf("tournament", id, waiting[3]!), {}, "en");
    expect(await slotsByHand(id)).toBe(2);
    await expectWithinLimit("tournament", id);
  });
});

describe("joining, leaving and the organiser's hand", () => {
  it("refuses to queue those who have a place, or where there is room", async () => {
    const { organiser, event, holders } = await soldOutEvent(1);
    const place = { kind: "event" as const, id: event.id };
    expect(await refusal(joinWaitlist(deps, holders[0]!, place))).toEqual({ status: 409, code: "waitlist_has_seat" });
    expect(await refusal(joinWaitlist(deps, organiser, place))).toEqual({ status: 409, code: "waitlist_own" });
    const [first] = await queue(place, 1);
    expect(await refusal(joinWaitlist(deps, first!, place))).toEqual({ status: 409, code: "waitlist_already_joined" });
    await leaveWaitlist(deps, first!, place);
    expect(await statusOf("event", event.id, first!)).toBe("left");
    // Back on the list at the end, once left.
    expect(await joinWaitlist(deps, first!, place)).toBe(1);
    const roomy = await w.makeEvent(organiser, { maxParticipants: 10 });
    expect(await refusal(joinWaitlist(deps, first!, { kind: "event", id: roomy.id }))).toEqual({ status: 409, code: "waitlist_not_full" });
  });

  it("lets the organiser take the third person first, and no one else see the list", async () => {
    const { organiser, event, holders } = await soldOutEvent(1);
    const place = { kind: "event" as const, id: event.id };
    const waiting = await queue(place, 3);
    const third = await entryOf("event", event.id, waiting[2]!);
    expect(await takeFromList(deps, organiser, third)).toBe(false);
    expect((await organiserList(deps, organiser, place)).entries.map((e) => [e.username, e.place])).toEqual([
      [waiting[2]!.username, 1],
      [waiting[0]!.username, 2],
      [waiting[1]!.username, 3],
    ]);
    expect(await refusal(organiserList(deps, waiting[0]!, place))).toEqual({ status: 403, code: "waitlist_manage_forbidden" });
    expect(await refusal(takeFromList(deps, waiting[0]!, third))).toEqual({ status: 403, code: "waitlist_manage_forbidden" });
    await cancelTicket(deps, holders[0]!, await ticketIdOf(holders[0]!, event));
    expect(await offersByHand("event", event.id)).toEqual([waiting[2]!.id]);
    // With a place free and promised to nobody (a seat added behind the rule's back), the one taken by hand is offered it at once.
    await db.updateTable("event").set({ max_participants: 2 }).where("id", "=", event.id).execute();
    expect(await takeFromList(deps, organiser, await entryOf("event", event.id, waiting[1]!))).toBe(true);
    expect(await offersByHand("event", event.id)).toEqual([waiting[1]!.id, waiting[2]!.id]);
    await expectWithinLimit("event", event.id);
  });
});

const START_OF_WORLD = w.clock.now();

async function ticketIdOf(holder: User, event: EventRow): Promise<number> {
  const ticket = await db.selectFrom("ticket").select("id").where("event_id", "=", event.id).where("user_id", "=", holder.id).where("status", "=", "valid").executeTakeFirstOrThrow();
  return ticket.id;
}

it("leaves every wallet equal to its ledger and no event over its seats", async () => {
  await auditLedger(db);
});
