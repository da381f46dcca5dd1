import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { probe } from "../../media/probe.ts";
import { publishTestStream } from "../../tests/fixtures/publisher.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { startedTournament } from "../../tests/fixtures/tournaments.ts";
import { backgroundSettled } from "../http/background.ts";
import { writeSiteSettings } from "../site/settings/settings.ts";
import { MATCH_MARGIN_MS, matchReplayTitle } from "./match-replays.ts";

// Match replays (issue 18, item 3) with a real ffmpeg live on the real media server: the cut's length
// is checked with ffprobe against the match's clock as the database recorded it, on SQLite and on
// PostgreSQL (scripts/lib/with-postgres.ts).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { ingest: true });
});
afterAll(() => server.stop());

type Player = Awaited<ReturnType<typeof signedInUser>>;

/** A started 4-player single elimination with one station streamed by `streamer`'s channel (accepted) and auto-assign on. */
async function streamedTournament(streamer: Player): Promise<{ organiser: Player; id: number; matchID: string }> {
  const organiser = await signedInUser(server);
  const { id } = await startedTournament(server, organiser, 4, { tournamentName: "LAN Final" });
  const station = await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Scène", channel: streamer.account.username });
  expect(station.status).toBe(201);
  expect((await streamer.browser.post(`/api/tournament/${id}/stations/${station.body.station.id}/answer`, { accept: true })).status).toBe(200);
  await organiser.browser.put(`/api/tournament/${id}/auto-assign`, { autoAssign: true });
  const { stations } = (await new Browser(server.url).get(`/api/tournament/${id}/stations`)).body;
  return { organiser, id, matchID: stations[0].matchID };
}

async function liveStreamer() {
  const user = await signedInUser(server);
  const start = await user.browser.post("/api/stream/startstreaming", { title: "Soirée LAN", gameId: 1, tags: [], description: "" });
  expect(start.status).toBe(200);
  return { ...user, ingest: `rtmp://127.0.0.1:${server.rtmpPort}/live/${start.body.streamKey}` };
}

async function matchClock(id: number, matchID: string) {
  const matchId = Number(matchID.split("-")[1]);
  return server.deps.db.selectFrom("tournament_match").selectAll().where("tournament_id", "=", id).where("match_id", "=", matchId).executeTakeFirstOrThrow();
}

async function cardOf(id: number, matchID: string) {
  const { data } = (await new Browser(server.url).get(`/api/tournament/rounds/${id}`)).body;
  return data.flatMap((round: { seeds: { id: string }[] }) => round.seeds).find((seed: { id: string }) => seed.id === matchID);
}

const fileOf = (filePath: string) => join(server.deps.config.mediaDir, "recordings", filePath);

describe("match replays", () => {
  it("cuts a streamed match out of the live, titled after it, on its card and the tournament's page; the live's own replay stays", async () => {
    const streamer = await liveStreamer();
    const { organiser, id, matchID } = await streamedTournament(streamer);
    const started = server.deps.bus.next("stream:started", (e) => e.username === streamer.account.username);
    const publisher = publishTestStream(streamer.ingest, { seconds: 25 });
    await started;
    await Bun.sleep(4000);
    expect((await organiser.browser.post(`/api/tournament/start-match/${matchID}`)).status).toBe(200);
    await Bun.sleep(6000);
    expect((await organiser.browser.post("/api/tournament/set-winner", { matchID, tournmentID: id, scorePlayer1: 2, scorePlayer2: 0 })).status).toBe(200);
    await backgroundSettled();

    const clock = await matchClock(id, matchID);
    const card = await cardOf(id, matchID);
    expect(card.replay).toMatchObject({ status: "ready", partial: false });
    const replay = (await new Browser(server.url).get(`/api/stream/replays/${card.replay.id}`)).body.replay;
    const [a, b] = card.teams.map((team: { player: { name: string } }) => team.player.name);
    expect(replay).toMatchObject({ title: `Demi-finales — ${a} vs ${b}`, status: "ready", tournament: { id, name: "LAN Final" }, matchID, partial: false, username: streamer.account.username });
    expect(replay.stream_games.id).toBe(1);
    const expected = (clock.ended_at! - clock.started_at + 2 * MATCH_MARGIN_MS) / 1000;
    const { duration, streams } = await probe(fileOf(replay.filePath));
    expect(Math.abs(duration - expected)).toBeLessThanOrEqual(2);
    expect(streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
    expect((await fetch(`${server.url}/recordings/${replay.filePath}`, { headers: { range: "bytes=0-99" } })).status).toBe(206);
    const listed = (await new Browser(server.url).get(`/api/tournament/${id}/replays`)).body.replays;
    expect(listed.map((r: { id: number }) => r.id)).toEqual([replay.id]);

    const sessionReplay = server.deps.bus.next("replay:ready", (e) => e.replayId !== replay.id);
    publisher.kill("SIGINT");
    await sessionReplay;
    const all = await server.deps.db
      .selectFrom("replay")
      .innerJoin("channel", "channel.id", "replay.channel_id")
      .select(["replay.title", "replay.match_id"])
      .where("channel.user_id", "=", streamer.user.id)
      .execute();
    expect(all.map((r) => r.title).sort()).toEqual(["Soirée LAN", replay.title].sort());
  }, 90_000);

  it("flags as partial a match whose live ended before it, cut from what was recorded", async () => {
    const streamer = await liveStreamer();
    const { organiser, id, matchID } = await streamedTournament(streamer);
    // With the match's reconnect window off (issue 37, item 5), a drop mid-match ends the live after the short grace.
    await writeSiteSettings(server.deps.db, { matchReconnectMinutes: 0 }, organiser.user.id, server.deps.now());
    const started = server.deps.bus.next("stream:started", (e) => e.username === streamer.account.username);
    const publisher = publishTestStream(streamer.ingest, { seconds: 10 });
    await started;
    await Bun.sleep(4000);
    expect((await organiser.browser.post(`/api/tournament/start-match/${matchID}`)).status).toBe(200);
    const ended = server.deps.bus.next("stream:ended", (e) => e.username === streamer.account.username);
    const sessionReplay = server.deps.bus.next("replay:ready");
    await publisher.exited;
    await ended;
    // The live's replay is made and its parts removed (issue 34, item 12): the match is cut from the MP4.
    await sessionReplay;
    const { recording_dir } = await server.deps.db
      .selectFrom("live_session")
      .innerJoin("channel", "channel.id", "live_session.channel_id")
      .select("live_session.recording_dir")
      .where("channel.user_id", "=", streamer.user.id)
      .executeTakeFirstOrThrow();
    expect(existsSync(recording_dir)).toBe(false);
    expect((await organiser.browser.post("/api/tournament/set-winner", { matchID, tournmentID: id, scorePlayer1: 0, scorePlayer2: 2 })).status).toBe(200);
    await backgroundSettled();

    const card = await cardOf(id, matchID);
    expect(card.replay).toMatchObject({ status: "ready", partial: true });
    const replay = (await new Browser(server.url).get(`/api/stream/replays/${card.replay.id}`)).body.replay;
    expect(replay.partial).toBe(true);
    const clock = await matchClock(id, matchID);
    const session = await server.deps.db
      .selectFrom("live_session")
      .selectAll()
      .where("id", "=", (await server.deps.db.selectFrom("replay").select("live_session_id").where("id", "=", replay.id).executeTakeFirstOrThrow()).live_session_id)
      .executeTakeFirstOrThrow();
    // From the margin before the match to the end of the 10 s recording.
    const expected = 10 - (clock.started_at - MATCH_MARGIN_MS - session.started_at) / 1000;
    expect(Math.abs((await probe(fileOf(replay.filePath))).duration - expected)).toBeLessThanOrEqual(2);
  }, 90_000);
});

describe("match replay titles", () => {
  it("names the round as the bracket shows it, in each language", () => {
    expect(matchReplayTitle("fr", "Final", "ZeldaPro", "Orion20")).toBe("Finale — ZeldaPro vs Orion20");
    expect(matchReplayTitle("en", "Final", "ZeldaPro", "Orion20")).toBe("Final — ZeldaPro vs Orion20");
    expect(matchReplayTitle("fr", "Losers Round 2", "A", "B")).toBe("Perdants – tour 2 — A vs B");
    expect(matchReplayTitle("en", "Swiss Round 3", "A", "B")).toMatch(/3 — A vs B$/);
    expect(matchReplayTitle("en", "Round 3", "A", "B")).toBe("Round 3 — A vs B");
  });
});
