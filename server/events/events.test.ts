import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ADMIN_ENV, adminBrowserOf, auditLedger, fundedUser as fundedMember, inHours as future, publishedEvent } from "../../tests/fixtures/money.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { makeImage } from "../../tests/fixtures/images.ts";
import { creationCost } from "./cost.ts";

let server: TestServer;
let adminBrowser: Browser;
beforeAll(async () => {
  server = await startTestServer({ DEMO: "0", ...ADMIN_ENV });
  adminBrowser = await adminBrowserOf(server);
});
afterAll(async () => {
  await auditLedger(server.deps.db);
  await server.stop();
});

const HOUR = 3_600_000;
const fundedUser = (coins: number) => fundedMember(server, adminBrowser, coins);

describe("creation cost", () => {
  it("follows the formula over its whole table", () => {
    const start = Date.UTC(2027, 0, 1);
    const multipliers = { 1: 2, 2: 1.5, 3: 1, 4: 1.3, 5: 2.5, 6: 0.8, 99: 1 } as Record<number, number>;
    const durations: [number | null, number][] = [
      [null, 1],
      [4, 1],
      [4.5, 1.2],
      [8, 1.2],
      [9, 1.5],
      [24, 1.5],
      [25, 2],
    ];
    const seats: [number | null, number][] = [
      [1, 1],
      [50, 1],
      [51, 1.5],
      [100, 1.5],
      [101, 2],
      [500, 2],
      [501, 2.5],
      [1000, 2.5],
      [1001, 3],
      [null, 3],
    ];
    for (const [category, cm] of Object.entries(multipliers)) {
      for (const [hours, dm] of durations) {
        for (const [max, pm] of seats) {
          expect(creationCost(Number(category), start, hours === null ? null : start + hours * HOUR, max)).toBe(Math.ceil(50 * cm * dm * pm));
        }
      }
    }
  });
});

describe("POST /api/events", () => {
  it("checks the fields in the spec's order with its messages", async () => {
    const organiser = await fundedUser(0);
    const post = (body: Record<string, unknown>) => organiser.browser.post("/api/events", body);
    const base = { name: "LAN d'hiver", description: "Trois jours de jeux en réseau", categoryId: 2, startDate: future(48) };
    expect((await post({ ...base, name: "ab" })).body.msg).toBe("Event name is required and must be at least 3 characters");
    expect((await post({ ...base, description: "court" })).body.msg).toBe("Event description is required and must be at least 10 characters");
    expect((await post({ ...base, categoryId: undefined })).body.msg).toBe("Please select an event category");
    expect((await post({ ...base, startDate: "" })).body.msg).toBe("Start date is required");
    expect((await post({ ...base, startDate: future(-1) })).body.msg).toBe("Start date must be in the future");
    expect((await post({ ...base, endDate: future(47) })).body.msg).toBe("End date must be after start date");
    const poor = await post(base);
    expect(poor.status).toBe(402);
    expect(poor.body.msg).toBe(`Insufficient G-Coins! You need ${creationCost(2, Date.parse(base.startDate), null, null)} G-Coins to create this event.`);
  });

  it("debits the server's cost with the event, whatever the client claims", async () => {
    const organiser = await fundedUser(1000);
    const start = future(72);
    const res = await organiser.browser.post("/api/events", {
      name: "Watch party finale",
      description: "On regarde la finale ensemble",
      categoryId: 6,
      startDate: start,
      endDate: future(75),
      maxParticipants: 30,
      creationCost: 1,
    });
    const cost = creationCost(6, Date.parse(start), Date.parse(future(75)), 30);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(`Event created successfully! ${cost} G-Coins debited from your wallet.`);
    expect(res.body.event).toMatchObject({ status: "draft", slug: "watch-party-finale", createdBy: String(organiser.user.id) });
    expect((await organiser.browser.get(`/api/wallet/balance/${organiser.user.id}`)).body.balance).toBe(1000 - cost);
    const again = await organiser.browser.post("/api/events", { name: "Watch party finale", description: "On regarde la finale ensemble", categoryId: 6, startDate: start });
    expect(again.body.event.slug).toBe("watch-party-finale-2");
  });
});

describe("wallet", () => {
  it("hides another user's wallet, and refuses credits outside admins and the demo top-up", async () => {
    const alice = await fundedUser(100);
    const bob = await fundedUser(0);
    expect((await bob.browser.get(`/api/wallet/balance/${alice.user.id}`)).status).toBe(404);
    expect((await bob.browser.post("/api/wallet/debit", { userId: alice.user.id, amount: 10 })).status).toBe(404);
    expect((await bob.browser.post("/api/wallet/credit", { userId: bob.user.id, amount: 1000 })).status).toBe(403);
    expect((await adminBrowser.get(`/api/wallet/balance/${alice.user.id}`)).body.balance).toBe(100);
  });

  it("answers a debit that would overdraw with 402 and the balance, and moves nothing", async () => {
    const spender = await fundedUser(10);
    const refused = await spender.browser.post("/api/wallet/debit", { userId: spender.user.id, amount: 11 });
    expect([refused.status, refused.body.code, refused.body.balance]).toEqual([402, "insufficient_balance", 10]);
    expect((await spender.browser.get(`/api/wallet/balance/${spender.user.id}`)).body.balance).toBe(10);
  });
});

describe("tickets", () => {
  it("refuses a buyer short of G-Coins with the spec's message, and a price the server does not ask", async () => {
    const organiser = await fundedUser(1000);
    const event = await publishedEvent(organiser);
    const buyer = await fundedUser(50);
    const poor = await buyer.browser.speaking("fr").post("/api/tickets/purchase", { userId: String(buyer.user.id), eventId: event.id, ticketType: "pass_day", price: 200 });
    expect(poor.status).toBe(402);
    expect(poor.body.msg).toBe("Solde insuffisant. Requis: 200 G-Coins, Disponible: 50 G-Coins");
    const cheat = await buyer.browser.post("/api/tickets/purchase", { userId: String(buyer.user.id), eventId: event.id, ticketType: "pass_day", price: 1 });
    expect(cheat.status).toBe(400);
    expect(cheat.body.code).toBe("ticket_price_changed");
    const noType = await buyer.browser.speaking("fr").post("/api/tickets/purchase", { userId: String(buyer.user.id), eventId: event.id });
    expect(noType.body.msg).toBe("Veuillez sélectionner un type de billet");
    const other = await fundedUser(500);
    expect((await buyer.browser.post("/api/tickets/purchase", { userId: String(other.user.id), eventId: event.id, ticketType: "match", price: 100 })).status).toBe(403);
  });

  it("admits a ticket once at the door and refuses a forged one", async () => {
    const organiser = await fundedUser(1000);
    const event = await publishedEvent(organiser);
    const buyer = await fundedUser(500);
    const bought = await buyer.browser.speaking("fr").post("/api/tickets/purchase", { userId: String(buyer.user.id), eventId: event.id, ticketType: "match", price: 100 });
    expect(bought.body.message).toBe("Billet acheté avec succès!");
    const qr = bought.body.ticket.qr_code as string;
    expect(qr).toMatch(/^ARENA1\.[\w-]+\.[\w-]+$/);
    const first = await organiser.browser.post("/api/tickets/validate", { qr, eventId: event.id });
    expect(first.status).toBe(200);
    expect(first.body.ticket.username).toBe(buyer.account.username);
    const second = await organiser.browser.post("/api/tickets/validate", { qr, eventId: event.id });
    expect(second.status).toBe(409);
    expect(second.body.msg).toMatch(/^Already checked in at \d\d:\d\d \(UTC\)\.$/);
    expect(second.body.username).toBe(buyer.account.username);
    const [prefix, body, signature] = qr.split(".");
    const tampered = JSON.parse(Buffer.from(body!, "base64url").toString());
    tampered.c = "someone-elses";
    const forged = await organiser.browser.post("/api/tickets/validate", { qr: `${prefix}.${Buffer.from(JSON.stringify(tampered)).toString("base64url")}.${signature}` });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe("ticket_forged");
    const stranger = await fundedUser(0);
    expect((await stranger.browser.post("/api/tickets/validate", { qr })).status).toBe(403);
    const typed = await buyer.browser.post("/api/tickets/purchase", { userId: String(buyer.user.id), eventId: event.id, ticketType: "match", price: 100 });
    const byCode = await organiser.browser.post("/api/tickets/validate", { qr: ` ${typed.body.ticket.code} `, eventId: event.id });
    expect(byCode.status).toBe(200);
    expect((await organiser.browser.post("/api/tickets/validate", { qr: typed.body.ticket.code })).body.code).toBe("ticket_already_used");
    const unknown = await organiser.browser.post("/api/tickets/validate", { qr: "AAAAAAAAAAAA" });
    expect([unknown.status, unknown.body.code]).toEqual([404, "ticket_unknown_code"]);
    const key = (await new Browser(server.url).get("/api/tickets/public-key")).body;
    expect(key.publicKey).toContain("BEGIN PUBLIC KEY");
  });

  it("refunds every ticket when the event is cancelled, and revokes them", async () => {
    const organiser = await fundedUser(1000);
    const event = await publishedEvent(organiser);
    const buyer = await fundedUser(500);
    const bought = await buyer.browser.post("/api/tickets/purchase", { userId: String(buyer.user.id), eventId: event.id, ticketType: "pass_full", price: 500 });
    expect((await buyer.browser.get(`/api/wallet/balance/${buyer.user.id}`)).body.balance).toBe(0);
    const cancelled = await organiser.browser.json("DELETE", `/api/events/${event.slug}`);
    expect(cancelled.status).toBe(200);
    expect((await buyer.browser.get(`/api/wallet/balance/${buyer.user.id}`)).body.balance).toBe(500);
    expect((await organiser.browser.get(`/api/tickets/event/${event.id}/revoked`)).body.revoked).toEqual([bought.body.ticket.code]);
    const refused = await organiser.browser.post("/api/tickets/validate", { qr: bought.body.ticket.qr_code });
    expect(refused.body.code).toBe("ticket_refunded");
    expect((await new Browser(server.url).get(`/api/events/${event.slug}`)).body.event.status).toBe("cancelled");
  });
});

describe("registration", () => {
  it("opens only when published and not full, with approval when asked", async () => {
    const organiser = await fundedUser(1000);
    const draft = (
      await organiser.browser.post("/api/events", {
        name: "Atelier OBS",
        description: "Apprendre à streamer avec OBS",
        categoryId: 4,
        startDate: future(30),
        maxParticipants: 1,
        requiresApproval: true,
      })
    ).body.event;
    const viewer = await signedInUser(server);
    // A draft is seen by its organiser only (access/policy.ts): to anyone else it does not exist yet.
    expect((await viewer.browser.post(`/api/event-participants/${draft.id}`)).body.msg).toBe("Event not found");
    await organiser.browser.json("PUT", `/api/events/${draft.slug}/publish`);
    expect((await viewer.browser.post(`/api/event-participants/${draft.id}`)).body).toMatchObject({ status: "pending", message: "Successfully registered for event!" });
    const late = await signedInUser(server);
    expect((await late.browser.post(`/api/event-participants/${draft.id}`)).body.code).toBe("event_full");
    const participants = (await organiser.browser.get(`/api/event-participants/${draft.id}`)).body.participants;
    expect(participants[0].user.email).toBe(viewer.account.email);
    expect((await viewer.browser.json("PATCH", `/api/event-participants/${draft.id}/${participants[0].id}`, { status: "approved" })).status).toBe(403);
    expect((await organiser.browser.json("PATCH", `/api/event-participants/${draft.id}/${participants[0].id}`, { status: "approved" })).status).toBe(200);
    expect((await viewer.browser.get("/api/events/joined-events")).body.events[0].participantStatus).toBe("approved");
    await organiser.browser.json("PATCH", `/api/events/${draft.id}`, { status: "active" });
    expect((await (await signedInUser(server)).browser.post(`/api/event-participants/${draft.id}`)).body.msg).toBe("Registration Closed");
  });
});

describe("GET /api/events/{slug}/calendar.ics", () => {
  it("gives a calendar file with the event's times, escaped text and link", async () => {
    const organiser = await fundedUser(1000);
    const event = await publishedEvent(organiser, { name: "LAN, saison 2; finale", location: "Salle des fêtes" });
    const res = await fetch(`${server.url}/api/events/${event.slug}/calendar.ics`);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    const text = await res.text();
    expect(text).toContain("BEGIN:VEVENT\r\n");
    expect(text).toContain("SUMMARY:LAN\\, saison 2\\; finale");
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(text).toContain(`URL:${server.url}/events/${event.slug}`);
  });
});

describe("PUT /api/events/{slug}", () => {
  it("changes only what it names: approval, privacy, seats, place and price stay as saved", async () => {
    const organiser = await fundedUser(1000);
    const event = await publishedEvent(organiser, { isPublic: false, requiresApproval: true, maxParticipants: 12, location: "Salle des fêtes", ticketPrice: 8 });
    const saved = await organiser.browser.put(`/api/events/${event.slug}`, { name: "LAN d'hiver, édition 2" });
    expect(saved.status).toBe(200);
    expect(saved.body.event).toMatchObject({ name: "LAN d'hiver, édition 2", isPublic: false, requiresApproval: true, maxParticipants: 12, location: "Salle des fêtes", ticketPrice: 8 });
  });

  it("charges the creation cost's difference when seats or duration grow, and refunds it when they shrink", async () => {
    const organiser = await fundedUser(1000);
    const startDate = future(48);
    const event = await publishedEvent(organiser, { categoryId: 3, startDate, endDate: future(50), maxParticipants: 10 });
    const start = Date.parse(startDate);
    const costOf = (hours: number, seats: number | null) => creationCost(3, start, start + hours * HOUR, seats);
    const balance = async () => (await organiser.browser.get(`/api/wallet/balance/${organiser.user.id}`)).body.balance as number;
    const before = await balance();
    expect(before).toBe(1000 - costOf(2, 10));

    expect((await organiser.browser.put(`/api/events/${event.slug}`, { maxParticipants: 600, endDate: new Date(start + 30 * HOUR).toISOString() })).status).toBe(200);
    expect(await balance()).toBe(1000 - costOf(30, 600));
    expect((await organiser.browser.put(`/api/events/${event.slug}`, { maxParticipants: 10, endDate: new Date(start + 2 * HOUR).toISOString() })).status).toBe(200);
    expect(await balance()).toBe(before);
    const ledger = await server.deps.db
      .selectFrom("wallet_transaction")
      .select(["amount", "type"])
      .where("user_id", "=", organiser.user.id)
      .where("ref_type", "=", "event")
      .where("ref_id", "=", event.id)
      .orderBy("id")
      .execute();
    expect(ledger.map((row) => row.amount)).toEqual([-costOf(2, 10), -(costOf(30, 600) - costOf(2, 10)), costOf(30, 600) - costOf(2, 10)]);

    // Growing past what the wallet holds changes nothing.
    const poor = await fundedUser(0);
    await adminBrowser.post("/api/wallet/credit", { userId: poor.user.id, amount: costOf(2, 10) });
    const small = await publishedEvent(poor, { categoryId: 3, startDate, endDate: future(50), maxParticipants: 10 });
    const refused = await poor.browser.put(`/api/events/${small.slug}`, { maxParticipants: 2000 });
    expect([refused.status, refused.body.code]).toEqual([402, "event_edit_insufficient_coins"]);
    expect((await new Browser(server.url).get(`/api/events/${small.slug}`)).body.event.maxParticipants).toBe(10);
  });

  it("links a tournament that exists, and refuses one that does not, at creation and on edit", async () => {
    const organiser = await fundedUser(1000);
    const unknown = await organiser.browser.post("/api/events", { name: "Finale", description: "La finale de la coupe", categoryId: 1, startDate: future(24), tournamentId: 999_999 });
    expect([unknown.status, unknown.body.errors?.[0]?.field, unknown.body.code]).toEqual([400, "tournamentId", "tournament_not_found"]);
    const form = new FormData();
    for (const [key, value] of Object.entries({ tournamentName: "Coupe du Rhône", format: "s_elim", size: "4", gameID: "1", timeZone: "Europe/Paris", description: "Coupe amicale", rules: "Bo1" }))
      form.append(key, value);
    const tournamentId = (await organiser.browser.post("/api/tournament/create-tournament", form)).body.id as number;
    const event = await publishedEvent(organiser);
    expect((await organiser.browser.put(`/api/events/${event.slug}`, { tournamentId: 999_999 })).body.code).toBe("tournament_not_found");
    const linked = await organiser.browser.put(`/api/events/${event.slug}`, { tournamentId });
    expect(linked.body.event.tournamentId).toBe(tournamentId);
  });
});

describe("cover images", () => {
  it("takes a picture uploaded here or an http(s) image address, and nothing that could escape the page's url()", async () => {
    const organiser = await fundedUser(2000);
    const create = (coverImage: string) =>
      organiser.browser.post("/api/events", { name: "Soirée rétro", description: "Jeux des années 90 sur écran cathodique", categoryId: 3, startDate: future(24), coverImage });
    for (const bad of ["/api/auth/logout", "javascript:alert(1)", 'https://images.example/a.png") ; background: url("/x', "https://images.example/a b.png", "data:image/png;base64,AAAA"]) {
      const refused = await create(bad);
      expect({ bad, status: refused.status, code: refused.body.code }).toEqual({ bad, status: 400, code: "event_cover_invalid" });
    }
    for (const good of ["https://images.example/covers/retro.png", "/uploads/covers/abc123.webp", ""]) expect((await create(good)).status).toBe(201);
    const event = (await create("https://images.example/covers/retro.png")).body.event;
    expect((await organiser.browser.put(`/api/events/${event.slug}`, { coverImage: "/api/auth/logout" })).body.code).toBe("event_cover_invalid");
  });
});

describe("POST /api/events/cover", () => {
  it("stores an uploaded picture as a 1280×720 WebP the event then wears, and refuses what is not a picture", async () => {
    const organiser = await fundedUser(2000);
    const form = new FormData();
    form.append("filename", new File([(await makeImage("png", "1600x900")) as Uint8Array<ArrayBuffer>], "cover.png", { type: "image/png" }));
    const stored = await organiser.browser.post("/api/events/cover", form);
    expect(stored.status).toBe(200);
    expect(stored.body.coverImage).toMatch(/^\/uploads\/event-covers\/\d+-[0-9a-f]+\.webp$/);
    const picture = await fetch(server.url + stored.body.coverImage);
    expect(picture.status).toBe(200);
    expect(
      Buffer.from(await picture.arrayBuffer())
        .subarray(8, 12)
        .toString("latin1"),
    ).toBe("WEBP");
    const created = await organiser.browser.post("/api/events", {
      name: "Soirée couverte",
      description: "Une soirée avec une vraie affiche",
      categoryId: 3,
      startDate: future(30),
      coverImage: stored.body.coverImage,
    });
    expect(created.body.event.coverImage).toBe(stored.body.coverImage);

    const text = new FormData();
    text.append("filename", new File(["<svg onload=alert(1)>"], "cover.svg", { type: "image/svg+xml" }));
    expect((await organiser.browser.post("/api/events/cover", text)).body.code).toBe("upload_not_image");
    expect((await new Browser(server.url).post("/api/events/cover", form)).status).toBe(401);
  });
});
