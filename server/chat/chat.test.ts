import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Socket } from "socket.io-client";
import { freePortOutsideEphemeralRange } from "../../media/ports.ts";
import { waitFor } from "../../tests/fixtures/publisher.ts";
import { startMainProcess } from "../../tests/fixtures/process.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { collect, connect, nextEvent } from "../../tests/fixtures/sockets.ts";
import { emptyTournamentOf } from "../../tests/fixtures/tournaments.ts";

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.stop();
});

const cookieOf = (browser: Browser) => `arena_session=${browser.cookies.get("arena_session")}`;

/** A streamer's channel: its stream id is the public channel id (never the stream key). */
async function channel() {
  const owner = await signedInUser(server);
  await owner.browser.post("/api/stream/mychannel/init");
  const info = (await owner.browser.get("/api/stream/mychannelinfo")).body;
  return { owner, streamID: info.channelArn as string };
}

async function reader(streamID: string, cookie?: string) {
  const socket = await connect(server.url, "/readchat", { cookie });
  sockets.push(socket);
  expect(await socket.emitWithAck("join", streamID)).toBe(true);
  return socket;
}

async function writer(streamID: string, cookie?: string, lang?: string) {
  const socket = await connect(server.url, "/writechat", { cookie, lang });
  sockets.push(socket);
  await socket.emitWithAck("join", streamID);
  return socket;
}

const say = (socket: Socket, streamID: string, message: string, extra: Record<string, unknown> = {}) => socket.emitWithAck("message", { message, streamID, ...extra });

describe("chat", () => {
  it("delivers a logged-in user's message to every reader of the room, stored first", async () => {
    const { streamID } = await channel();
    const alice = await signedInUser(server);
    const [one, two] = [await reader(streamID), await reader(streamID)];
    const elsewhere = await reader((await channel()).streamID);
    const strayed = collect(elsewhere, "send");
    const arrivals = [nextEvent<{ message: string; username: string }>(one, "send"), nextEvent<{ message: string }>(two, "send")] as const;
    const answer = await say(await writer(streamID, cookieOf(alice.browser)), streamID, "  gg wp  ");
    expect(answer.ok).toBe(true);
    const [first, second] = await Promise.all(arrivals);
    expect(first).toMatchObject({ message: "gg wp", username: alice.account.username });
    expect(second.message).toBe("gg wp");
    const history = (await new Browser(server.url).get(`/api/messages/${streamID}?limit=50`)).body;
    expect(history.at(-1)).toMatchObject({ content: "gg wp", streamId: streamID, username: alice.account.username });
    expect(strayed).toEqual([]);
  });

  it("refuses a visitor with 'You need to login'", async () => {
    const { streamID } = await channel();
    const answer = await say(await writer(streamID), streamID, "hello");
    expect(answer).toMatchObject({ ok: false, code: "chat_login_required", msg: "You need to login" });
  });

  it("takes the author from the session, never from the payload", async () => {
    const { streamID, owner } = await channel();
    const mallory = await signedInUser(server);
    const listener = await reader(streamID);
    const arrival = nextEvent<{ username: string; avatar: string | null }>(listener, "send");
    await say(await writer(streamID, cookieOf(mallory.browser)), streamID, "I am the streamer", { username: owner.account.username, avatar: "/evil.png" });
    const message = await arrival;
    expect(message.username).toBe(mallory.account.username);
    expect(message.avatar).toBeNull();
  });

  it("keeps HTML as plain text", async () => {
    const { streamID } = await channel();
    const alice = await signedInUser(server);
    const html = '<img src=x onerror="alert(1)"><b>bold</b>';
    const answer = await say(await writer(streamID, cookieOf(alice.browser)), streamID, html);
    expect(answer.message.message).toBe(html);
    expect((await new Browser(server.url).get(`/api/messages/${streamID}`)).body.at(-1).content).toBe(html);
  });

  it("refuses empty and over-long messages, drops a double send and limits the rate", async () => {
    const { streamID } = await channel();
    const alice = await signedInUser(server);
    const socket = await writer(streamID, cookieOf(alice.browser));
    expect((await say(socket, streamID, "   ")).code).toBe("chat_message_empty");
    expect((await say(socket, streamID, "x".repeat(501))).code).toBe("chat_message_too_long");
    expect((await say(socket, streamID, "gg\u0000wp")).code).toBe("invalid_input");
    expect((await say(socket, streamID, "x".repeat(500))).ok).toBe(true);
    expect(await say(socket, streamID, "x".repeat(500))).toEqual({ ok: true, message: null });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await say(socket, streamID, `spam ${i}`));
    expect(answers.filter((a) => a.ok).length).toBeLessThanOrEqual(3);
    expect(answers.at(-1)).toMatchObject({ ok: false, code: "chat_rate_limited", msg: "You are sending messages too fast." });
  });

  it("enforces bans and timeouts, tells the user why, and lifts them", async () => {
    const { streamID, owner } = await channel();
    const bob = await signedInUser(server);
    const socket = await writer(streamID, cookieOf(bob.browser), "fr");
    const listener = await reader(streamID, cookieOf(bob.browser));
    const banned = nextEvent<{ userId: number; until: string | null }>(listener, "banned");
    expect((await owner.browser.post(`/api/chat/${streamID}/bans`, { userId: bob.user.id, reason: "spam" })).status).toBe(200);
    expect((await banned).until).toBeNull();
    expect(await say(socket, streamID, "let me talk")).toMatchObject({ ok: false, code: "chat_banned", msg: "Vous êtes banni de ce chat." });
    expect((await bob.browser.get(`/api/chat/${streamID}/state`)).body.ban).toEqual({ until: null, reason: "spam" });
    expect(await listener.emitWithAck("join", streamID)).toBe(true);

    await owner.browser.json("DELETE", `/api/chat/${streamID}/bans/${bob.user.id}`);
    expect((await say(socket, streamID, "thanks")).ok).toBe(true);

    await owner.browser.post(`/api/chat/${streamID}/bans`, { userId: bob.user.id, minutes: 10 });
    const timedOut = await say(socket, streamID, "again");
    expect(timedOut).toMatchObject({ ok: false, code: "chat_timed_out" });
    expect(timedOut.msg).toContain("10 min");
    await server.deps.db
      .updateTable("chat_ban")
      .set({ until: Date.now() - 1 })
      .execute();
    expect((await say(socket, streamID, "back")).ok).toBe(true);
  });

  it("lets only the owner, moderators and admins moderate", async () => {
    const { streamID, owner } = await channel();
    const eve = await signedInUser(server);
    expect((await eve.browser.post(`/api/chat/${streamID}/bans`, { userId: owner.user.id })).status).toBe(403);
    expect((await eve.browser.put(`/api/chat/${streamID}/slow`, { seconds: 5 })).status).toBe(403);
    expect((await owner.browser.post(`/api/chat/${streamID}/bans`, { userId: owner.user.id })).status).toBe(403);
    const answer = await say(await writer(streamID, cookieOf(eve.browser)), streamID, "mine");
    expect((await eve.browser.json("DELETE", `/api/messages/${answer.message.id}`)).status).toBe(403);
  });

  it("removes a deleted message for everyone and from the history", async () => {
    const { streamID, owner } = await channel();
    const alice = await signedInUser(server);
    const listener = await reader(streamID);
    const answer = await say(await writer(streamID, cookieOf(alice.browser)), streamID, "rude words");
    const deleted = nextEvent<{ id: number }>(listener, "deleted");
    expect((await owner.browser.json("DELETE", `/api/messages/${answer.message.id}`)).status).toBe(200);
    expect((await deleted).id).toBe(answer.message.id);
    const history = (await new Browser(server.url).get(`/api/messages/${streamID}`)).body;
    expect(history.some((m: { id: number }) => m.id === answer.message.id)).toBe(false);
    const log = await server.deps.db.selectFrom("chat_moderation").selectAll().where("message_id", "=", answer.message.id).execute();
    expect(log.map((l) => l.action)).toEqual(["delete"]);
  });

  it("applies slow mode to viewers but not to the owner", async () => {
    const { streamID, owner } = await channel();
    const alice = await signedInUser(server);
    await owner.browser.put(`/api/chat/${streamID}/slow`, { seconds: 30 });
    const socket = await writer(streamID, cookieOf(alice.browser));
    expect((await say(socket, streamID, "first")).ok).toBe(true);
    expect(await say(socket, streamID, "second")).toMatchObject({ ok: false, code: "chat_slow_mode" });
    const ownerSocket = await writer(streamID, cookieOf(owner.browser));
    expect((await say(ownerSocket, streamID, "one")).ok).toBe(true);
    expect((await say(ownerSocket, streamID, "two")).ok).toBe(true);
  });
});

describe("chat across a server restart", () => {
  it("reconnects by itself and keeps the history", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "arena-chat-"));
    const env = { PORT: String(await freePortOutsideEphemeralRange()), HOST: "127.0.0.1", DATA_DIR: dataDir, RTMP_PORT: "0", LOG_LEVEL: "error" };
    let running = await startMainProcess(env);
    try {
      const alice = await signedInUser(running);
      await alice.browser.post("/api/stream/mychannel/init");
      const streamID = (await alice.browser.get("/api/stream/mychannelinfo")).body.channelArn;
      const readerSocket = await connect(running.url, "/readchat", { reconnection: true });
      const writerSocket = await connect(running.url, "/writechat", { cookie: cookieOf(alice.browser), reconnection: true });
      sockets.push(readerSocket, writerSocket);
      await readerSocket.emitWithAck("join", streamID);
      expect((await say(writerSocket, streamID, "before")).ok).toBe(true);

      running.child.kill("SIGTERM");
      await running.child.exited;
      running = await startMainProcess(env);
      await waitFor("both sockets back", () => readerSocket.connected && writerSocket.connected, 10_000, 50);
      await readerSocket.emitWithAck("join", streamID);
      const arrival = nextEvent<{ message: string }>(readerSocket, "send");
      expect((await say(writerSocket, streamID, "after")).ok).toBe(true);
      expect((await arrival).message).toBe("after");
      const history = (await new Browser(running.url).get(`/api/messages/${streamID}`)).body.map((m: { content: string }) => m.content);
      expect(history).toEqual(["before", "after"]);
    } finally {
      running.child.kill("SIGTERM");
      await running.child.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("what the chat input says before anyone types (issue 18, item 4)", () => {
  const accessOf = async (browser: Browser, streamID: string) => (await browser.get(`/api/chat/${streamID}/state`)).body.access;

  it("gives each reader the chat's rule and their own verdict, and tells open chats when the streamer changes it", async () => {
    const { owner, streamID } = await channel();
    expect((await owner.browser.put("/api/stream/channel-settings", { chat: { mode: "followers" } })).status).toBe(200);
    const [follower, other] = [await signedInUser(server), await signedInUser(server)];
    await follower.browser.post("/api/stream/follow", { channelId: streamID });

    expect(await accessOf(other.browser, streamID)).toEqual({ mode: "followers", allowed: false, reason: "follow", event: null, tournament: null });
    expect(await accessOf(follower.browser, streamID)).toEqual({ mode: "followers", allowed: true, reason: null, event: null, tournament: null });
    expect(await accessOf(owner.browser, streamID)).toMatchObject({ mode: "followers", allowed: true });
    expect(await accessOf(new Browser(server.url), streamID)).toMatchObject({ mode: "followers", allowed: false, reason: "login" });
    // What the input says and what a message gets come from one rule: the one told to follow is refused for that.
    expect((await other.browser.get(`/api/live-access/${owner.account.username}`)).body.chat).toEqual(await accessOf(other.browser, streamID));
    expect(await say(await writer(streamID, cookieOf(other.browser)), streamID, "hello")).toMatchObject({ ok: false, code: "chat_followers_only" });

    // An open chat hears of a new rule; the event carries no verdict, each reader asks for its own.
    const listener = await reader(streamID, cookieOf(other.browser));
    const tournament = await emptyTournamentOf(server, owner, "Coupe du soir");
    const told = nextEvent(listener, "chat_access");
    expect((await owner.browser.put("/api/stream/channel-settings", { chat: { mode: "entrants", tournamentId: tournament.id } })).status).toBe(200);
    expect(await told).toEqual({});
    expect(await accessOf(other.browser, streamID)).toEqual({ mode: "entrants", allowed: false, reason: "entry", event: null, tournament: { id: tournament.id, name: "Coupe du soir" } });

    // Saving other settings leaves the chat's readers alone; opening the chat again tells them.
    const calls = collect(listener, "chat_access");
    await owner.browser.put("/api/stream/channel-settings", { paypalme: "coupe" });
    const reopened = nextEvent(listener, "chat_access");
    await owner.browser.put("/api/stream/channel-settings", { chat: { mode: "everyone" } });
    await reopened;
    expect(calls.length).toBe(1);
    expect(await accessOf(other.browser, streamID)).toEqual({ mode: "everyone", allowed: true, reason: null, event: null, tournament: null });
  });
});

describe("staff in a chat that is not theirs (issue 34, item 19)", () => {
  it("puts an admin's deletion, ban and unban in the site's audit log, and a streamer's own moderation only in the chat's log", async () => {
    const { owner, streamID } = await channel();
    const [admin, bob] = [await signedInUser(server), await signedInUser(server)];
    await server.deps.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    const said = await say(await writer(streamID, cookieOf(bob.browser)), streamID, "spam spam");
    expect((await admin.browser.json("DELETE", `/api/messages/${said.message.id}`)).status).toBe(200);
    expect((await admin.browser.post(`/api/chat/${streamID}/bans`, { userId: bob.user.id, minutes: 10, reason: "spam" })).status).toBe(200);
    expect((await admin.browser.json("DELETE", `/api/chat/${streamID}/bans/${bob.user.id}`)).status).toBe(200);
    expect((await owner.browser.post(`/api/chat/${streamID}/bans`, { userId: bob.user.id, reason: "again" })).status).toBe(200);
    const log = await server.deps.db.selectFrom("audit_log").select(["actor_id", "action", "target_id"]).where("actor_id", "in", [admin.user.id, owner.user.id]).orderBy("id").execute();
    expect(log).toEqual([
      { actor_id: admin.user.id, action: "chat.delete", target_id: String(said.message.id) },
      { actor_id: admin.user.id, action: "chat.ban", target_id: String(bob.user.id) },
      { actor_id: admin.user.id, action: "chat.unban", target_id: String(bob.user.id) },
    ]);
  });
});

describe("a chat socket has no member once their session ends (issue 34, item 14)", () => {
  async function admin() {
    const member = await signedInUser(server);
    await server.deps.db.updateTable("user").set({ role: "admin" }).where("id", "=", member.user.id).execute();
    return member.browser;
  }

  const storedBy = async (userId: number) => (await server.deps.db.selectFrom("chat_message").select("content").where("user_id", "=", userId).execute()).map((m) => m.content);

  /** A member writes, their session ends by `end`: the socket is closed, and one opened again with the old cookie is a visitor's. */
  async function endsTheChat(end: (member: Awaited<ReturnType<typeof signedInUser>>) => Promise<{ status: number }>) {
    const { streamID } = await channel();
    const member = await signedInUser(server);
    const cookie = cookieOf(member.browser);
    const socket = await writer(streamID, cookie);
    expect((await say(socket, streamID, "before")).ok).toBe(true);
    const closed = nextEvent<string>(socket, "disconnect");
    expect((await end(member)).status).toBe(200);
    expect(await closed).toBe("io server disconnect");
    expect(await say(await writer(streamID, cookie), streamID, "after")).toMatchObject({ ok: false, code: "chat_login_required" });
    return member;
  }

  it("closes it at a logout, and leaves the member's other session writing", async () => {
    const { streamID } = await channel();
    const member = await signedInUser(server);
    const elsewhere = new Browser(server.url);
    await elsewhere.post("/api/auth/login", { login: member.account.username, password: member.account.password });
    const [here, there] = [await writer(streamID, cookieOf(member.browser)), await writer(streamID, cookieOf(elsewhere))];
    const page = await connect(server.url, "/live", { cookie: cookieOf(member.browser) });
    sockets.push(page);
    const news = collect(page, "follows:changed");
    const closed = nextEvent<string>(here, "disconnect");
    expect((await member.browser.post("/api/auth/logout")).status).toBe(200);
    expect(await closed).toBe("io server disconnect");
    expect(here.connected).toBe(false);
    expect((await say(there, streamID, "still here")).ok).toBe(true);
    expect(await storedBy(member.user.id)).toEqual(["still here"]);

    // The logged-out page still hears what everyone hears, and no longer the member's own news.
    const everyone = nextEvent(page, "stream:started");
    server.deps.bus.emit("follows:changed", { userId: member.user.id, followers: 7 });
    server.deps.bus.emit("stream:started", { channelId: 0, username: "someone" });
    await everyone;
    expect(news).toEqual([]);
  });

  it("closes it when the member changes their password, and the new session writes", async () => {
    const member = await endsTheChat((m) => m.browser.put("/api/auth/password", { oldPassword: m.account.password, newPassword: "another horse battery" }));
    const { streamID } = await channel();
    expect((await say(await writer(streamID, cookieOf(member.browser)), streamID, "new session")).ok).toBe(true);
  });

  it("closes it when an admin signs the member out everywhere or suspends them, or a moderator suspends them from a report", async () => {
    const console = await admin();
    await endsTheChat((m) => console.post(`/api/admin/users/${m.user.id}/sign-out`));
    await endsTheChat((m) => console.post(`/api/admin/users/${m.user.id}/suspend`));
    const reported = await endsTheChat(async (m) => {
      const reporter = await signedInUser(server);
      await reporter.browser.post("/api/report", { targetType: "user", targetId: m.user.id, reason: "Spams the chat with links" });
      const report = (await console.get("/api/reports")).body.reports.find((r: { targetUser: { id: number } | null }) => r.targetUser?.id === m.user.id);
      return console.json("PATCH", `/api/reports/${report.id}`, { status: "actioned", action: "suspend_account" });
    });
    expect(await storedBy(reported.user.id)).toEqual(["before"]);
  });

  it("closes it when the member deletes their account, and stores nothing more for them", async () => {
    const member = await endsTheChat((m) => m.browser.post("/api/me/delete", { password: m.account.password }));
    expect(await storedBy(member.user.id)).toEqual([]);
  });

  it("checks the session again for every message: one ended without a word to this node posts nothing", async () => {
    const { streamID } = await channel();
    const member = await signedInUser(server);
    const socket = await writer(streamID, cookieOf(member.browser));
    expect((await say(socket, streamID, "before")).ok).toBe(true);
    // As another node (or the session's expiry) would end it: the row goes, no announcement reaches this one.
    await server.deps.db.deleteFrom("session").where("user_id", "=", member.user.id).execute();
    expect(socket.connected).toBe(true);
    expect(await say(socket, streamID, "after")).toMatchObject({ ok: false, code: "chat_login_required" });
    expect(await storedBy(member.user.id)).toEqual(["before"]);
  });
});
