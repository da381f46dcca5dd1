import { describe, expect, it } from "bun:test";
import { freshDeps } from "../../tests/fixtures/service-world.ts";
import { register, setParticipantStatus } from "../events/service.ts";
import { follow } from "../follows/service.ts";
import type { LiveEvents } from "../realtime/bus.ts";
import { approvePlayer, joinTournament } from "../tournaments/commands.ts";
import { listNotifications, markAllRead, notify, notifyFollowersOnLive } from "./service.ts";

const w = await freshDeps();
const { deps, db } = w;

/** Unread rows counted from the table, apart from the service's own count. */
const unreadRows = async (userId: number) => (await db.selectFrom("notification").select("id").where("user_id", "=", userId).where("read_at", "is", null).execute()).length;

/** Every notification:created the bus carries while `action` runs. */
async function announced(action: () => Promise<unknown>): Promise<LiveEvents["notification:created"][]> {
  const seen: LiveEvents["notification:created"][] = [];
  const off = deps.bus.on("notification:created", (payload) => seen.push(payload));
  try {
    await action();
  } finally {
    off();
  }
  return seen;
}

describe("a notification", () => {
  it("is stored for each recipient and pushed to their pages with the actor, at the clock's time", async () => {
    const actor = await w.makeUser();
    const [a, b] = [await w.makeUser(), await w.makeUser()];
    const pushed = await announced(() => notify(deps, [a.id, b.id], { type: "stream_live", actorId: actor.id, link: "/stream/x", data: { username: actor.username, title: "Finale" } }));
    expect(pushed.map((p) => p.userId)).toEqual([a.id, b.id]);
    expect(pushed[0]!.notification).toMatchObject({ type: "stream_live", link: "/stream/x", read: false, actor: { username: actor.username }, createdAt: new Date(w.clock.now()).toISOString() });
    const stored = await listNotifications(deps, a.id, 1, 20);
    expect(stored.notifications.map((n) => n.id)).toEqual([pushed[0]!.notification.id]);
    expect(stored.notifications[0]).toEqual(pushed[0]!.notification);
  });

  it("to nobody writes nothing and pushes nothing", async () => {
    const before = (await db.selectFrom("notification").select("id").execute()).length;
    expect(await announced(() => notify(deps, [], { type: "stream_live", actorId: null, link: "/", data: {} }))).toEqual([]);
    expect((await db.selectFrom("notification").select("id").execute()).length).toBe(before);
  });
});

describe("unread counts", () => {
  it("count what the user has not read, newest first a page at a time, and mark all read stamps them with the clock", async () => {
    const user = await w.makeUser();
    const other = await w.makeUser();
    for (let i = 1; i <= 3; i++) await notify(deps, [user.id, other.id], { type: "ticket_sold", actorId: null, link: `/events/${i}`, data: { event: `LAN ${i}`, ticket: "match" } });
    const first = await listNotifications(deps, user.id, 1, 2);
    expect([first.unread, first.hasMore, first.notifications.map((n) => n.link)]).toEqual([await unreadRows(user.id), true, ["/events/3", "/events/2"]]);
    expect(first.unread).toBe(3);

    w.clock.advance(60_000);
    await markAllRead(deps, user.id);
    const after = await listNotifications(deps, user.id, 1, 20);
    expect([after.unread, await unreadRows(user.id)]).toEqual([0, 0]);
    expect(after.notifications.every((n) => n.read)).toBe(true);
    expect(new Set((await db.selectFrom("notification").select("read_at").where("user_id", "=", user.id).execute()).map((r) => r.read_at))).toEqual(new Set([w.clock.now()]));
    // Only the caller's own are read.
    expect([(await listNotifications(deps, other.id, 1, 20)).unread, await unreadRows(other.id)]).toEqual([3, 3]);

    await notify(deps, [user.id], { type: "ticket_sold", actorId: null, link: "/events/4", data: {} });
    expect((await listNotifications(deps, user.id, 1, 20)).unread).toBe(1);
  });
});

describe("what notifies whom", () => {
  it("tells the organiser of each ticket sold", async () => {
    const organiser = await w.makeUser();
    const event = await w.makeEvent(organiser);
    const buyer = await w.makeUser();
    await w.fundUser(buyer, 100);
    const pushed = await announced(() => w.buyTicket(buyer, event));
    expect(pushed.map((p) => [p.userId, p.notification.type, p.notification.actor?.username])).toEqual([[organiser.id, "ticket_sold", buyer.username]]);
  });

  it("tells a registrant the organiser's decision, and nothing when the registration goes back to pending", async () => {
    const organiser = await w.makeUser();
    const event = await w.makeEvent(organiser, { requiresApproval: true });
    const member = await w.makeUser();
    await register(deps, member, event.id);
    const row = await db.selectFrom("event_participant").select("id").where("event_id", "=", event.id).where("user_id", "=", member.id).executeTakeFirstOrThrow();
    const decisions = await announced(async () => {
      await setParticipantStatus(deps, organiser, event.id, row.id, "approved");
      await setParticipantStatus(deps, organiser, event.id, row.id, "pending");
      await setParticipantStatus(deps, organiser, event.id, row.id, "rejected");
    });
    expect(decisions.map((p) => [p.userId, p.notification.type])).toEqual([
      [member.id, "event_registration_approved"],
      [member.id, "event_registration_rejected"],
    ]);
  });

  it("tells a player their place in a tournament was accepted", async () => {
    const organiser = await w.makeUser();
    const tournament = await w.makeTournament(organiser, { tournamentName: "Coupe du soir" });
    const player = await w.makeUser();
    await joinTournament(deps, player, tournament);
    const participant = await db.selectFrom("tournament_player").select("id").where("tournament_id", "=", tournament).where("user_id", "=", player.id).executeTakeFirstOrThrow();
    const pushed = await announced(() => approvePlayer(deps, organiser, tournament, participant.id));
    expect(pushed.map((p) => [p.userId, p.notification.type, p.notification.data])).toEqual([[player.id, "tournament_join_approved", { tournament: "Coupe du soir" }]]);
    expect(await unreadRows(player.id)).toBe(1);
  });

  it("tells a channel's followers, and only them, when it goes live", async () => {
    const off = notifyFollowersOnLive(deps);
    try {
      const streamer = await w.makeUser();
      const channel = await w.makeChannel(streamer);
      const [fan, other] = [await w.makeUser(), await w.makeUser()];
      await follow(deps, fan, streamer.id);
      // The listener works after the event, on its own: the bus says when its notification is out.
      const out = deps.bus.next("notification:created", (p) => p.notification.type === "stream_live" && p.notification.actor?.username === streamer.username, 5_000);
      deps.bus.emit("stream:started", { channelId: channel.id, username: streamer.username });
      expect((await out).userId).toBe(fan.id);
      expect([await unreadRows(fan.id), await unreadRows(other.id)]).toEqual([1, 0]);
      expect((await listNotifications(deps, fan.id, 1, 1)).notifications[0]).toMatchObject({ type: "stream_live", link: `/stream/${streamer.username}` });
    } finally {
      off();
    }
  });
});
