import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Socket } from "socket.io-client";
import { ADMIN_ENV, adminBrowserOf, fundedUser, publishedEvent } from "../../tests/fixtures/money.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { collect, connect, nextEvent } from "../../tests/fixtures/sockets.ts";
import { startedTournament } from "../../tests/fixtures/tournaments.ts";
import type { OverlayAlert } from "./schemas.ts";

// OBS overlays (issue 36, item 4) against a real server: one secret address per streamer, which opens the overlays
// without a session and can be reset; the alerts of a follow, a ticket sold, a match won (the winner's and the
// station's channel) and a raid reach the sockets of that streamer's overlays only; the score bug reads the match
// the organiser scores, checked against the bracket's own cards.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
});
afterAll(async () => {
  await server?.stop();
});

type Member = Awaited<ReturnType<typeof signedInUser>>;
const visitor = () => new Browser(server.url);
const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
});

async function secretOf(member: Member): Promise<string> {
  const own = await member.browser.get("/api/me/overlay");
  expect(own.status).toBe(200);
  return own.body.secret;
}

/** An overlay as OBS opens it: no cookie, its address's secret. */
async function overlaySocket(secret: string): Promise<{ alerts: OverlayAlert[]; joined: boolean; socket: Socket }> {
  const socket = await connect(server.url, "/live");
  sockets.push(socket);
  const alerts = collect<OverlayAlert>(socket, "overlay:alert");
  const joined = await socket.emitWithAck("watch-overlay", secret);
  return { alerts, joined, socket };
}

async function until<T>(read: () => T, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 200; tries++) {
    const value = read();
    if (done(value)) return value;
    await Bun.sleep(10);
  }
  throw new Error("never came");
}

describe("an overlay address", () => {
  it("is the streamer's own, opens the overlay without a session, and a reset stops the old one", async () => {
    const streamer = await signedInUser(server);
    const secret = await secretOf(streamer);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await secretOf(streamer)).toBe(secret);
    const opened = await visitor().get(`/api/overlay/${secret}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ username: streamer.account.username, sound: true, isLive: false });
    expect((await visitor().get("/api/me/overlay")).status).toBe(401);
    const old = await overlaySocket(secret);
    expect(old.joined).toBe(true);
    const told = nextEvent(old.socket, "overlay:reset");
    const reset = await streamer.browser.post("/api/me/overlay/reset");
    expect(reset.body.secret).not.toBe(secret);
    await told;
    const refused = await visitor().get(`/api/overlay/${secret}`);
    expect([refused.status, refused.body.code]).toEqual([404, "overlay_not_found"]);
    expect((await overlaySocket(secret)).joined).toBe(false);
    expect((await visitor().get(`/api/overlay/${reset.body.secret}`)).status).toBe(200);
  });

  it("keeps the sound switch, and refuses a malformed address", async () => {
    const streamer = await signedInUser(server);
    const off = await streamer.browser.put("/api/me/overlay", { sound: false });
    expect(off.body.sound).toBe(false);
    expect((await visitor().get(`/api/overlay/${off.body.secret}`)).body.sound).toBe(false);
    expect((await streamer.browser.put("/api/me/overlay", { sound: "loud" })).status).toBe(400);
    expect((await visitor().get("/api/overlay/short")).status).toBe(404);
  });
});

describe("alerts", () => {
  it("tell a streamer's overlays of a new follower, once, and no one else's", async () => {
    const [streamer, other, fan] = [await signedInUser(server), await signedInUser(server), await signedInUser(server)];
    const mine = await overlaySocket(await secretOf(streamer));
    const theirs = await overlaySocket(await secretOf(other));
    expect((await fan.browser.post("/api/stream/follow", { channelId: streamer.user.id })).status).toBe(200);
    // Following again is no new follower.
    await fan.browser.post("/api/stream/follow", { channelId: streamer.user.id });
    await until(
      () => mine.alerts,
      (alerts) => alerts.length > 0,
    );
    const test = await streamer.browser.post("/api/me/overlay/test-alert", { kind: "raid" });
    expect(test.status).toBe(200);
    await until(
      () => mine.alerts,
      (alerts) => alerts.length > 1,
    );
    expect(mine.alerts).toEqual([
      { kind: "follow", name: fan.account.username, detail: "", score: "", count: 0 },
      { kind: "raid", name: streamer.account.username, detail: "", score: "", count: 12 },
    ]);
    expect(theirs.alerts).toEqual([]);
  });

  it("tell an organiser's overlays of a ticket sold, without the buyer's name", async () => {
    const admin = await adminBrowserOf(server);
    const organiser = await fundedUser(server, admin, 1000);
    const event = await publishedEvent(organiser);
    const overlay = await overlaySocket(await secretOf(organiser));
    const guest = await fundedUser(server, admin, 500);
    const bought = await guest.browser.post("/api/tickets/purchase", { userId: String(guest.user.id), eventId: event.id, ticketType: "match" });
    expect(bought.status).toBe(201);
    const [alert] = await until(
      () => overlay.alerts,
      (alerts) => alerts.length > 0,
    );
    expect(alert).toMatchObject({ kind: "ticket", detail: event.name });
    expect(JSON.stringify(overlay.alerts)).not.toContain(guest.account.username);
  });

  it("tell the winner's overlays and the station's channel of a match won, with its score", async () => {
    const organiser = await signedInUser(server);
    const caster = await signedInUser(server);
    const { id, players } = await startedTournament(server, organiser, 4);
    const station = await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Scène", channel: caster.account.username });
    expect((await caster.browser.post(`/api/tournament/${id}/stations/${station.body.station.id}/answer`, { accept: true })).status).toBe(200);
    const onStation = (await visitor().get(`/api/tournament/${id}/stations`)).body.stations[0].matchID as string | null;
    const matchID = onStation ?? (await firstReady(id));
    if (!onStation) expect((await organiser.browser.put(`/api/tournament/${id}/stations/${station.body.station.id}/match`, { matchID })).status).toBe(200);
    const seed = (await seedsOf(id)).find((candidate) => candidate.id === matchID)!;
    const [winnerId, loserId] = [seed.teams[1]!.playerID, seed.teams[0]!.playerID];
    const winner = players.find((player) => player.user.id === winnerId)!;
    const loser = players.find((player) => player.user.id === loserId)!;
    const [ofWinner, ofLoser, ofCaster] = [await overlaySocket(await secretOf(winner)), await overlaySocket(await secretOf(loser)), await overlaySocket(await secretOf(caster))];
    expect((await organiser.browser.post(`/api/tournament/start-match/${matchID}`)).status).toBe(200);
    expect((await organiser.browser.post("/api/tournament/set-winner", { matchID, tournmentID: id, scorePlayer1: 1, scorePlayer2: 3 })).status).toBe(200);
    const expected = { kind: "match_won", name: winner.account.username, score: "3 – 1", count: 0 };
    expect(
      (
        await until(
          () => ofWinner.alerts,
          (alerts) => alerts.length > 0,
        )
      )[0],
    ).toMatchObject(expected);
    expect(
      (
        await until(
          () => ofCaster.alerts,
          (alerts) => alerts.length > 0,
        )
      )[0],
    ).toMatchObject(expected);
    expect(ofLoser.alerts).toEqual([]);
  });

  it("tell a raid's target of its raiders, from the bus the raids use", async () => {
    const target = await signedInUser(server);
    await target.browser.get("/api/stream/mychannelinfo");
    const overlay = await overlaySocket(await secretOf(target));
    const channel = await server.deps.db.selectFrom("channel").select("id").where("user_id", "=", target.user.id).executeTakeFirstOrThrow();
    server.deps.bus.emit("raid:arrived", { channelId: channel.id, fromUsername: "raider", fromDisplayName: "Raider", viewers: 7 });
    const [alert] = await until(
      () => overlay.alerts,
      (alerts) => alerts.length > 0,
    );
    expect(alert).toEqual({ kind: "raid", name: "Raider", detail: "", score: "", count: 7 });
  });
});

type Seed = { id: string; playing: boolean; finished: boolean; teams: { playerID: number | null; score: number | null; player: { name: string } | null }[] };

async function seedsOf(id: number): Promise<Seed[]> {
  const { data } = (await visitor().get(`/api/tournament/rounds/${id}`)).body;
  const rounds = Array.isArray(data) ? data : [...data.winnerBracket, ...data.LoserBracket];
  return rounds.flatMap((round: { seeds: Seed[] }) => round.seeds);
}

async function firstReady(id: number): Promise<string> {
  return (await seedsOf(id)).find((seed) => !seed.finished && seed.teams.every((team) => team.playerID !== null))!.id;
}

describe("the score bug", () => {
  it("shows the match on the streamer's station as the bracket's card has it, and follows each score", async () => {
    const organiser = await signedInUser(server);
    const caster = await signedInUser(server);
    const { id } = await startedTournament(server, organiser, 4);
    const { name } = await server.deps.db.selectFrom("tournament").select("name").where("id", "=", id).executeTakeFirstOrThrow();
    const secret = await secretOf(caster);
    expect((await visitor().get(`/api/overlay/${secret}/score`)).body.match).toBeNull();
    const station = await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Table 1", channel: caster.account.username });
    await caster.browser.post(`/api/tournament/${id}/stations/${station.body.station.id}/answer`, { accept: true });
    const matchID = await firstReady(id);
    await organiser.browser.put(`/api/tournament/${id}/stations/${station.body.station.id}/match`, { matchID });
    await organiser.browser.post(`/api/tournament/start-match/${matchID}`);
    expect((await organiser.browser.put(`/api/tournament/${id}/matches/${matchID}/score`, { scorePlayer1: 2, scorePlayer2: 1 })).status).toBe(200);
    const bug = (await visitor().get(`/api/overlay/${secret}/score`)).body.match;
    const card = (await seedsOf(id)).find((seed) => seed.id === matchID)!;
    expect(bug).toEqual({
      id: matchID,
      tournament: { id, name },
      format: "s_elim",
      round: "Semi-finals",
      station: "Table 1",
      playing: true,
      finished: false,
      players: card.teams.map((team) => ({ name: team.player!.name, avatar: null, score: team.score })),
    });
    expect(bug.players.map((player: { score: number }) => player.score)).toEqual([2, 1]);
    // Named by the address: a station, or a match.
    expect((await visitor().get(`/api/overlay/${secret}/score?station=${station.body.station.id}`)).body.match.id).toBe(matchID);
    const other = (await seedsOf(id)).find((seed) => seed.id !== matchID && seed.teams.every((team) => team.playerID !== null))!;
    expect((await visitor().get(`/api/overlay/${secret}/score?match=${other.id}`)).body.match).toMatchObject({ id: other.id, playing: false, station: null });
    expect((await visitor().get(`/api/overlay/${secret}/score?match=nope`)).status).toBe(400);
  });
});
