import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ADMIN_ENV, adminBrowserOf, auditLedger, balanceOf, fundedUser, type Member, publishedEvent, seatsCountedByHand } from "../../tests/fixtures/money.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

// Issue 13, "seats are counted in one place": every path that takes, frees or shows a seat, checked
// against the seats counted by hand from the raw rows, and the wallets against their ledgers.
let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminBrowserOf(server);
});
afterAll(async () => {
  await auditLedger(server.deps.db);
  await server.stop();
});

const register = (member: Member, eventId: number) => member.browser.post(`/api/event-participants/${eventId}`);
const buy = (member: Member, eventId: number, ticketType = "match") => member.browser.post("/api/tickets/purchase", { userId: member.user.id, eventId, ticketType });

/** Waiting-list offers still running on the event, counted from their rows: each holds a seat (issue 34, item 3). */
async function offersRunningByHand(eventId: number): Promise<number> {
  const rows = await server.deps.db.selectFrom("waitlist_entry").select("expires_at").where("kind", "=", "event").where("target_id", "=", eventId).where("status", "=", "offered").execute();
  return rows.filter((row) => (row.expires_at ?? 0) > server.deps.now()).length;
}

/**
 * What every screen shows for the event (detail, list, the organiser's and a participant's lists), which must be one
 * number: the seats counted by hand, and those running waiting-list offers hold.
 */
async function shownSeats(event: { id: number; slug: string }, organiser: Member, participant?: Member): Promise<number> {
  const byHand = (await seatsCountedByHand(server.deps.db, event.id)) + (await offersRunningByHand(event.id));
  const detail = (await new Browser(server.url).get(`/api/events/${event.slug}`)).body.event.currentParticipants;
  const listed = (await new Browser(server.url).get("/api/events")).body.events.find((e: { id: number }) => e.id === event.id)?.currentParticipants;
  const mine = (await organiser.browser.get("/api/events/my-events")).body.events.find((e: { id: number }) => e.id === event.id).currentParticipants;
  const joined = participant ? (await participant.browser.get("/api/events/joined-events")).body.events.find((e: { id: number }) => e.id === event.id)?.currentParticipants : byHand;
  expect([detail, listed, mine, joined]).toEqual([byHand, byHand, byHand, byHand]);
  return byHand;
}

describe("a seat is a seat, registered or bought", () => {
  it("fills a 2-seat event with one registration and one ticket, then refuses both paths", async () => {
    const organiser = await fundedUser(server, admin, 1000);
    const event = await publishedEvent(organiser, { maxParticipants: 2 });
    const [registrant, buyer, lateRegistrant, lateBuyer] = await Promise.all([
      fundedUser(server, admin, 500),
      fundedUser(server, admin, 500),
      fundedUser(server, admin, 500),
      fundedUser(server, admin, 500),
    ]);

    expect((await register(registrant, event.id)).status).toBe(200);
    expect((await buy(buyer, event.id)).status).toBe(201);
    expect(await shownSeats(event, organiser, registrant)).toBe(2);

    expect((await register(lateRegistrant, event.id)).body.code).toBe("event_full");
    const refused = await buy(lateBuyer, event.id);
    expect([refused.status, refused.body.code]).toEqual([409, "event_full"]);
    expect(await balanceOf(lateBuyer)).toBe(500);

    // The registrant buys: their registration's seat becomes the ticket's, nothing is counted twice…
    expect((await buy(registrant, event.id)).status).toBe(201);
    expect(await shownSeats(event, organiser, registrant)).toBe(2);
    // …but a second ticket is a second person.
    expect((await buy(registrant, event.id)).body.code).toBe("event_full");
    // The seat limit cannot be set below the seats taken.
    expect((await organiser.browser.put(`/api/events/${event.slug}`, { maxParticipants: 1 })).body.code).toBe("event_max_below_registered");
  });

  it('shows a seat offered to the next in line as taken on every screen, not "1 / 2" beside "complet"', async () => {
    const organiser = await fundedUser(server, admin, 1000);
    const event = await publishedEvent(organiser, { maxParticipants: 2 });
    const [first, second, waiting] = await Promise.all([fundedUser(server, admin, 500), fundedUser(server, admin, 500), fundedUser(server, admin, 500)]);
    const ticket = (await buy(first, event.id)).body.ticket as { id: number };
    expect((await buy(second, event.id)).status).toBe(201);
    expect((await waiting.browser.post(`/api/waitlist/event/${event.id}`)).status).toBe(200);
    expect((await first.browser.post(`/api/tickets/${ticket.id}/cancel`)).status).toBe(200);
    expect(await offersRunningByHand(event.id)).toBe(1);
    expect(await shownSeats(event, organiser, second)).toBe(2);
    // The member it is offered to sees the same figure, beside the offer.
    expect((await waiting.browser.get(`/api/events/${event.slug}`)).body.event.currentParticipants).toBe(2);
  });

  it("counts every ticket of one buyer: a 3-seat event sold out to one person shows 3 / 3 and takes no registration", async () => {
    const organiser = await fundedUser(server, admin, 1000);
    const event = await publishedEvent(organiser, { maxParticipants: 3 });
    const family = await fundedUser(server, admin, 1000);
    for (let i = 0; i < 3; i++) expect((await buy(family, event.id)).status).toBe(201);
    expect(await shownSeats(event, organiser, family)).toBe(3);
    expect((await register(await fundedUser(server, admin, 0), event.id)).body.code).toBe("event_full");
  });

  it("gives the last seat once when registrations and purchases race for it", async () => {
    const organiser = await fundedUser(server, admin, 1000);
    const event = await publishedEvent(organiser, { maxParticipants: 5 });
    const crowd = await Promise.all(Array.from({ length: 20 }, () => fundedUser(server, admin, 200)));
    const answers = await Promise.all(crowd.map((member, i) => (i % 2 === 0 ? register(member, event.id) : buy(member, event.id))));
    expect(answers.filter((answer) => answer.status === 200 || answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.code === "event_full")).toBe(true);
    expect(await shownSeats(event, organiser)).toBe(5);
  });

  it("frees the seats of a rejected ticket holder (refunded) and of a cancelled event (all refunded)", async () => {
    const organiser = await fundedUser(server, admin, 1000);
    const event = await publishedEvent(organiser, { maxParticipants: 1 });
    const holder = await fundedUser(server, admin, 300);
    const next = await fundedUser(server, admin, 300);
    expect((await buy(holder, event.id, "pass_day")).status).toBe(201);
    expect((await register(next, event.id)).body.code).toBe("event_full");

    const participants = (await organiser.browser.get(`/api/event-participants/${event.id}`)).body.participants;
    const row = participants.find((p: { userId: number }) => p.userId === holder.user.id);
    expect((await organiser.browser.json("PATCH", `/api/event-participants/${event.id}/${row.id}`, { status: "rejected" })).status).toBe(200);
    expect(await balanceOf(holder)).toBe(300);
    expect(await shownSeats(event, organiser)).toBe(0);
    expect((await buy(holder, event.id)).body.code).toBe("event_registration_rejected");

    expect((await register(next, event.id)).status).toBe(200);
    expect(await shownSeats(event, organiser, next)).toBe(1);
    // Withdrawing frees the seat; taking it again takes it again.
    expect((await next.browser.json("DELETE", `/api/event-participants/${event.id}`)).status).toBe(200);
    expect(await shownSeats(event, organiser)).toBe(0);
    expect((await register(next, event.id)).status).toBe(200);
    expect(await shownSeats(event, organiser, next)).toBe(1);
    expect((await organiser.browser.json("DELETE", `/api/events/${event.slug}`)).status).toBe(200);
    expect((await buy(await fundedUser(server, admin, 300), event.id)).body.code).toBe("event_registration_closed");
  });
});

describe("buying respects the organiser's approval", () => {
  it("asks a stranger to register first, keeps a pending registrant waiting, refuses a rejected one, and sells to the approved", async () => {
    const organiser = await fundedUser(server, admin, 1000);
    const event = await publishedEvent(organiser, { requiresApproval: true });
    const [stranger, waiting, refused] = await Promise.all([fundedUser(server, admin, 500), fundedUser(server, admin, 500), fundedUser(server, admin, 500)]);

    expect((await buy(stranger, event.id)).body.code).toBe("event_approval_required");
    expect((await register(waiting, event.id)).body.status).toBe("pending");
    expect((await buy(waiting, event.id)).body.code).toBe("event_approval_pending");
    const page = (await waiting.browser.get(`/api/events/${event.slug}`)).body.event;
    expect([page.participantStatus, page.purchaseRefusal]).toEqual(["pending", "event_approval_pending"]);

    expect((await register(refused, event.id)).status).toBe(200);
    const rows = (await organiser.browser.get(`/api/event-participants/${event.id}`)).body.participants as { id: number; userId: number }[];
    const idOf = (member: Member) => rows.find((row) => row.userId === member.user.id)!.id;
    await organiser.browser.json("PATCH", `/api/event-participants/${event.id}/${idOf(refused)}`, { status: "rejected" });
    expect((await buy(refused, event.id)).body.code).toBe("event_registration_rejected");
    // Buying did not turn the organiser's "no" into a "yes".
    expect((await refused.browser.get(`/api/events/${event.slug}`)).body.event.participantStatus).toBe("rejected");

    await organiser.browser.json("PATCH", `/api/event-participants/${event.id}/${idOf(waiting)}`, { status: "approved" });
    expect((await waiting.browser.get(`/api/events/${event.slug}`)).body.event.purchaseRefusal).toBeNull();
    expect((await buy(waiting, event.id)).status).toBe(201);
    for (const member of [stranger, refused]) expect(await balanceOf(member)).toBe(500);
    expect(await balanceOf(waiting)).toBe(400);
  });

  it("lets a streamer the organiser assigned in without a registration, free once, and nobody else hand out free seats", async () => {
    const organiser = await fundedUser(server, admin, 1000);
    const event = await publishedEvent(organiser, { requiresApproval: true });
    const streamer = await fundedUser(server, admin, 1000);
    const member = await fundedUser(server, admin, 1000);
    await admin.put(`/api/admin/users/${streamer.user.id}/role`, { role: "streamer" });
    const moderator = await signedInUser(server);
    await admin.put(`/api/admin/users/${moderator.user.id}/role`, { role: "moderator" });

    // A moderator sees the streamer panel but assigns nobody; only a streamer can be assigned.
    expect((await moderator.browser.post("/api/assignments", { eventId: event.id, streamerId: streamer.user.id, role: "main_streamer" })).status).toBe(403);
    expect((await moderator.browser.get(`/api/assignments/event/${event.id}`)).status).toBe(200);
    expect((await organiser.browser.post("/api/assignments", { eventId: event.id, streamerId: member.user.id, role: "co_streamer" })).body.code).toBe("assignment_not_streamer");
    expect((await organiser.browser.post("/api/assignments", { eventId: event.id, streamerId: streamer.user.id, role: "main_streamer" })).status).toBe(201);

    // The panel shows the price the purchase will ask: 0 once, then the full price.
    const prices = async () => (await streamer.browser.get(`/api/tickets/types/${event.id}`)).body as { ticketTypes: { type: string; price: number; yourPrice: number }[]; priceReason: string };
    const before = await prices();
    expect([before.priceReason, before.ticketTypes.find((t) => t.type === "pass_full")?.yourPrice]).toEqual(["assigned_streamer", 0]);
    const ticket = await buy(streamer, event.id, "pass_full");
    expect([ticket.status, ticket.body.ticket?.price]).toEqual([201, 0]);
    const after = await prices();
    expect([after.priceReason, after.ticketTypes.find((t) => t.type === "match")?.yourPrice]).toEqual(["full_price", 100]);
    expect((await buy(streamer, event.id, "match")).body.ticket?.price).toBe(100);
    expect(await balanceOf(streamer)).toBe(900);
    // Free or paid, each ticket is a seat.
    expect(await shownSeats(event, organiser, streamer)).toBe(2);
  });
});

// The time rule (no sale once the event started) and the dashboards' figures are service tests now:
// server/tickets/service.test.ts and server/dashboard/service.test.ts.

describe("one visibility rule for a private event", () => {
  it("hides its page, participants, ticket types, registration and sales from strangers, not from the people it concerns", async () => {
    const organiser = await fundedUser(server, admin, 1000);
    const event = await publishedEvent(organiser, { isPublic: false });
    const stranger = await fundedUser(server, admin, 500);
    const streamer = await signedInUser(server);
    await admin.put(`/api/admin/users/${streamer.user.id}/role`, { role: "streamer" });
    expect((await organiser.browser.post("/api/assignments", { eventId: event.id, streamerId: streamer.user.id, role: "co_streamer" })).status).toBe(201);

    const paths = [`/api/events/${event.slug}`, `/api/event-participants/${event.id}`, `/api/tickets/types/${event.id}`, `/api/events/${event.slug}/calendar.ics`];
    for (const viewer of [new Browser(server.url), stranger.browser]) {
      for (const path of paths) expect({ path, status: (await viewer.request("GET", path)).status }).toEqual({ path, status: 404 });
    }
    expect((await register(stranger, event.id)).status).toBe(404);
    expect((await buy(stranger, event.id)).status).toBe(404);
    expect(await balanceOf(stranger)).toBe(500);
    expect((await new Browser(server.url).get("/api/events")).body.events.map((e: { id: number }) => e.id)).not.toContain(event.id);

    for (const viewer of [organiser.browser, admin, streamer.browser]) expect((await viewer.get(`/api/events/${event.slug}`)).status).toBe(200);
    expect((await buy(streamer, event.id)).status).toBe(201);
    expect((await streamer.browser.get(`/api/event-participants/${event.id}`)).status).toBe(200);
  });
});

describe("the door count of the night page (issue 18, item 5)", () => {
  /** Counted by hand from the raw ticket rows: valid tickets scanned at the door. */
  async function enteredByHand(eventId: number): Promise<number> {
    const tickets = await server.deps.db.selectFrom("ticket").select(["status", "checked_in_at"]).where("event_id", "=", eventId).execute();
    return tickets.filter((ticket) => ticket.status === "valid" && ticket.checked_in_at !== null).length;
  }
  const doorOf = async (browser: Browser, slug: string) => (await browser.get(`/api/events/${slug}/night`)).body.door;

  it("counts the tickets scanned at the door over the seats, for the organiser only; a refunded ticket leaves the count", async () => {
    const organiser = await fundedUser(server, admin, 1000);
    const event = await publishedEvent(organiser, { maxParticipants: 5 });
    const buyers = await Promise.all([1, 2, 3].map(() => fundedUser(server, admin, 300)));
    const tickets = [];
    for (const buyer of buyers) tickets.push((await buy(buyer, event.id)).body.ticket as { code: string });
    expect(await doorOf(organiser.browser, event.slug)).toEqual({ entered: 0, seats: 5 });
    for (const ticket of tickets.slice(0, 2)) expect((await organiser.browser.post("/api/tickets/validate", { qr: ticket.code, eventId: event.id })).status).toBe(200);
    expect(await doorOf(organiser.browser, event.slug)).toEqual({ entered: await enteredByHand(event.id), seats: 5 });
    expect(await enteredByHand(event.id)).toBe(2);
    // Nobody else sees it: not a buyer, not a visitor.
    expect(await doorOf(buyers[2]!.browser, event.slug)).toBeNull();
    expect(await doorOf(new Browser(server.url), event.slug)).toBeNull();
    // A ticket holder the organiser rejects is refunded: their ticket no longer counts at the door.
    const participants = (await organiser.browser.get(`/api/event-participants/${event.id}`)).body.participants;
    const row = participants.find((p: { userId: number }) => p.userId === buyers[0]!.user.id);
    expect((await organiser.browser.json("PATCH", `/api/event-participants/${event.id}/${row.id}`, { status: "rejected" })).status).toBe(200);
    expect(await doorOf(organiser.browser, event.slug)).toEqual({ entered: await enteredByHand(event.id), seats: 5 });
    expect(await enteredByHand(event.id)).toBe(1);
  });

  it("counts over the seats taken when the event has no limit", async () => {
    const organiser = await fundedUser(server, admin, 1000);
    const event = await publishedEvent(organiser, { maxParticipants: null });
    const buyer = await fundedUser(server, admin, 300);
    const ticket = (await buy(buyer, event.id)).body.ticket as { code: string };
    expect((await register(await fundedUser(server, admin, 0), event.id)).status).toBe(200);
    expect((await organiser.browser.post("/api/tickets/validate", { qr: ticket.code, eventId: event.id })).status).toBe(200);
    expect(await doorOf(organiser.browser, event.slug)).toEqual({ entered: 1, seats: await seatsCountedByHand(server.deps.db, event.id) });
    expect(await seatsCountedByHand(server.deps.db, event.id)).toBe(2);
  });
});
