import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Socket } from "socket.io-client";
import { hlsDirOf, PREVIEW_GIF, THUMBNAIL } from "../../media/live-outputs.ts";
import { ADMIN_ENV, adminBrowserOf, fundedUser as fundedMember, type Member, publishedEvent } from "../../tests/fixtures/money.ts";
import { publishTestStream, waitFor } from "../../tests/fixtures/publisher.ts";
import { Browser, channelIdOf, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { connect } from "../../tests/fixtures/sockets.ts";
import { emptyTournamentOf } from "../../tests/fixtures/tournaments.ts";
import { refundEventTickets } from "../events/refunds.ts";

// Every carrier of a restricted live's picture, and its chat, asked by each kind of viewer. What each
// should answer is written out here from who holds what (the rows the test made), never computed by
// the rule under test.

let server: TestServer;
let admin: Browser;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({ DEMO: "0", ...ADMIN_ENV }, { ingest: true });
  admin = await adminBrowserOf(server);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.stop();
});

const fundedUser = (coins: number) => fundedMember(server, admin, coins);
const cookieOf = (browser: Browser) => `arena_session=${browser.cookies.get("arena_session")}`;

/** The status a browser gets for a live or replay file; the body is read (or, for a never-ending FLV, abandoned). */
async function statusOf(browser: Browser, path: string): Promise<number> {
  const response = await browser.request("GET", path, undefined, { range: path.endsWith(".mp4") ? "bytes=0-99" : "" });
  await response.body?.cancel();
  return response.status;
}

async function refusalOf(browser: Browser, path: string): Promise<{ status: number; code: string; reason: string; cacheControl: string | null }> {
  const { status, body, response } = await browser.get(path);
  return { status, code: body?.code, reason: body?.reason, cacheControl: response.headers.get("cache-control") };
}

/** A member's channel, with the rules given (as its settings screen sends them). */
async function restrictedChannel(owner: Member, settings: Record<string, unknown>) {
  await owner.browser.post("/api/stream/mychannel/init");
  const saved = await owner.browser.put("/api/stream/channel-settings", settings);
  expect(saved.status).toBe(200);
  return (await owner.browser.get("/api/stream/mychannelinfo")).body.channelArn as string;
}

describe("a ticketed live", () => {
  it("gives its picture (playlists, segments, FLV, thumbnails, previews, replay) to holders only, and takes it back at the next request after a refund", async () => {
    const streamer = await fundedUser(1000);
    const event = await publishedEvent(streamer);
    const holder = await fundedUser(300);
    const stranger = await signedInUser(server);
    const visitor = new Browser(server.url);

    // The rule names one of the streamer's events; an event of someone else's is refused.
    const othersEvent = await publishedEvent(await fundedUser(1000));
    const wrong = await streamer.browser.put("/api/stream/channel-settings", { watch: { mode: "ticket", eventId: othersEvent.id } });
    expect([wrong.status, wrong.body.code]).toEqual([400, "access_event_invalid"]);
    const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Finale LAN", gameId: 1, tags: [] });
    expect(start.status).toBe(200);
    const saved = await streamer.browser.put("/api/stream/channel-settings", { watch: { mode: "ticket", eventId: event.id } });
    expect(saved.body.watch).toEqual({ mode: "ticket", eventId: event.id, tournamentId: null });
    expect(saved.body.accessChoices.events.map((e: { id: number }) => e.id)).toEqual([event.id]);
    const bought = await holder.browser.post("/api/tickets/purchase", { userId: String(holder.user.id), eventId: event.id, ticketType: "match", price: 100 });
    expect(bought.status).toBe(201);

    const name = streamer.account.username;
    // The live lasts until the test ends it: on a busy machine its checks may take longer than a short live.
    const publisher = publishTestStream(`rtmp://127.0.0.1:${server.rtmpPort}/live/${start.body.streamKey}`, { seconds: 60 });
    const playlist = `/live/${name}/index.m3u8`;
    const segmentsOf = async () => (await (await streamer.browser.request("GET", playlist)).text()).split("\n").filter((line) => line.endsWith(".ts"));
    await waitFor("two HLS segments and a thumbnail", async () => (await segmentsOf()).length >= 2 && (await statusOf(streamer.browser, `/live/${name}/${THUMBNAIL}`)) === 200);
    // A live keeps its last few segments only: name the newest when it is asked for, as a player does.
    const newestSegment = async () => `/live/${name}/${(await segmentsOf()).at(-1)}`;
    const carriers = async () => [playlist, await newestSegment(), `/live/${name}.flv`, `/live/${name}/${THUMBNAIL}`, `/live/${name}/${PREVIEW_GIF}`];

    for (const path of await carriers()) {
      expect([path, await statusOf(holder.browser, path)]).toEqual([path, 200]);
      expect([path, await statusOf(streamer.browser, path)]).toEqual([path, 200]);
      expect([path, await statusOf(admin, path)]).toEqual([path, 200]);
      expect(await refusalOf(stranger.browser, path)).toMatchObject({ status: 403, code: "live_ticket_required", reason: "ticket" });
      expect(await refusalOf(visitor, path)).toMatchObject({ status: 403, code: "live_login_required", reason: "login" });
    }
    // No shared cache may keep what only some may see.
    expect((await holder.browser.request("GET", await newestSegment())).headers.get("cache-control")).toBe("private, no-store");

    // The stream's answers say it is restricted and show no picture; the verdict tells each viewer why and where to get in.
    const card = (await visitor.get(`/api/stream/stream/${name}`)).body;
    expect(card).toMatchObject({ watchAccess: "ticket", thumbnail: null, thumbnailGif: null });
    expect((await stranger.browser.get(`/api/live-access/${name}`)).body.watch).toEqual({
      mode: "ticket",
      allowed: false,
      reason: "ticket",
      event: { id: event.id, slug: event.slug, name: "LAN d'hiver" },
      tournament: null,
    });
    expect((await holder.browser.get(`/api/live-access/${name}`)).body.watch).toMatchObject({ allowed: true, reason: null });

    // Refunded: the very next request of every carrier is refused.
    const eventRow = await server.deps.db.selectFrom("event").selectAll().where("id", "=", event.id).executeTakeFirstOrThrow();
    await server.deps.db.transaction().execute((trx) => refundEventTickets(trx, eventRow, server.deps, holder.user.id));
    for (const path of await carriers()) expect(await refusalOf(holder.browser, path)).toMatchObject({ status: 403, code: "live_ticket_required" });

    // The replay of that live keeps its rule.
    const channelId = (await server.deps.db.selectFrom("channel").select("id").where("user_id", "=", streamer.user.id).executeTakeFirstOrThrow()).id;
    const ended = server.deps.bus.next("replay:ready", (ready) => ready.channelId === channelId, 40_000);
    publisher.kill("SIGINT");
    await publisher.exited;
    const { replayId } = await ended;
    const replay = await server.deps.db.selectFrom("replay").selectAll().where("id", "=", replayId).executeTakeFirstOrThrow();
    const files = [`/recordings/${replay.file_path}`, `/recordings/${replay.thumbnail_path}`];
    for (const path of files) {
      expect(await refusalOf(holder.browser, path)).toMatchObject({ status: 403, code: "live_ticket_required" });
      expect(await refusalOf(visitor, path)).toMatchObject({ status: 403, code: "live_login_required" });
      expect([path, await statusOf(streamer.browser, path)]).toEqual([path, path.endsWith(".mp4") ? 206 : 200]);
    }
    expect((await stranger.browser.get(`/api/replay-access/${replayId}`)).body.watch).toMatchObject({ mode: "ticket", allowed: false, reason: "ticket", event: { slug: event.slug } });
    expect((await streamer.browser.get(`/api/replay-access/${replayId}`)).body.watch).toMatchObject({ allowed: true });
    // Its page, opened by those it refuses, counts no view; by its streamer, one (issue 34, item 7).
    const views = async () => (await server.deps.db.selectFrom("replay").select("view_count").where("id", "=", replayId).executeTakeFirstOrThrow()).view_count;
    const viewsBefore = await views();
    for (const refused of [stranger.browser, holder.browser, visitor]) expect((await refused.get(`/api/stream/replays/${replayId}`)).status).toBe(200);
    expect(await views()).toBe(viewsBefore);
    expect((await streamer.browser.get(`/api/stream/replays/${replayId}`)).body.replay.viewCount).toBe(viewsBefore + 1);
    expect(await views()).toBe(viewsBefore + 1);
    // Opening the channel's next lives to everyone leaves this replay as restricted as its live was.
    expect((await streamer.browser.put("/api/stream/channel-settings", { watch: { mode: "everyone" } })).status).toBe(200);
    expect(await refusalOf(stranger.browser, files[0]!)).toMatchObject({ status: 403, code: "live_ticket_required" });
    // Buying a ticket again opens it at once.
    expect((await holder.browser.post("/api/tickets/purchase", { userId: String(holder.user.id), eventId: event.id, ticketType: "match", price: 100 })).status).toBe(201);
    for (const path of files) expect([path, await statusOf(holder.browser, path)]).toEqual([path, path.endsWith(".mp4") ? 206 : 200]);
  }, 60_000);
});

/** A channel "live" from files on disk (no ingest): the media routes serve what is in its HLS folder. */
async function fileLive(owner: Member) {
  const dir = hlsDirOf(server.dataDir, await channelIdOf(server, owner.account.username));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "index.m3u8"), "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\n1.ts\n");
  writeFileSync(join(dir, "1.ts"), new Uint8Array(188));
  // A quality ladder's rendition (media/live-ladder.ts): its playlist and segments sit beside index.m3u8.
  writeFileSync(join(dir, "480p.m3u8"), "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\n480p-1.ts\n");
  writeFileSync(join(dir, "480p-1.ts"), new Uint8Array(188));
  return ["index.m3u8", "1.ts", "480p.m3u8", "480p-1.ts"].map((file) => `/live/${owner.account.username}/${file}`);
}

describe("the other watch modes", () => {
  it("members only: refuses a visitor, lets any member in", async () => {
    const streamer = await signedInUser(server);
    await restrictedChannel(streamer, { watch: { mode: "members" } });
    const visitor = new Browser(server.url);
    const member = await signedInUser(server);
    for (const path of await fileLive(streamer)) {
      expect(await refusalOf(visitor, path)).toMatchObject({ status: 403, code: "live_login_required" });
      expect(await statusOf(member.browser, path)).toBe(200);
    }
  });

  it("entrants only: an approved player of the tournament sees, a pending one or a stranger does not, and leaving takes it back", async () => {
    const streamer = await signedInUser(server);
    const tournament = await emptyTournamentOf(server, streamer, "Coupe d'hiver");
    await restrictedChannel(streamer, { watch: { mode: "entrants", tournamentId: tournament.id } });
    const [entrant, pending] = [await signedInUser(server), await signedInUser(server)];
    const rows = await server.deps.db
      .insertInto("tournament_player")
      .values([
        { tournament_id: tournament.id, user_id: entrant.user.id, status: "approved", joined_at: Date.now() },
        { tournament_id: tournament.id, user_id: pending.user.id, status: "pending", joined_at: Date.now() },
      ])
      .returning("id")
      .execute();
    const [path] = await fileLive(streamer);
    expect(await statusOf(entrant.browser, path!)).toBe(200);
    expect(await refusalOf(pending.browser, path!)).toMatchObject({ status: 403, code: "live_entry_required", reason: "entry" });
    expect((await pending.browser.get(`/api/live-access/${streamer.account.username}`)).body.watch.tournament).toEqual({ id: tournament.id, name: "Coupe d'hiver" });
    await server.deps.db.deleteFrom("tournament_player").where("id", "=", rows[0]!.id).execute();
    expect(await refusalOf(entrant.browser, path!)).toMatchObject({ status: 403, code: "live_entry_required" });
  });

  it("a site moderator always sees", async () => {
    const streamer = await signedInUser(server);
    await restrictedChannel(streamer, { watch: { mode: "members" } });
    const moderator = await signedInUser(server);
    await server.deps.db.updateTable("user").set({ role: "moderator" }).where("id", "=", moderator.user.id).execute();
    const visitor = new Browser(server.url);
    const [path] = await fileLive(streamer);
    expect(await statusOf(moderator.browser, path!)).toBe(200);
    expect(await statusOf(visitor, path!)).toBe(403);
  });
});

describe("a restricted live whose streamer's name changes (issue 34, item 15)", () => {
  it("keeps its files behind its rule under the new name, and the old name reaches nothing, even once someone else takes it", async () => {
    const streamer = await signedInUser(server);
    await restrictedChannel(streamer, { watch: { mode: "members" } });
    const oldName = streamer.account.username;
    const oldPaths = await fileLive(streamer);
    const visitor = new Browser(server.url);
    expect(await refusalOf(visitor, oldPaths[0]!)).toMatchObject({ status: 403 });

    const newName = `${oldName.slice(0, 15)}_new`;
    expect((await streamer.browser.put("/api/auth/username", { username: newName })).status).toBe(200);
    for (const path of oldPaths) {
      expect([path, await statusOf(visitor, path)]).toEqual([path, 404]);
      const renamed = path.replace(`/live/${oldName}/`, `/live/${newName}/`);
      expect(await refusalOf(visitor, renamed)).toMatchObject({ status: 403, code: "live_login_required" });
      expect([renamed, await statusOf(streamer.browser, renamed)]).toEqual([renamed, 200]);
    }
    // A newcomer under the freed name has a channel of their own, not the old one's files.
    const newcomer = await signedInUser(server, { username: oldName, email: `${oldName}@other.test` });
    await newcomer.browser.post("/api/stream/mychannel/init");
    for (const path of oldPaths) expect([path, await statusOf(visitor, path)]).toEqual([path, 404]);
  });
});

describe("chat modes", () => {
  async function say(member: Member | undefined, streamID: string, message: string) {
    const socket = await connect(server.url, "/writechat", { cookie: member ? cookieOf(member.browser) : undefined });
    sockets.push(socket);
    await socket.emitWithAck("join", streamID);
    return (await socket.emitWithAck("message", { message, streamID })) as { ok: boolean; code?: string; msg?: string };
  }

  it("followers only: a follower writes, another member is told to follow; the streamer and a moderator always write", async () => {
    const streamer = await signedInUser(server);
    const streamID = await restrictedChannel(streamer, { chat: { mode: "followers" } });
    const [follower, other, moderator] = [await signedInUser(server), await signedInUser(server), await signedInUser(server)];
    await server.deps.db.updateTable("user").set({ role: "moderator" }).where("id", "=", moderator.user.id).execute();
    expect((await follower.browser.post("/api/stream/follow", { channelId: streamID })).status).toBe(200);
    expect((await say(follower, streamID, "gg")).ok).toBe(true);
    expect(await say(other, streamID, "hello")).toMatchObject({ ok: false, code: "chat_followers_only", msg: "This chat is for the channel's followers: follow it to write." });
    expect((await say(streamer, streamID, "merci")).ok).toBe(true);
    expect((await say(moderator, streamID, "calme")).ok).toBe(true);
    // Watching stays open: the two rules are separate.
    expect((await other.browser.get(`/api/live-access/${streamer.account.username}`)).body).toMatchObject({ watch: { allowed: true }, chat: { mode: "followers", allowed: false, reason: "follow" } });
  });

  it("ticket holders only, then entrants only", async () => {
    const streamer = await fundedUser(1000);
    const event = await publishedEvent(streamer);
    const streamID = await restrictedChannel(streamer, { chat: { mode: "ticket", eventId: event.id } });
    const [holder, other] = [await fundedUser(100), await signedInUser(server)];
    await holder.browser.post("/api/tickets/purchase", { userId: String(holder.user.id), eventId: event.id, ticketType: "match", price: 100 });
    expect((await say(holder, streamID, "on y est")).ok).toBe(true);
    expect((await say(other, streamID, "et moi")).code).toBe("chat_ticket_only");

    const tournament = await emptyTournamentOf(server, streamer, "Coupe");
    await restrictedChannel(streamer, { chat: { mode: "entrants", tournamentId: tournament.id } });
    await server.deps.db.insertInto("tournament_player").values({ tournament_id: tournament.id, user_id: other.user.id, status: "approved", joined_at: Date.now() }).execute();
    expect((await say(other, streamID, "joueur")).ok).toBe(true);
    expect((await say(holder, streamID, "spectateur")).code).toBe("chat_entrants_only");
  });

  it("keeps the slow mode on top of a mode, and refuses a tournament the streamer has nothing to do with", async () => {
    const streamer = await signedInUser(server);
    const streamID = await restrictedChannel(streamer, { chat: { mode: "everyone" } });
    expect((await streamer.browser.put(`/api/chat/${streamID}/slow`, { seconds: 30 })).status).toBe(200);
    const member = await signedInUser(server);
    expect((await say(member, streamID, "un")).ok).toBe(true);
    expect((await say(member, streamID, "deux")).code).toBe("chat_slow_mode");
    const foreign = await emptyTournamentOf(server, member, "Ailleurs");
    const refused = await streamer.browser.put("/api/stream/channel-settings", { chat: { mode: "entrants", tournamentId: foreign.id } });
    expect([refused.status, refused.body.code]).toEqual([400, "access_tournament_invalid"]);
  });
});

describe("a ticketed live watched over HTTP-FLV", () => {
  it("breaks the holder's open FLV once the ticket is refunded, and leaves the streamer's playing", async () => {
    const streamer = await fundedUser(1000);
    const event = await publishedEvent(streamer);
    const holder = await fundedUser(300);
    const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Finale FLV", gameId: 1, tags: [] });
    await streamer.browser.put("/api/stream/channel-settings", { watch: { mode: "ticket", eventId: event.id } });
    await holder.browser.post("/api/tickets/purchase", { userId: String(holder.user.id), eventId: event.id, ticketType: "match", price: 100 });
    const name = streamer.account.username;
    const publisher = publishTestStream(`rtmp://127.0.0.1:${server.rtmpPort}/live/${start.body.streamKey}`, { seconds: 40 });
    await waitFor("the live", async () => (await statusOf(streamer.browser, `/live/${name}/index.m3u8`)) === 200, 30_000);

    const open = async (browser: Browser) => {
      const response = await browser.request("GET", `/live/${name}.flv`);
      expect(response.status).toBe(200);
      return response.body!.getReader();
    };
    const [holderFlv, streamerFlv] = [await open(holder.browser), await open(streamer.browser)];
    expect((await holderFlv.read()).done).toBe(false);

    const eventRow = await server.deps.db.selectFrom("event").selectAll().where("id", "=", event.id).executeTakeFirstOrThrow();
    await server.deps.db.transaction().execute((trx) => refundEventTickets(trx, eventRow, server.deps, holder.user.id));
    // Read on until the body ends: at the next check of the rule, a few seconds on.
    while (!(await holderFlv.read()).done);
    expect(await refusalOf(holder.browser, `/live/${name}.flv`)).toMatchObject({ status: 403, code: "live_ticket_required" });
    expect((await streamerFlv.read()).done).toBe(false);
    await streamerFlv.cancel();
    publisher.kill();
    await publisher.exited;
  }, 60_000);
});
