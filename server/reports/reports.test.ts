import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { connect } from "../../tests/fixtures/sockets.ts";
import { reportsPerMember } from "./service.ts";

const admin = { username: "root_admin", email: "root@example.test", password: "admin password 1" };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_USERNAME: admin.username, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
});
afterAll(() => server.stop());

async function moderator(): Promise<Browser> {
  const browser = new Browser(server.url);
  await browser.post("/api/auth/login", { login: admin.username, password: admin.password });
  const mod = await signedInUser(server);
  await browser.put(`/api/admin/users/${mod.user.id}/role`, { role: "moderator" });
  return mod.browser;
}

async function streamer() {
  const user = await signedInUser(server);
  await user.browser.post("/api/stream/mychannel/init");
  const channelArn = (await user.browser.get("/api/stream/mychannelinfo")).body.channelArn as string;
  return { ...user, channelArn };
}

describe("reports", () => {
  it("stores a report and answers the spec's toast", async () => {
    const target = await streamer();
    const reporter = await signedInUser(server);
    const res = await reporter.browser.post("/api/report", { targetType: "stream", targetId: target.channelArn, reason: "Hateful words on stream" });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(`You reported ${target.account.username}`);
  });

  it("takes a member's reports up to the hourly limit, then answers 429 and stores nothing more", async () => {
    const target = await streamer();
    const reporter = await signedInUser(server);
    const report = () => reporter.browser.post("/api/report", { targetType: "stream", targetId: target.channelArn, reason: "Spam in the title again" });
    for (let i = 0; i < reportsPerMember.max; i++) expect((await report()).status).toBe(201);
    const refused = await report();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("too_many_requests");
    const stored = await server.deps.db
      .selectFrom("report")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("reporter_id", "=", reporter.user.id)
      .executeTakeFirstOrThrow();
    expect(stored.n).toBe(reportsPerMember.max);
    expect((await (await signedInUser(server)).browser.post("/api/report", { targetType: "stream", targetId: target.channelArn, reason: "Spam in the title again" })).status).toBe(201);
  });

  it("names a reported tournament and its organiser for the moderators", async () => {
    const organiser = await signedInUser(server);
    const form = new FormData();
    for (const [key, value] of Object.entries({ tournamentName: "Coupe douteuse", format: "s_elim", size: "4", gameID: "1", timeZone: "Europe/Paris" })) form.append(key, value);
    const created = await organiser.browser.post("/api/tournament/create-tournament", form);
    expect(created.status).toBe(201);
    const res = await (await signedInUser(server)).browser.post("/api/report", { targetType: "tournament", targetId: String(created.body.id), reason: "Fake prize pool announced" });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(`You reported ${organiser.account.username}`);
    expect((await (await signedInUser(server)).browser.post("/api/report", { targetType: "tournament", targetId: "999999", reason: "Fake prize pool announced" })).status).toBe(404);
  });

  it("needs a reason of 10 characters, a session and a real target", async () => {
    const target = await streamer();
    const reporter = await signedInUser(server);
    const short = await reporter.browser.post("/api/report", { targetType: "stream", targetId: target.channelArn, reason: "bad" });
    expect(short.status).toBe(400);
    expect(short.body.errors[0]).toMatchObject({ field: "reason", msg: "You need to report with reason!" });
    expect((await new Browser(server.url).post("/api/report", { targetType: "stream", targetId: target.channelArn, reason: "long enough reason" })).status).toBe(401);
    expect((await reporter.browser.post("/api/report", { targetType: "replay", targetId: 999999, reason: "long enough reason" })).status).toBe(404);
  });

  it("shows the queue to moderators only, and lets them dismiss or suspend", async () => {
    const target = await streamer();
    const reporter = await signedInUser(server);
    await reporter.browser.post("/api/report", { targetType: "user", targetId: target.user.id, reason: "Impersonates a pro player" });
    expect((await reporter.browser.get("/api/reports")).status).toBe(403);
    const mod = await moderator();
    const queue = (await mod.get("/api/reports")).body.reports;
    const report = queue.find((r: { targetUser: { username: string } | null }) => r.targetUser?.username === target.account.username);
    expect(report).toMatchObject({ targetType: "user", reason: "Impersonates a pro player", status: "open", reporter: { username: reporter.account.username } });
    expect((await mod.json("PATCH", `/api/reports/${report.id}`, { status: "actioned", action: "suspend_account" })).status).toBe(200);
    expect((await target.browser.get("/api/auth/me")).status).toBe(401);
    // The suspension is in the site's audit log, naming the report it came from (issue 34, item 19).
    const console = new Browser(server.url);
    await console.post("/api/auth/login", { login: admin.username, password: admin.password });
    const log = (await console.get(`/api/admin/audit?targetType=user&targetId=${target.user.id}`)).body.entries;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: "user.suspend", before: { suspendedAt: null }, after: { report: report.id } });
    expect((await new Browser(server.url).post("/api/auth/login", { login: target.account.username, password: target.account.password })).status).toBe(403);
    expect((await mod.get("/api/reports?status=actioned")).body.reports.some((r: { id: number }) => r.id === report.id)).toBe(true);
  });

  it("dismisses a report, taking it out of the open queue", async () => {
    const host = await streamer();
    const reporter = await signedInUser(server);
    await reporter.browser.post("/api/report", { targetType: "stream", targetId: host.channelArn, reason: "The owner isn't moderating chat" });
    const mod = await moderator();
    const report = (await mod.get("/api/reports")).body.reports.find((r: { targetUser: { username: string } | null }) => r.targetUser?.username === host.account.username);
    expect((await mod.json("PATCH", `/api/reports/${report.id}`, { status: "dismissed" })).status).toBe(200);
    expect((await mod.get("/api/reports")).body.reports.some((r: { id: number }) => r.id === report.id)).toBe(false);
  });

  it("bans the author of a reported chat message from that chat", async () => {
    const host = await streamer();
    const troll = await signedInUser(server);
    const writer = await connect(server.url, "/writechat", { cookie: `arena_session=${troll.browser.cookies.get("arena_session")}` });
    try {
      const sent = await writer.emitWithAck("message", { message: "insults everywhere", streamID: host.channelArn });
      await host.browser.post("/api/report", { targetType: "message", targetId: sent.message.id, reason: "Insults in the chat" });
      const mod = await moderator();
      const report = (await mod.get("/api/reports")).body.reports.find((r: { targetType: string; targetId: string }) => r.targetType === "message" && r.targetId === String(sent.message.id));
      expect(report.targetLabel).toBe("insults everywhere");
      expect((await mod.json("PATCH", `/api/reports/${report.id}`, { status: "actioned", action: "ban_chat" })).status).toBe(200);
      expect((await writer.emitWithAck("message", { message: "still here", streamID: host.channelArn })).code).toBe("chat_banned");
      const mismatch = await mod.json("PATCH", `/api/reports/${report.id}`, { status: "actioned", action: "hide_replay" });
      expect(mismatch.status).toBe(400);
    } finally {
      writer.close();
    }
  });
});
