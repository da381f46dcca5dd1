import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { snapshot } from "../../tests/fixtures/db-state.ts";
import { ADMIN_ENV, adminBrowserOf, auditLedgerThenStop, balanceOf, fundedUser, type Member, publishedEvent } from "../../tests/fixtures/money.ts";
import { publishTestStream, waitFor } from "../../tests/fixtures/publisher.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { connect } from "../../tests/fixtures/sockets.ts";

let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { ingest: true });
  admin = await adminBrowserOf(server);
});
afterAll(() => auditLedgerThenStop(server));

const cookieOf = (member: Member) => `arena_session=${member.browser.cookies.get("arena_session")}`;

/** A member with a bit of everything: a follow, chat messages, a ticket for an event to come, a replay. */
async function busyMember(options: { replay?: boolean } = {}) {
  const member = await fundedUser(server, admin, 500);
  const organiser = await fundedUser(server, admin, 300);
  const event = await publishedEvent(organiser);
  expect((await member.browser.post("/api/tickets/purchase", { userId: member.user.id, eventId: event.id, ticketType: "match" })).status).toBe(201);
  const followed = await signedInUser(server);
  await followed.browser.post("/api/stream/mychannel/init");
  const streamID = (await followed.browser.get("/api/stream/mychannelinfo")).body.channelArn as string;
  expect((await member.browser.post("/api/stream/follow", { channelId: streamID })).status).toBe(200);
  const socket = await connect(server.url, "/writechat", { cookie: cookieOf(member) });
  await socket.emitWithAck("join", streamID);
  const said = [`bonjour de ${member.user.username}`, "gg"];
  for (const message of said) expect((await socket.emitWithAck("message", { message, streamID }))?.ok).not.toBe(false);
  socket.disconnect();
  let replayId: number | undefined;
  if (options.replay) {
    const start = await member.browser.post("/api/stream/startstreaming", { title: "Ma partie", gameId: 1, tags: [] });
    const ready = server.deps.bus.next("replay:ready");
    expect(await publishTestStream(`rtmp://127.0.0.1:${server.rtmpPort}/live/${start.body.streamKey}`, { seconds: 3 }).exited).toBe(0);
    replayId = (await ready).replayId;
  }
  return { member, organiser, event, followed, said, replayId };
}

async function readyExport(member: Member) {
  return waitFor("the export", async () => {
    const current = (await member.browser.get("/api/me/data-export")).body.export;
    return current?.status === "ready" ? current : undefined;
  });
}

describe("downloading one's data", () => {
  it("prepares a ZIP of everything held about a busy member, for them alone", async () => {
    const { member, followed, said, replayId } = await busyMember({ replay: true });
    const asked = await member.browser.post("/api/me/data-export");
    expect(asked.status).toBe(201);
    expect(asked.body.export.status).toBe("pending");
    const ready = await readyExport(member);
    const again = await member.browser.speaking("fr").post("/api/me/data-export");
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 429, code: "data_export_too_soon" });
    expect(again.body.msg).toContain("dans l'heure");

    const stranger = await signedInUser(server);
    expect((await stranger.browser.request("GET", ready.downloadUrl)).status).toBe(404);
    const download = await member.browser.request("GET", ready.downloadUrl);
    expect(download.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const json = (name: string) => JSON.parse(new TextDecoder().decode(files[name]!));
    for (const name of Object.keys(files).filter((n) => n.endsWith(".json"))) expect(() => json(name)).not.toThrow();

    const profile = json("profile.json");
    expect(profile).toMatchObject({ id: member.user.id, username: member.account.username, email: member.account.email, hasPassword: true });
    expect(profile.password_hash).toBeUndefined();
    expect(json("channel.json").stream_key).toBeUndefined();
    expect(json("follows.json").following.map((f: { username: string }) => f.username)).toEqual([followed.user.username]);
    expect(json("chat-messages.json").map((m: { content: string }) => m.content)).toEqual(said);
    expect(json("tickets.json")).toHaveLength(1);
    // The wallet file balances on its own: its ledger sums to its balance.
    const wallet = json("wallet.json");
    expect(wallet.ledger.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0)).toBe(wallet.wallet.balance);
    expect(wallet.wallet.balance).toBe(await balanceOf(member));
    const replay = (await member.browser.get(`/api/stream/replays/${replayId}`)).body.replay;
    expect(files[`replays/${replayId}.mp4`]!.byteLength).toBe(Number(replay.fileSize));

    const notifications = (await member.browser.get("/api/notifications")).body.notifications as { type: string }[];
    expect(notifications.map((n) => n.type)).toContain("data_export_ready");
    const mails = readdirSync(join(server.dataDir, "mail")).filter((name) => name.endsWith(`${member.account.email}.eml`));
    expect(mails.map((name) => readFileSync(join(server.dataDir, "mail", name), "utf8")).join()).toContain("/settings");
  });
});

describe("deleting one's account", () => {
  it("refunds tickets to come, erases every row that names the member, and keeps the organiser's ledger whole", async () => {
    const { member, organiser, event, replayId } = await busyMember({ replay: true });
    const replay = (await member.browser.get(`/api/stream/replays/${replayId}`)).body.replay;
    const replayFile = join(server.dataDir, "recordings", replay.filePath);
    expect(existsSync(replayFile)).toBe(true);
    const organiserBefore = await balanceOf(organiser);
    const before = await snapshot(server.deps.db);

    const wrong = await member.browser.speaking("fr").post("/api/me/delete", { password: "pas le bon" });
    expect({ status: wrong.status, code: wrong.body.code }).toEqual({ status: 400, code: "account_deletion_password" });
    expect(await snapshot(server.deps.db)).toEqual(before);

    const deleted = await member.browser.post("/api/me/delete", { password: member.account.password });
    expect(deleted.status).toBe(200);
    const ticketPrice = (await server.deps.db.selectFrom("ticket").select("price").where("event_id", "=", event.id).executeTakeFirstOrThrow()).price;
    expect(deleted.body.refunded).toEqual([{ event: "LAN d'hiver", amount: ticketPrice }]);
    expect(await balanceOf(organiser)).toBe(organiserBefore - ticketPrice);
    expect((await member.browser.get("/api/auth/me")).status).toBe(401);
    expect((await new Browser(server.url).post("/api/auth/login", { login: member.account.username, password: member.account.password })).status).not.toBe(200);
    expect(existsSync(replayFile)).toBe(false);

    // Read apart from the code that erased: every row of every table, as text.
    const rows = [...(await snapshot(server.deps.db)).entries()].flatMap(([table, lines]) => lines.map((line) => `${table}: ${line}`));
    expect(rows.filter((row) => row.toLowerCase().includes(member.account.username.toLowerCase()))).toEqual([]);
    expect(rows.filter((row) => row.toLowerCase().includes(member.account.email.toLowerCase()))).toEqual([]);
    const ticket = await server.deps.db.selectFrom("ticket").select("status").where("user_id", "=", member.user.id).executeTakeFirstOrThrow();
    expect(ticket.status).toBe("refunded");
  });

  it("refuses, saying why, while the member runs an event to come, or when a ticket cannot be refunded", async () => {
    const { member, organiser, event } = await busyMember();
    const asOrganiser = await organiser.browser.speaking("fr").post("/api/me/delete", { password: organiser.account.password });
    expect({ status: asOrganiser.status, code: asOrganiser.body.code }).toEqual({ status: 409, code: "account_deletion_organiser" });
    expect(asOrganiser.body.msg).toContain("« LAN d'hiver »");

    // The organiser spends what the ticket brought: the refund cannot be paid, so nothing happens.
    const balance = await balanceOf(organiser);
    expect((await organiser.browser.post("/api/wallet/debit", { userId: organiser.user.id, amount: balance, description: "Location de la salle" })).status).toBe(200);
    const before = await snapshot(server.deps.db);
    const refused = await member.browser.post("/api/me/delete", { password: member.account.password });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 409, code: "account_deletion_refund_failed" });
    expect(await snapshot(server.deps.db)).toEqual(before);
    expect((await member.browser.get("/api/auth/me")).status).toBe(200);
    expect(event.id).toBeGreaterThan(0);
  });

  it("cuts the live of a member who deletes their account mid-live, and keeps nothing it recorded (issue 34, item 16)", async () => {
    const member = await signedInUser(server);
    const start = await member.browser.post("/api/stream/startstreaming", { title: "Dernier live", gameId: 1, tags: [] });
    const started = server.deps.bus.next("stream:started", (e) => e.username === member.user.username);
    const publisher = publishTestStream(`rtmp://127.0.0.1:${server.rtmpPort}/live/${start.body.streamKey}`, { seconds: 60 });
    const { channelId } = await started;
    const playlist = `/live/${member.user.username}/index.m3u8`;
    const statusOf = async (path: string) => (await fetch(`${server.url}${path}`)).status;
    await waitFor("the live's playlist", async () => (await statusOf(playlist)) === 200);
    const recordings = join(server.deps.config.mediaDir, "recordings", String(channelId));
    expect(existsSync(recordings)).toBe(true);

    const ended = server.deps.bus.next("stream:ended", (e) => e.channelId === channelId);
    expect((await member.browser.post("/api/me/delete", { password: member.account.password })).status).toBe(200);
    expect(await publisher.exited).not.toBe(0);
    await ended;
    const session = await waitFor("the session settled", () =>
      server.deps.db.selectFrom("live_session").selectAll().where("channel_id", "=", channelId).where("finalised_at", "is not", null).executeTakeFirst(),
    );
    expect(session.ended_at).not.toBeNull();
    expect(await server.deps.db.selectFrom("replay").select("id").where("channel_id", "=", channelId).execute()).toEqual([]);
    expect(existsSync(recordings)).toBe(false);
    expect(await statusOf(playlist)).toBe(404);
    expect(await statusOf(`/api/stream/${member.user.username}`)).toBe(404);
  });

  it("takes the address out of the mail files, the console's log and the reset limit; the console never shows a reset link (issue 34, item 11)", async () => {
    const member = await signedInUser(server);
    const email = member.account.email;
    expect((await new Browser(server.url).post("/api/auth/reset", { email })).status).toBe(200);
    const mailFolder = join(server.dataDir, "mail");
    const mailsTo = () => readdirSync(mailFolder).filter((name) => name.toLowerCase().includes(email.toLowerCase()));
    expect(mailsTo().length).toBeGreaterThan(0);
    const consoleLog = async () => ((await admin.get("/api/admin/machine")).body.log as { line: string }[]).map((entry) => entry.line).join("\n");
    const before = await consoleLog();
    expect(before).toContain(email);
    // The link is the account: every admin reads the console, so it is masked there.
    expect(before).toContain("/new-password/•••");
    expect(before).not.toMatch(/\/new-password\/[A-Za-z0-9_-]{10}/);
    const resetBucket = () => server.deps.db.selectFrom("rate_limit").select("key").where("key", "=", `reset:account:${email.toLowerCase()}`).execute();
    expect(await resetBucket()).toHaveLength(1);

    expect((await member.browser.post("/api/me/delete", { password: member.account.password })).status).toBe(200);
    expect(mailsTo()).toEqual([]);
    expect(await consoleLog()).not.toContain(email);
    expect(await resetBucket()).toEqual([]);
  });

  it("refuses the last administrator", async () => {
    const refused = await admin.post("/api/me/delete", { password: ADMIN_ENV.ADMIN_PASSWORD });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 409, code: "account_deletion_last_admin" });
  });
});
