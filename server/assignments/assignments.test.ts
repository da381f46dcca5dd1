import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { auditLedgerThenStop, publishedEvent } from "../../tests/fixtures/money.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

const admin = { username: "root_admin", email: "root@example.test", password: "admin password 1" };
let server: TestServer;
let adminBrowser: Browser;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_USERNAME: admin.username, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  adminBrowser = new Browser(server.url);
  await adminBrowser.post("/api/auth/login", { login: admin.username, password: admin.password });
});
afterAll(() => auditLedgerThenStop(server));

async function organiserWithEvent() {
  const organiser = await signedInUser(server);
  await adminBrowser.post("/api/wallet/credit", { userId: organiser.user.id, amount: 1000 });
  await adminBrowser.put(`/api/admin/users/${organiser.user.id}/role`, { role: "organizer" });
  // A reference price above 0 and no types of its own: it sells the default types (issue 34, item 1).
  const event = await publishedEvent(organiser, {
    name: "Finale régionale",
    description: "La finale de la ligue régionale",
    categoryId: 1,
    startDate: new Date(Date.now() + 86_400_000).toISOString(),
    endDate: undefined,
    maxParticipants: undefined,
  });
  return { organiser, event };
}

describe("streamer assignments", () => {
  it("lets the owner assign a streamer, who then enters free, and nobody else manage it", async () => {
    const { organiser, event } = await organiserWithEvent();
    const streamer = await signedInUser(server);
    await adminBrowser.put(`/api/admin/users/${streamer.user.id}/role`, { role: "streamer" });
    expect((await new Browser(server.url).get("/api/users/streamers")).body.streamers.map((s: { username: string }) => s.username)).toContain(streamer.account.username);
    const missing = await organiser.browser.speaking("fr").post("/api/assignments", { eventId: event.id, role: "co_streamer" });
    expect(missing.body.msg).toBe("Veuillez sélectionner un streamer");
    const assigned = await organiser.browser.post("/api/assignments", { eventId: event.id, streamerId: streamer.user.id, role: "main_streamer", notes: "Cast de la finale" });
    expect(assigned.status).toBe(201);
    expect(assigned.body.assignment).toMatchObject({ role: "main_streamer", streamer: { username: streamer.account.username }, event: { name: "Finale régionale" } });
    expect((await organiser.browser.post("/api/assignments", { eventId: event.id, streamerId: streamer.user.id })).status).toBe(409);
    expect((await new Browser(server.url).get(`/api/assignments/check/${event.id}/${streamer.user.id}`)).body).toMatchObject({ isAssigned: true, role: "main_streamer" });
    const free = await streamer.browser.post("/api/tickets/purchase", { userId: String(streamer.user.id), eventId: event.id, ticketType: "pass_full", price: 0 });
    expect(free.status).toBe(201);
    const stranger = await signedInUser(server);
    expect((await stranger.browser.get(`/api/assignments/event/${event.id}`)).status).toBe(403);
    expect((await stranger.browser.json("DELETE", `/api/assignments/${assigned.body.assignment.id}`)).status).toBe(403);
    expect((await streamer.browser.get(`/api/assignments/streamer/${streamer.user.id}`)).body.assignments).toHaveLength(1);
    expect((await organiser.browser.json("DELETE", `/api/assignments/${assigned.body.assignment.id}`)).status).toBe(200);
  });
});

describe("GET /api/dashboard", () => {
  it("fills each role's cards with real figures", async () => {
    const { organiser, event } = await organiserWithEvent();
    const buyer = await signedInUser(server);
    await adminBrowser.post("/api/wallet/credit", { userId: buyer.user.id, amount: 300 });
    await buyer.browser.post("/api/tickets/purchase", { userId: String(buyer.user.id), eventId: event.id, ticketType: "pass_day", price: 200 });
    expect((await organiser.browser.get("/api/dashboard")).body).toMatchObject({ role: "organizer", stats: { createdEvents: 1, activeEvents: 1, revenue: 200, ticketsSold: 1 } });
    expect((await buyer.browser.get("/api/dashboard")).body).toMatchObject({ role: "viewer", stats: { tickets: 1 } });
    const adminStats = (await adminBrowser.get("/api/dashboard")).body.stats;
    expect(adminStats.users).toBeGreaterThanOrEqual(3);
    expect(adminStats.revenue).toBeGreaterThanOrEqual(200);
    expect((await new Browser(server.url).get("/api/dashboard")).status).toBe(401);
  });
});
