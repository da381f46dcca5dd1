import { describe, expect, it } from "bun:test";
import { freshDeps, HOUR } from "../../tests/fixtures/service-world.ts";
import { assign } from "../assignments/service.ts";
import { changeStatus, setParticipantStatus } from "../events/service.ts";
import { follow } from "../follows/service.ts";
import { joinTournament } from "../tournaments/commands.ts";
import { dashboardFor } from "./service.ts";

const w = await freshDeps();
const { deps, db } = w;

/** Paid tickets still valid and what they cost, counted from the tickets table, apart from the dashboards' ledger sums. */
async function paidValidTickets(organiserId?: number) {
  let query = db.selectFrom("ticket").innerJoin("event", "event.id", "ticket.event_id").select("ticket.price").where("ticket.status", "=", "valid").where("ticket.price", ">", 0);
  if (organiserId !== undefined) query = query.where("event.created_by", "=", organiserId);
  const prices = (await query.execute()).map((row) => row.price);
  return { ticketsSold: prices.length, revenue: prices.reduce((a, b) => a + b, 0) };
}

describe("an organiser's dashboard", () => {
  // Moved from server/events/seats.test.ts (HTTP).
  it("leaves refunded sales out of the organiser's and the admin's figures, as the tickets table says", async () => {
    const organiser = await w.makeUser({ role: "organizer" });
    const event = await w.makeEvent(organiser);
    const [kept, refunded] = [await w.makeUser(), await w.makeUser()];
    await w.fundUser(kept, 500);
    await w.fundUser(refunded, 500);
    await w.buyTicket(kept, event, "match");
    await w.buyTicket(refunded, event, "pass_full");
    const row = await db.selectFrom("event_participant").select("id").where("event_id", "=", event.id).where("user_id", "=", refunded.id).executeTakeFirstOrThrow();
    await setParticipantStatus(deps, organiser, event.id, row.id, "rejected");

    const own = await paidValidTickets(organiser.id);
    expect(own).toEqual({ ticketsSold: 1, revenue: 100 });
    expect((await dashboardFor(deps, organiser)).stats).toMatchObject(own);
    expect((await dashboardFor(deps, await w.admin())).stats).toMatchObject({ revenue: (await paidValidTickets()).revenue });
  });

  it("counts the events made, and as active only those published or live", async () => {
    const organiser = await w.makeUser({ role: "organizer" });
    await w.makeEvent(organiser, { status: "draft" });
    await w.makeEvent(organiser);
    const live = await w.makeEvent(organiser);
    await changeStatus(deps, organiser, live.id, "active");
    const cancelled = await w.makeEvent(organiser);
    await changeStatus(deps, organiser, cancelled.id, "cancelled");
    expect((await dashboardFor(deps, organiser)).stats).toMatchObject({ createdEvents: 4, activeEvents: 2, ticketsSold: 0, revenue: 0 });
  });
});

describe("a streamer's dashboard", () => {
  it("counts assigned events, and as upcoming those the clock has not reached and not cancelled", async () => {
    const organiser = await w.makeUser();
    const streamer = await w.makeUser({ role: "streamer" });
    const soon = await w.makeEvent(organiser, { startDate: new Date(w.clock.now() + 2 * HOUR).toISOString(), endDate: null });
    const later = await w.makeEvent(organiser, { startDate: new Date(w.clock.now() + 10 * HOUR).toISOString(), endDate: null });
    const cancelled = await w.makeEvent(organiser);
    for (const event of [soon, later, cancelled]) await assign(deps, organiser, { eventId: event.id, streamerId: streamer.id, role: "co_streamer", notes: "" });
    await changeStatus(deps, organiser, cancelled.id, "cancelled");
    expect((await dashboardFor(deps, streamer)).stats).toEqual({ assignedEvents: 3, upcomingStreams: 2, totalStreams: 0 });
    w.clock.advance(2 * HOUR);
    expect((await dashboardFor(deps, streamer)).stats.upcomingStreams).toBe(1);
    w.clock.advance(8 * HOUR);
    expect((await dashboardFor(deps, streamer)).stats.upcomingStreams).toBe(0);
  });

  it("counts the lives of the streamer's channel", async () => {
    const streamer = await w.makeUser({ role: "streamer" });
    const channel = await w.makeChannel(streamer);
    await w.makeReplay(channel);
    await w.makeReplay(channel);
    expect((await dashboardFor(deps, streamer)).stats).toMatchObject({ totalStreams: 2 });
  });

  it("shows the member's channel once it has gone live: the last five lives, each with its watchable replay (issue 34, item 13)", async () => {
    const member = await w.makeUser();
    const channel = await w.makeChannel(member);
    expect((await dashboardFor(deps, member)).channel).toBeNull();
    const replayIds: number[] = [];
    for (const title of ["un", "deux", "trois", "quatre", "cinq", "six"]) {
      w.clock.advance(HOUR);
      replayIds.push(await w.makeReplay(channel, { title, status: title === "cinq" ? "failed" : "ready", deleted: title === "quatre" }));
    }
    const fans = [await w.makeUser(), await w.makeUser()];
    for (const fan of fans) await follow(deps, fan, member.id);

    const summary = (await dashboardFor(deps, member)).channel!;
    // Counted by hand from what was made above: six lives, four replays ready and not deleted, two followers.
    expect(summary).toMatchObject({ followers: 2, lives: 6, replays: 4 });
    const sessionOf = async (replayId: number) => (await db.selectFrom("replay").select("live_session_id").where("id", "=", replayId).executeTakeFirstOrThrow()).live_session_id;
    const newestFive = await Promise.all(replayIds.slice(1).reverse().map(sessionOf));
    const startedAt = await db.selectFrom("live_session").select(["id", "started_at"]).where("id", "in", newestFive).execute();
    expect(summary.lastLives.map((live) => live.startedAt)).toEqual(newestFive.map((id) => new Date(startedAt.find((row) => row.id === id)!.started_at).toISOString()));
    expect(summary.lastLives.map((live) => live.replayId)).toEqual([replayIds[5]!, null, null, replayIds[2]!, replayIds[1]!]);
  });
});

describe("a viewer's dashboard", () => {
  it("counts follows, valid tickets and tournaments joined, refunded tickets left out", async () => {
    const viewer = await w.makeUser();
    const [a, b] = [await w.makeUser(), await w.makeUser()];
    await follow(deps, viewer, a.id);
    await follow(deps, viewer, b.id);
    const organiser = await w.makeUser();
    const event = await w.makeEvent(organiser);
    await w.fundUser(viewer, 200);
    await w.buyTicket(viewer, event);
    const refundedEvent = await w.makeEvent(organiser);
    await w.buyTicket(viewer, refundedEvent);
    await changeStatus(deps, organiser, refundedEvent.id, "cancelled");
    await joinTournament(deps, viewer, await w.makeTournament(organiser));
    expect((await dashboardFor(deps, viewer)).stats).toEqual({ followedChannels: 2, tickets: 1, tournamentsJoined: 1 });
  });
});

describe("an admin's dashboard", () => {
  it("counts every user, every event and the open reports, as the tables say", async () => {
    const admin = await w.admin();
    const count = async (table: "user" | "event") => (await db.selectFrom(table).select("id").execute()).length;
    const stats = (await dashboardFor(deps, admin)).stats;
    expect(stats).toMatchObject({
      users: await count("user"),
      events: await count("event"),
      openReports: (await db.selectFrom("report").select("id").where("status", "=", "open").execute()).length,
      revenue: (await paidValidTickets()).revenue,
    });
    const moderator = await w.makeUser({ role: "moderator" });
    expect((await dashboardFor(deps, moderator)).stats).toMatchObject({ users: await count("user") });
  });
});
