import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createChannel } from "../channels/own-channel.ts";
import { SYSTEM_LINES_PER_MINUTE, storeSystemLines } from "../chat/system-lines.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { startedTournament as startedTournamentOf } from "../../tests/fixtures/tournaments.ts";
import { connect, nextEvent } from "../../tests/fixtures/sockets.ts";

// Stations and match streams (issue 18, item 1): every rule, every refusal, and the one-to-one rule
// between stations and matches under concurrent changes (run on PostgreSQL too, scripts/lib/with-postgres.ts).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Player = Awaited<ReturnType<typeof signedInUser>>;
interface Team {
  playerID: number | null;
  score: number | null;
}
interface StationRef {
  id: number;
  name: string;
  channel: { username: string; avatar?: string | null; isLive: boolean } | null;
}
interface Seed {
  id: string;
  playing: boolean;
  finished: boolean;
  teams: Team[];
  station: StationRef | null;
  playedAt: string | null;
}
interface Station extends StationRef {
  matchID: string | null;
  match: Seed | null;
  requestedChannel: { username: string } | null;
}

interface Line {
  id: number;
  content: string;
  userId: number;
  username: string;
  system?: { key: string; params: Record<string, string | number> };
}

const visitor = () => new Browser(server.url);

/** A started tournament of `size` players; its organiser and their browser. */
async function startedTournament(format = "s_elim", size = 4): Promise<{ organiser: Player; id: number; players: Player[] }> {
  const organiser = await signedInUser(server);
  return { organiser, ...(await startedTournamentOf(server, organiser, size, { tournamentName: "LAN Final", format })) };
}

async function stations(id: number): Promise<{ autoAssign: boolean; stations: Station[] }> {
  const res = await visitor().get(`/api/tournament/${id}/stations`);
  expect(res.status).toBe(200);
  return res.body;
}

/** A new station; with `streamer`, the channel it names accepts the organiser's request (issue 34, item 17). */
async function addStation(organiser: Player, id: number, body: Record<string, unknown>, streamer?: Player): Promise<Station> {
  const res = await organiser.browser.post(`/api/tournament/${id}/stations`, body);
  expect(res.status).toBe(201);
  if (!streamer) return res.body.station;
  expect((await streamer.browser.post(`/api/tournament/${id}/stations/${res.body.station.id}/answer`, { accept: true })).status).toBe(200);
  return (await stations(id)).stations.find((station) => station.id === res.body.station.id)!;
}

async function seeds(id: number): Promise<Seed[]> {
  const { data } = (await visitor().get(`/api/tournament/rounds/${id}`)).body;
  const rounds = Array.isArray(data) ? data : [...data.winnerBracket, ...data.LoserBracket];
  return rounds.flatMap((round: { seeds: Seed[] }) => round.seeds);
}

const readyOf = (all: Seed[]) => all.filter((s) => !s.finished && !s.playing && s.teams.every((t) => t.playerID !== null));

async function play(organiser: Player, id: number, matchID: string, scores: [number, number] = [2, 1]) {
  expect((await organiser.browser.post(`/api/tournament/start-match/${matchID}`)).status).toBe(200);
  expect((await organiser.browser.post("/api/tournament/set-winner", { matchID, tournmentID: id, scorePlayer1: scores[0], scorePlayer2: scores[1] })).status).toBe(200);
}

/** The rule itself, read from the answers: no match on two stations, every station's match unfinished. */
async function expectOneToOne(id: number) {
  const list = (await stations(id)).stations;
  const matchIds = list.map((s) => s.matchID).filter((m): m is string => m !== null);
  expect(new Set(matchIds).size).toBe(matchIds.length);
  for (const station of list) if (station.match) expect(station.match.finished).toBe(false);
  const cards = (await seeds(id)).filter((s) => s.station);
  expect(cards.map((s) => [s.id, s.station!.id]).sort()).toEqual(
    list
      .filter((s) => s.matchID)
      .map((s) => [s.matchID!, s.id] as [string, number])
      .sort(),
  );
}

describe("declaring stations", () => {
  it("lets the organiser add, rename, stream and remove stations; the list is public", async () => {
    const { organiser, id } = await startedTournament();
    const streamer = await signedInUser(server);
    const a = await addStation(organiser, id, { name: "Station 1", channel: streamer.account.username }, streamer);
    expect(a).toMatchObject({ name: "Station 1", channel: { username: streamer.account.username, isLive: false }, matchID: null, match: null });
    const b = await addStation(organiser, id, { name: "Station 2" });
    expect(b.channel).toBeNull();
    const renamed = await organiser.browser.put(`/api/tournament/${id}/stations/${b.id}`, { name: "Scène", channel: streamer.account.username });
    expect(renamed.status).toBe(200);
    // Another's channel is asked, not taken: it streams nothing until its streamer accepts.
    expect(renamed.body).toMatchObject({ success: true, message: "Station saved", station: { name: "Scène", channel: null, requestedChannel: { username: streamer.account.username } } });
    expect((await organiser.browser.put(`/api/tournament/${id}/stations/${b.id}`, { channel: null })).body.station.channel).toBeNull();
    expect((await organiser.browser.put(`/api/tournament/${id}/stations/${b.id}`, { channel: "" })).body.station.channel).toBeNull();
    const removed = await organiser.browser.json("DELETE", `/api/tournament/${id}/stations/${b.id}`);
    expect(removed.body).toEqual({ success: true, message: "Station removed" });
    expect((await stations(id)).stations.map((s) => s.name)).toEqual(["Station 1"]);
  });

  it("refuses anyone but the organiser, an unknown channel, a taken or empty name, and another tournament's station", async () => {
    const { organiser, id, players } = await startedTournament();
    const other = await startedTournament();
    const a = await addStation(organiser, id, { name: "A" });
    const player = players[1]!;
    expect((await visitor().post(`/api/tournament/${id}/stations`, { name: "B" })).status).toBe(401);
    const refused = await player.browser.post(`/api/tournament/${id}/stations`, { name: "B" });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("tournament_admin_only");
    expect((await player.browser.put(`/api/tournament/${id}/stations/${a.id}`, { name: "Mine" })).status).toBe(403);
    expect((await player.browser.json("DELETE", `/api/tournament/${id}/stations/${a.id}`)).status).toBe(403);
    expect((await player.browser.put(`/api/tournament/${id}/auto-assign`, { autoAssign: true })).status).toBe(403);
    expect((await player.browser.put(`/api/tournament/${id}/stations/${a.id}/match`, { matchID: null })).status).toBe(403);

    const unknown = await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "B", channel: "nobody-by-that-name" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: "channel", code: "channel_unknown", msg: "No channel has this username." }]);
    const taken = await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "A" });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("station_name_taken");
    const empty = await organiser.browser.speaking("fr").post(`/api/tournament/${id}/stations`, { name: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ field: "name", msg: "Un poste a besoin d'un nom de 1 à 40 caractères." });
    // A station id of another tournament is not found through this one, even by its own organiser.
    expect((await other.organiser.browser.put(`/api/tournament/${other.id}/stations/${a.id}`, { name: "X" })).status).toBe(404);
    expect((await organiser.browser.get(`/api/tournament/999999/stations`)).status).toBe(404);
  });

  it("caps a tournament at 32 stations", async () => {
    const { organiser, id } = await startedTournament();
    for (let i = 1; i <= 32; i++) await addStation(organiser, id, { name: `S${i}` });
    const res = await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "S33" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("too_many_stations");
  });
});

describe("assigning matches by hand", () => {
  it("puts a match on a free station, shows it on the card, moves it, and takes it off", async () => {
    const { organiser, id } = await startedTournament();
    const s1 = await addStation(organiser, id, { name: "S1" });
    const s2 = await addStation(organiser, id, { name: "S2" });
    const [m1, m2] = readyOf(await seeds(id));
    const put = await organiser.browser.put(`/api/tournament/${id}/stations/${s1.id}/match`, { matchID: m1!.id });
    expect(put.status).toBe(200);
    expect(put.body.station).toMatchObject({ matchID: m1!.id, match: { id: m1!.id, playing: false } });
    expect((await seeds(id)).find((s) => s.id === m1!.id)!.station).toEqual({ id: s1.id, name: "S1", channel: null });

    const busy = await organiser.browser.put(`/api/tournament/${id}/stations/${s1.id}/match`, { matchID: m2!.id });
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe("station_busy");
    // The same match again changes nothing.
    expect((await organiser.browser.put(`/api/tournament/${id}/stations/${s1.id}/match`, { matchID: m1!.id })).status).toBe(200);
    // Moved to S2: S1 is free again, the match is on S2 only.
    expect((await organiser.browser.put(`/api/tournament/${id}/stations/${s2.id}/match`, { matchID: m1!.id })).status).toBe(200);
    const after = (await stations(id)).stations;
    expect(after.map((s) => s.matchID)).toEqual([null, m1!.id]);
    expect((await organiser.browser.put(`/api/tournament/${id}/stations/${s2.id}/match`, { matchID: null })).status).toBe(200);
    expect((await stations(id)).stations.map((s) => s.matchID)).toEqual([null, null]);
    await expectOneToOne(id);
  });

  it("refuses a finished match, an unknown or foreign match, and a tournament not started", async () => {
    const { organiser, id } = await startedTournament();
    const s1 = await addStation(organiser, id, { name: "S1" });
    const [m1] = readyOf(await seeds(id));
    await play(organiser, id, m1!.id);
    const finished = await organiser.browser.put(`/api/tournament/${id}/stations/${s1.id}/match`, { matchID: m1!.id });
    expect(finished.status).toBe(409);
    expect(finished.body.code).toBe("match_finished");
    expect((await organiser.browser.put(`/api/tournament/${id}/stations/${s1.id}/match`, { matchID: `${id}-999` })).status).toBe(404);
    expect((await organiser.browser.put(`/api/tournament/${id}/stations/${s1.id}/match`, { matchID: `${id + 1000}-0` })).status).toBe(404);
    expect((await organiser.browser.put(`/api/tournament/${id}/stations/${s1.id}/match`, { matchID: "nope" })).status).toBe(400);

    const waiting = await signedInUser(server);
    const form = new FormData();
    for (const [key, value] of Object.entries({ tournamentName: "Not yet", format: "s_elim", size: "4", gameID: "1" })) form.append(key, value);
    const later = (await waiting.browser.post("/api/tournament/create-tournament", form)).body.id as number;
    const station = await addStation(waiting, later, { name: "Early" });
    const early = await waiting.browser.put(`/api/tournament/${later}/stations/${station.id}/match`, { matchID: `${later}-0` });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("tournament_not_started");
  });

  it("frees a station when its match ends, and refuses removing a station whose match is being played", async () => {
    const { organiser, id } = await startedTournament();
    const s1 = await addStation(organiser, id, { name: "S1" });
    const [m1] = readyOf(await seeds(id));
    await organiser.browser.put(`/api/tournament/${id}/stations/${s1.id}/match`, { matchID: m1!.id });
    expect((await organiser.browser.post(`/api/tournament/start-match/${m1!.id}`)).status).toBe(200);
    const playing = await organiser.browser.json("DELETE", `/api/tournament/${id}/stations/${s1.id}`);
    expect(playing.status).toBe(409);
    expect(playing.body.code).toBe("station_match_playing");
    await organiser.browser.post("/api/tournament/set-winner", { matchID: m1!.id, tournmentID: id, scorePlayer1: 3, scorePlayer2: 0 });
    expect((await stations(id)).stations[0]!.matchID).toBeNull();
    expect((await seeds(id)).find((s) => s.id === m1!.id)!.station).toBeNull();
    expect((await organiser.browser.json("DELETE", `/api/tournament/${id}/stations/${s1.id}`)).status).toBe(200);
  });

  it("keeps naming, on a finished match's card, the station it was played at: the one it ended on, even once removed (issue 34, item 6)", async () => {
    const { organiser, id } = await startedTournament();
    const [s1, s2] = [await addStation(organiser, id, { name: "Table 1" }), await addStation(organiser, id, { name: "Table 2" })];
    const [m1, m2] = readyOf(await seeds(id));
    await organiser.browser.put(`/api/tournament/${id}/stations/${s1.id}/match`, { matchID: m1!.id });
    expect((await organiser.browser.post(`/api/tournament/start-match/${m1!.id}`)).status).toBe(200);
    expect((await seeds(id)).find((s) => s.id === m1!.id)).toMatchObject({ station: { name: "Table 1" }, playedAt: null });
    // Table 1 breaks mid-match: the match goes on at Table 2 and ends there.
    expect((await organiser.browser.put(`/api/tournament/${id}/stations/${s2.id}/match`, { matchID: m1!.id })).status).toBe(200);
    await organiser.browser.post("/api/tournament/set-winner", { matchID: m1!.id, tournmentID: id, scorePlayer1: 3, scorePlayer2: 0 });
    expect((await seeds(id)).find((s) => s.id === m1!.id)).toMatchObject({ finished: true, station: null, playedAt: "Table 2" });
    expect((await organiser.browser.json("DELETE", `/api/tournament/${id}/stations/${s2.id}`)).status).toBe(200);
    expect((await seeds(id)).find((s) => s.id === m1!.id)!.playedAt).toBe("Table 2");
    // A match played at no station names none.
    expect((await organiser.browser.post(`/api/tournament/start-match/${m2!.id}`)).status).toBe(200);
    await organiser.browser.post("/api/tournament/set-winner", { matchID: m2!.id, tournmentID: id, scorePlayer1: 3, scorePlayer2: 0 });
    expect((await seeds(id)).find((s) => s.id === m2!.id)).toMatchObject({ finished: true, station: null, playedAt: null });
  });

  it("removing a station whose match only waits sends that match to another free station under auto-assign", async () => {
    const { organiser, id } = await startedTournament();
    const s1 = await addStation(organiser, id, { name: "S1" });
    await organiser.browser.put(`/api/tournament/${id}/auto-assign`, { autoAssign: true });
    const first = (await stations(id)).stations[0]!.matchID;
    expect(first).not.toBeNull();
    const ready = readyOf(await seeds(id));
    // The second ready match goes to a second station, then the first station is removed: its match waits for a free one.
    const s2 = await addStation(organiser, id, { name: "S2" });
    expect(s2.matchID).toBe(ready.find((s) => s.id !== first)!.id);
    expect((await organiser.browser.json("DELETE", `/api/tournament/${id}/stations/${s1.id}`)).status).toBe(200);
    const s3 = await addStation(organiser, id, { name: "S3" });
    expect(s3.matchID).toBe(first);
  });
});

describe("auto-assign", () => {
  it("fills free stations with ready matches in playing order, and refills a station as its match ends", async () => {
    const { organiser, id } = await startedTournament("s_elim", 8);
    const [s1, s2] = [await addStation(organiser, id, { name: "S1" }), await addStation(organiser, id, { name: "S2" })];
    expect((await stations(id)).stations.map((s) => s.matchID)).toEqual([null, null]);
    expect((await organiser.browser.put(`/api/tournament/${id}/auto-assign`, { autoAssign: true })).body.message).toBe("Auto-assign saved");
    const round1 = readyOf(await seeds(id)).map((s) => s.id);
    expect(round1).toHaveLength(4);
    let list = await stations(id);
    expect(list.autoAssign).toBe(true);
    expect(list.stations.map((s) => s.matchID)).toEqual([round1[0]!, round1[1]!]);
    // The match at S1 ends: S1 takes the next first-round match, not the semi-final still waiting for a player.
    await play(organiser, id, round1[0]!);
    list = await stations(id);
    expect(list.stations.map((s) => s.matchID)).toEqual([round1[2]!, round1[1]!]);
    // S2's match ends: the last first-round match comes before semi-final 1, ready now too.
    await play(organiser, id, round1[1]!);
    expect((await stations(id)).stations.map((s) => s.matchID)).toEqual([round1[2]!, round1[3]!]);
    await play(organiser, id, round1[2]!);
    const semi = readyOf(await seeds(id)).find((s) => !round1.includes(s.id))!;
    expect((await stations(id)).stations.map((s) => s.matchID)).toEqual([semi.id, round1[3]!]);
    await expectOneToOne(id);
    // Off: matches stay where they are, a freed station stays free.
    await organiser.browser.put(`/api/tournament/${id}/auto-assign`, { autoAssign: false });
    await play(organiser, id, round1[3]!);
    expect((await stations(id)).stations.map((s) => s.matchID)).toEqual([semi.id, null]);
    expect(s1.id).toBeLessThan(s2.id);
  });

  it("does not seat one player at two stations at once (round robin)", async () => {
    const { organiser, id } = await startedTournament("robin", 4);
    for (const name of ["S1", "S2", "S3"]) await addStation(organiser, id, { name });
    await organiser.browser.put(`/api/tournament/${id}/auto-assign`, { autoAssign: true });
    const busy = (await stations(id)).stations.filter((s) => s.match);
    // Four players make two matches at a time, whatever the number of stations.
    expect(busy).toHaveLength(2);
    const seated = busy.flatMap((s) => s.match!.teams.map((t) => t.playerID));
    expect(new Set(seated).size).toBe(4);
  });

  it("assigns the first matches when a tournament with stations starts", async () => {
    const organiser = await signedInUser(server);
    const form = new FormData();
    for (const [key, value] of Object.entries({ tournamentName: "Early stations", format: "s_elim", size: "4", gameID: "1" })) form.append(key, value);
    const id = (await organiser.browser.post("/api/tournament/create-tournament", form)).body.id as number;
    await addStation(organiser, id, { name: "S1" });
    expect((await organiser.browser.put(`/api/tournament/${id}/auto-assign`, { autoAssign: true })).status).toBe(200);
    expect((await stations(id)).stations[0]!.matchID).toBeNull();
    await organiser.browser.post("/api/tournament/join-tournament", { tournmentID: id, PlayerID: organiser.user.id });
    for (let i = 1; i < 4; i++) {
      const player = await signedInUser(server);
      await player.browser.post("/api/tournament/join-tournament", { tournmentID: id, PlayerID: player.user.id });
    }
    for (const p of (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body.filter((p: { status: string }) => p.status === "pending"))
      await organiser.browser.put("/api/tournament/approve-player", { tournmentID: id, PlayerID: p.id });
    await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id });
    expect((await stations(id)).stations[0]!.matchID).toBe(`${id}-0`);
  });
});

describe("under concurrent changes", () => {
  it("never puts two matches on one station nor one match on two stations", async () => {
    const { organiser, id } = await startedTournament("s_elim", 16);
    const created = await Promise.all(["S1", "S2", "S3"].map((name) => organiser.browser.post(`/api/tournament/${id}/stations`, { name })));
    expect(created.map((r) => r.status)).toEqual([201, 201, 201]);
    const list = (await stations(id)).stations;
    const ready = readyOf(await seeds(id));
    // Eight ready matches raced onto one station: exactly one lands, the others are told it is busy.
    const race = await Promise.all(ready.map((m) => organiser.browser.put(`/api/tournament/${id}/stations/${list[0]!.id}/match`, { matchID: m.id })));
    expect(race.filter((r) => r.status === 200)).toHaveLength(1);
    expect(race.filter((r) => r.status === 409).every((r) => r.body.code === "station_busy")).toBe(true);
    await expectOneToOne(id);
    // One match raced onto every station: it ends on exactly one.
    const target = ready.find((m) => m.id !== (race.find((r) => r.status === 200)!.body.station.matchID as string))!;
    await Promise.all(list.slice(1).map((s) => organiser.browser.put(`/api/tournament/${id}/stations/${s.id}/match`, { matchID: target.id })));
    expect((await stations(id)).stations.filter((s) => s.matchID === target.id)).toHaveLength(1);
    await expectOneToOne(id);
    // Auto-assign turned on while matches end and stations come and go, all at once.
    for (const station of (await stations(id)).stations) await organiser.browser.put(`/api/tournament/${id}/stations/${station.id}/match`, { matchID: null });
    const toPlay = ready.slice(0, 4);
    await Promise.all(toPlay.map((m) => organiser.browser.post(`/api/tournament/start-match/${m.id}`)));
    const results = await Promise.all([
      organiser.browser.put(`/api/tournament/${id}/auto-assign`, { autoAssign: true }),
      ...toPlay.map((m) => organiser.browser.post("/api/tournament/set-winner", { matchID: m.id, tournmentID: id, scorePlayer1: 1, scorePlayer2: 0 })),
      organiser.browser.post(`/api/tournament/${id}/stations`, { name: "S4" }),
      organiser.browser.post(`/api/tournament/${id}/stations`, { name: "S5" }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 201, 201]);
    await expectOneToOne(id);
    // Five stations, and more ready matches than that: every station holds one.
    const final = (await stations(id)).stations;
    expect(final).toHaveLength(5);
    expect(final.every((s) => s.match && !s.match.finished)).toBe(true);
  });
});

describe("match streams", () => {
  it("shows the channel's live state on the station and the card, and the match on the channel's stream page", async () => {
    const { organiser, id } = await startedTournament();
    const streamer = await signedInUser(server);
    const channel = await createChannel(server.deps, streamer.user.id);
    const s1 = await addStation(organiser, id, { name: "Main stage", channel: streamer.account.username }, streamer);
    expect((await visitor().get(`/api/tournament/on-channel/${streamer.account.username}`)).body).toEqual({ onAir: null });
    const [m1] = readyOf(await seeds(id));
    await organiser.browser.put(`/api/tournament/${id}/stations/${s1.id}/match`, { matchID: m1!.id });
    await server.deps.db.updateTable("channel").set({ is_live: 1 }).where("id", "=", channel.id).execute();
    const card = (await seeds(id)).find((s) => s.id === m1!.id)!;
    expect(card.station).toEqual({ id: s1.id, name: "Main stage", channel: { username: streamer.account.username, avatar: null, isLive: true } });
    const onAir = (await visitor().get(`/api/tournament/on-channel/${streamer.account.username}`)).body.onAir;
    expect(onAir).toMatchObject({ tournament: { id, name: "LAN Final" }, station: { name: "Main stage", matchID: m1!.id, match: { id: m1!.id, playing: false } } });
    expect(onAir.station.match.teams.map((t: Team) => t.playerID)).toEqual(m1!.teams.map((t) => t.playerID));
    expect((await visitor().get("/api/tournament/on-channel/nobody-by-that-name")).body).toEqual({ onAir: null });
  });

  it("tells the stream pages of a station's channel when its match or score changes", async () => {
    const { organiser, id } = await startedTournament();
    const streamer = await signedInUser(server);
    const s1 = await addStation(organiser, id, { name: "Cast", channel: streamer.account.username }, streamer);
    const socket = await connect(server.url, "/live");
    try {
      const [m1] = readyOf(await seeds(id));
      const assigned = nextEvent<{ usernames: string[] }>(socket, "stations:changed");
      await organiser.browser.put(`/api/tournament/${id}/stations/${s1.id}/match`, { matchID: m1!.id });
      expect((await assigned).usernames).toEqual([streamer.account.username]);
      const started = nextEvent<{ usernames: string[] }>(socket, "stations:changed");
      await organiser.browser.post(`/api/tournament/start-match/${m1!.id}`);
      expect((await started).usernames).toEqual([streamer.account.username]);
    } finally {
      socket.close();
    }
  });
});

describe("the bracket in the chat (item 2)", () => {
  // Every test here signs up a tournament's players: past a hundred, the file would meet the signup
  // limit per address (server/auth/service.ts), which is not what these tests are about.
  beforeAll(() => server.deps.db.deleteFrom("rate_limit").where("key", "like", "signup:%").execute());
  const history = async (streamID: string, lang = "en"): Promise<Line[]> => (await new Browser(server.url, lang).get(`/api/messages/${streamID}?limit=200`)).body;
  const systemLines = async (streamID: string) => (await history(streamID)).filter((line) => line.system);

  async function streamedTournament(format = "s_elim", size = 4) {
    const t = await startedTournament(format, size);
    const streamer = await signedInUser(server);
    const channel = await createChannel(server.deps, streamer.user.id);
    return { ...t, streamer, channel };
  }

  it("tells the channel's chat of the next match, its start, its result and the match after, in order, translated", async () => {
    const { organiser, id, streamer, channel } = await streamedTournament("s_elim", 8);
    const participants: { userId: number; username: string }[] = (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body;
    const names = new Map(participants.map((p) => [p.userId, p.username]));
    const reader = await connect(server.url, "/readchat");
    const live: Line[] = [];
    reader.on("send", (line: Line) => live.push(line));
    await new Promise((resolve) => reader.emit("join", channel.public_id, resolve));
    try {
      await addStation(organiser, id, { name: "Scène", channel: streamer.account.username }, streamer);
      await organiser.browser.put(`/api/tournament/${id}/auto-assign`, { autoAssign: true });
      const [m1, m2] = readyOf(await seeds(id));
      const [a, b] = m1!.teams.map((t) => names.get(t.playerID!) ?? "?") as [string, string];
      const [c, d] = m2!.teams.map((t) => names.get(t.playerID!) ?? "?") as [string, string];
      await play(organiser, id, m1!.id, [2, 1]);
      const lines = await systemLines(channel.public_id);
      expect(lines.map((l) => l.system)).toEqual([
        { key: "bracket_match_next", params: { a, b, station: "Scène" } },
        { key: "bracket_match_started", params: { a, b, station: "Scène" } },
        { key: "bracket_match_won", params: { winner: a, loser: b, score: "2–1", station: "Scène" } },
        { key: "bracket_match_next", params: { a: c, b: d, station: "Scène" } },
      ]);
      expect(lines[2]!.content).toBe(`${a} gagne 2–1 contre ${b} (Scène)`);
      // The readers got the same lines, each once. They are sent in the stored order, but on PostgreSQL the
      // socket adapter publishes each through its own NOTIFY before delivering it, so two lines of the same
      // instant may cross: the web app orders a chat by id (client/features/chat/api/messages.ts), the stored order.
      const deadline = Date.now() + 5000;
      while (live.filter((l) => l.system).length < 4 && Date.now() < deadline) await Bun.sleep(20);
      expect(
        live
          .filter((l) => l.system)
          .map((l) => l.id)
          .sort((x, y) => x - y),
      ).toEqual(lines.map((l) => l.id));
    } finally {
      reader.close();
    }
  });

  it("says a result once when two matches at the channel's stations end at once, or one end is sent twice", async () => {
    const { organiser, id, streamer, channel } = await streamedTournament("s_elim", 8);
    const s1 = await addStation(organiser, id, { name: "A", channel: streamer.account.username }, streamer);
    const s2 = await addStation(organiser, id, { name: "B", channel: streamer.account.username }, streamer);
    const [m1, m2] = readyOf(await seeds(id));
    await organiser.browser.put(`/api/tournament/${id}/stations/${s1.id}/match`, { matchID: m1!.id });
    await organiser.browser.put(`/api/tournament/${id}/stations/${s2.id}/match`, { matchID: m2!.id });
    for (const m of [m1!, m2!]) await organiser.browser.post(`/api/tournament/start-match/${m.id}`);
    const end = (m: Seed) => organiser.browser.post("/api/tournament/set-winner", { matchID: m.id, tournmentID: id, scorePlayer1: 3, scorePlayer2: 1 });
    const results = await Promise.all([end(m1!), end(m2!), end(m1!), end(m2!)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    const won = (await systemLines(channel.public_id)).filter((l) => l.system!.key === "bracket_match_won");
    expect(won.map((l) => l.system!.params.station).sort()).toEqual(["A", "B"]);
  });

  it("tells each score change once, in order, when two matches at the channel's stations score at once", async () => {
    const { organiser, id, streamer, channel } = await streamedTournament("s_elim", 4);
    const reader = await connect(server.url, "/readchat");
    const live: Line[] = [];
    reader.on("send", (line: Line) => live.push(line));
    await new Promise((resolve) => reader.emit("join", channel.public_id, resolve));
    try {
      const s1 = await addStation(organiser, id, { name: "A", channel: streamer.account.username }, streamer);
      const s2 = await addStation(organiser, id, { name: "B", channel: streamer.account.username }, streamer);
      const [m1, m2] = readyOf(await seeds(id));
      await organiser.browser.put(`/api/tournament/${id}/stations/${s1.id}/match`, { matchID: m1!.id });
      await organiser.browser.put(`/api/tournament/${id}/stations/${s2.id}/match`, { matchID: m2!.id });
      for (const m of [m1!, m2!]) await organiser.browser.post(`/api/tournament/start-match/${m.id}`);
      const score = (m: Seed, a: number, b: number) => organiser.browser.put(`/api/tournament/${id}/matches/${m.id}/score`, { scorePlayer1: a, scorePlayer2: b });
      // The same score told twice (two organisers' clicks) and two matches scoring at the same instant.
      const first = await Promise.all([score(m1!, 1, 0), score(m2!, 0, 1), score(m1!, 1, 0), score(m2!, 0, 1)]);
      expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect((await score(m1!, 2, 0)).status).toBe(200);
      // A correction back to an earlier score is a change too.
      expect((await score(m1!, 1, 0)).status).toBe(200);
      expect((await organiser.browser.post("/api/tournament/set-winner", { matchID: m1!.id, tournmentID: id, scorePlayer1: 2, scorePlayer2: 0 })).status).toBe(200);
      // A score for a match not being played is refused, and says nothing.
      expect((await score(m1!, 3, 0)).status).toBe(409);

      const lines = await systemLines(channel.public_id);
      const scores = lines.filter((l) => l.system!.key === "bracket_match_score").map((l) => `${l.system!.params.station} ${l.system!.params.score}`);
      expect(scores.slice(0, 2).sort()).toEqual(["A 1–0", "B 0–1"]);
      expect(scores.slice(2)).toEqual(["A 2–0", "A 1–0"]);
      const keys = lines.map((l) => l.system!.key);
      expect(keys.lastIndexOf("bracket_match_score")).toBeLessThan(keys.indexOf("bracket_match_won"));
      expect(lines.find((l) => l.system!.key === "bracket_match_score")!.content).toMatch(/^Score au poste [AB] : /);
      // The readers got every line once; the web app orders a chat by id (see the first test).
      const deadline = Date.now() + 5000;
      while (live.filter((l) => l.system).length < lines.length && Date.now() < deadline) await Bun.sleep(20);
      const got = live.filter((l) => l.system).map((l) => l.id);
      expect(got.length).toBe(new Set(got).size);
      expect(got.sort((x, y) => x - y)).toEqual(lines.map((l) => l.id));
    } finally {
      reader.close();
    }
  });

  it("stays silent in a chat whose streamer turned the lines off, and for a station nobody streams", async () => {
    const { organiser, id, streamer, channel } = await streamedTournament();
    const settings = await streamer.browser.put("/api/stream/channel-settings", { bracketMessages: false });
    expect(settings.status).toBe(200);
    expect((await streamer.browser.get("/api/stream/channel-settings")).body.bracketMessages).toBe(false);
    await addStation(organiser, id, { name: "Muted", channel: streamer.account.username }, streamer);
    await addStation(organiser, id, { name: "Plain" });
    await organiser.browser.put(`/api/tournament/${id}/auto-assign`, { autoAssign: true });
    for (const station of (await stations(id)).stations) await play(organiser, id, station.matchID!);
    expect(await systemLines(channel.public_id)).toEqual([]);
    await streamer.browser.put("/api/stream/channel-settings", { bracketMessages: true });
    expect((await streamer.browser.get("/api/stream/channel-settings")).body.bracketMessages).toBe(true);
  });
});

describe("a station's channel needs its streamer's consent (issue 34, item 17)", () => {
  beforeAll(() => server.deps.db.deleteFrom("rate_limit").where("key", "like", "signup:%").execute());
  const history = async (streamID: string): Promise<Line[]> => (await visitor().get(`/api/messages/${streamID}?limit=200`)).body;
  const onAir = async (username: string) => (await visitor().get(`/api/tournament/on-channel/${username}`)).body.onAir;

  it("asks another's channel and streams nothing on it until its streamer accepts; its streamer may refuse or leave", async () => {
    const { organiser, id } = await startedTournament();
    const streamer = await signedInUser(server);
    const channel = await createChannel(server.deps, streamer.user.id);
    const asked = await addStation(organiser, id, { name: "Scène" });
    await organiser.browser.put(`/api/tournament/${id}/auto-assign`, { autoAssign: true });
    const saved = await organiser.browser.put(`/api/tournament/${id}/stations/${asked.id}`, { channel: streamer.account.username });
    expect(saved.body.station).toMatchObject({ channel: null, requestedChannel: { username: streamer.account.username } });
    // The public sees no channel; the organiser sees whom they asked.
    expect((await stations(id)).stations[0]).toMatchObject({ channel: null, requestedChannel: null });
    expect((await organiser.browser.get(`/api/tournament/${id}/stations`)).body.stations[0].requestedChannel).toEqual({ username: streamer.account.username });

    // The streamer is told and sees the request; nothing reaches their channel meanwhile.
    const notifications = (await streamer.browser.get("/api/notifications")).body.notifications;
    expect(notifications[0]).toMatchObject({ type: "station_request", link: "/dashboard", data: { tournament: "LAN Final", station: "Scène", organiser: organiser.user.username } });
    expect((await streamer.browser.get("/api/tournament/station-requests")).body).toEqual({
      requests: [{ tournament: { id, name: "LAN Final" }, station: { id: asked.id, name: "Scène" }, organiser: organiser.user.username }],
    });
    const [match] = readyOf(await seeds(id));
    await organiser.browser.post(`/api/tournament/start-match/${match!.id}`);
    expect(await history(channel.public_id)).toEqual([]);
    expect(await onAir(streamer.account.username)).toBeNull();

    // Nobody else answers for them; saving the station again asks no twice.
    const stranger = await signedInUser(server);
    const answered = await stranger.browser.post(`/api/tournament/${id}/stations/${asked.id}/answer`, { accept: true });
    expect([answered.status, answered.body.code]).toEqual([404, "station_request_not_found"]);
    await organiser.browser.put(`/api/tournament/${id}/stations/${asked.id}`, { name: "Scène", channel: streamer.account.username });
    expect((await streamer.browser.get("/api/notifications")).body.notifications.filter((n: { type: string }) => n.type === "station_request")).toHaveLength(1);

    // Accepted: the match on the station is on their page, and the next lines reach their chat, with no author.
    const accepted = await streamer.browser.speaking("fr").post(`/api/tournament/${id}/stations/${asked.id}/answer`, { accept: true });
    expect(accepted.body).toEqual({ success: true, message: "Votre chaîne diffuse ce poste" });
    expect((await stations(id)).stations[0]).toMatchObject({ channel: { username: streamer.account.username }, requestedChannel: null });
    expect((await onAir(streamer.account.username))?.station.name).toBe("Scène");
    await play(organiser, id, match!.id, [2, 0]);
    const lines = await history(channel.public_id);
    expect(lines.map((line) => line.system?.key)).toContain("bracket_match_won");
    for (const line of lines) expect(line).toMatchObject({ userId: 0, username: "", avatar: null });
    expect((await streamer.browser.get("/api/tournament/station-requests")).body.requests).toEqual([]);

    // Consent is taken back at any time: refusing leaves the station.
    expect((await streamer.browser.post(`/api/tournament/${id}/stations/${asked.id}/answer`, { accept: false })).status).toBe(200);
    expect((await stations(id)).stations[0]!.channel).toBeNull();
    expect(await onAir(streamer.account.username)).toBeNull();
  });

  it("streams the organiser's own channel at once, and a refused request leaves nothing", async () => {
    const { organiser, id } = await startedTournament();
    await createChannel(server.deps, organiser.user.id);
    const own = await addStation(organiser, id, { name: "Maison", channel: organiser.user.username });
    expect(own).toMatchObject({ channel: { username: organiser.user.username }, requestedChannel: null });
    const streamer = await signedInUser(server);
    const asked = await addStation(organiser, id, { name: "Ailleurs", channel: streamer.account.username });
    expect((await streamer.browser.post(`/api/tournament/${id}/stations/${asked.id}/answer`, { accept: false })).status).toBe(200);
    expect((await organiser.browser.get(`/api/tournament/${id}/stations`)).body.stations[1]).toMatchObject({ channel: null, requestedChannel: null });
    expect((await streamer.browser.get("/api/tournament/station-requests")).body.requests).toEqual([]);
  });

  it("tells a chat at most SYSTEM_LINES_PER_MINUTE bracket lines a minute, the first ones kept", async () => {
    const streamer = await signedInUser(server);
    const channel = await createChannel(server.deps, streamer.user.id);
    const now = Date.now();
    const line = (n: number) => ({ streamerId: streamer.user.id, key: "bracket_match_next" as const, params: { a: `p${n}`, b: "q", station: "S" }, dedupeKey: `flood:${n}` });
    const stored = await storeSystemLines(
      server.deps.db,
      Array.from({ length: SYSTEM_LINES_PER_MINUTE + 5 }, (_, n) => line(n)),
      now,
    );
    expect(stored).toHaveLength(SYSTEM_LINES_PER_MINUTE);
    expect((await history(channel.public_id)).map((l) => l.system!.params.a)).toEqual(Array.from({ length: SYSTEM_LINES_PER_MINUTE }, (_, n) => `p${n}`));
    // A minute later the chat hears the bracket again.
    expect(await storeSystemLines(server.deps.db, [line(100)], now + 61_000)).toHaveLength(1);
  });
});
