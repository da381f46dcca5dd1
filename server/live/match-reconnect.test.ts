import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { io } from "socket.io-client";
import { recordingParts } from "../../media/live-outputs.ts";
import { probe } from "../../media/probe.ts";
import { publishTestStream, waitFor } from "../../tests/fixtures/publisher.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { startedTournament } from "../../tests/fixtures/tournaments.ts";
import { backgroundSettled } from "../http/background.ts";
import { recordingDirOf } from "../replays/finalise.ts";
import { writeSiteSettings } from "../site/settings/settings.ts";
import { MATCH_MARGIN_MS } from "../tournaments/match-replays.ts";
import { RECONNECT_GRACE_MS } from "./sessions.ts";

// A reconnect that lasts the match (issue 37, item 5), with real ffmpeg pushes on the real media server. The
// match's wait runs on the server's clock: the test moves it a minute on instead of waiting a minute.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { ingest: true });
});
afterAll(() => server.stop());

type Player = Awaited<ReturnType<typeof signedInUser>>;

async function liveStreamer() {
  const user = await signedInUser(server);
  const start = await user.browser.post("/api/stream/startstreaming", { title: "Finale sur scène", gameId: 1, tags: [], description: "" });
  expect(start.status).toBe(200);
  return { ...user, ingest: `rtmp://127.0.0.1:${server.rtmpPort}/live/${start.body.streamKey}` };
}

/** A started 4-player single elimination whose one station is `streamer`'s channel, its first match assigned there. */
async function stationOf(streamer: Player): Promise<{ organiser: Player; id: number; matchID: string }> {
  const organiser = await signedInUser(server);
  const { id } = await startedTournament(server, organiser, 4, { tournamentName: "LAN Reconnect" });
  const station = await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Scène", channel: streamer.account.username });
  expect((await streamer.browser.post(`/api/tournament/${id}/stations/${station.body.station.id}/answer`, { accept: true })).status).toBe(200);
  await organiser.browser.put(`/api/tournament/${id}/auto-assign`, { autoAssign: true });
  const { stations } = (await new Browser(server.url).get(`/api/tournament/${id}/stations`)).body;
  return { organiser, id, matchID: stations[0].matchID };
}

const sessionsOf = (userId: number) =>
  server.deps.db.selectFrom("live_session").innerJoin("channel", "channel.id", "live_session.channel_id").selectAll("live_session").where("channel.user_id", "=", userId).execute();

describe("a reconnect that lasts the match", () => {
  it("keeps the same live and match replay for an encoder back a minute later, and tells the viewers it reconnects", async () => {
    const streamer = await liveStreamer();
    const { organiser, id, matchID } = await stationOf(streamer);
    const viewer = io(`${server.url}/live`, { path: "/socket.io/", transports: ["websocket"], forceNew: true });
    const told: string[] = [];
    viewer.on("stream:reconnecting", (e: { username: string }) => e.username === streamer.account.username && told.push("reconnecting"));
    viewer.on("stream:resumed", (e: { username: string }) => e.username === streamer.account.username && told.push("resumed"));
    try {
      const started = server.deps.bus.next("stream:started", (e) => e.username === streamer.account.username);
      const first = publishTestStream(streamer.ingest, { seconds: 8 });
      await started;
      expect((await organiser.browser.post(`/api/tournament/start-match/${matchID}`)).status).toBe(200);
      const reconnecting = server.deps.bus.next("stream:reconnecting", (e) => e.username === streamer.account.username);
      await first.exited;
      const { until } = await reconnecting;
      const leftAt = until - 5 * 60_000;
      // A page opened now learns of the wait from the stream's answer, not only from the event it missed.
      const streamNow = async () => (await new Browser(server.url).get(`/api/stream/stream/${streamer.account.username}`)).body;
      expect(await streamNow()).toMatchObject({ isLive: true, reconnecting: true });
      // Past the short grace of any live, in real time: a live outside a match would have ended by now.
      await Bun.sleep(RECONNECT_GRACE_MS + 1000);
      expect(await streamNow()).toMatchObject({ isLive: true, reconnecting: true });

      // A minute later on the server's clock, the encoder comes back.
      server.moveClock(60_000);
      const resumed = server.deps.bus.next("stream:resumed", (e) => e.username === streamer.account.username);
      const second = publishTestStream(streamer.ingest, { seconds: 60 });
      await resumed;
      const resumedAt = server.deps.now();
      expect(await streamNow()).toMatchObject({ isLive: true, reconnecting: false });
      const [session, ...others] = await sessionsOf(streamer.user.id);
      expect(others).toHaveLength(0);
      expect(session!.ended_at).toBeNull();
      const channel = await server.deps.db.selectFrom("channel").select(["is_live", "live_session_id"]).where("user_id", "=", streamer.user.id).executeTakeFirstOrThrow();
      expect(channel).toEqual({ is_live: 1, live_session_id: session!.id });
      const recordingDir = recordingDirOf(server.deps.config.mediaDir, session!.recording_dir);
      await waitFor("the second part holds a few seconds", () => recordingParts(recordingDir).length === 2 && Bun.file(recordingParts(recordingDir)[1]!).size > 100_000, 30_000, 200);
      await waitFor("the viewers were told", () => told.length === 2, 5000, 50);
      expect(told).toEqual(["reconnecting", "resumed"]);

      expect((await organiser.browser.post("/api/tournament/set-winner", { matchID, tournmentID: id, scorePlayer1: 2, scorePlayer2: 1 })).status).toBe(200);
      await backgroundSettled();
      const matchId = Number(matchID.split("-")[1]);
      const clock = await server.deps.db.selectFrom("tournament_match").selectAll().where("tournament_id", "=", id).where("match_id", "=", matchId).executeTakeFirstOrThrow();
      const replay = await server.deps.db.selectFrom("replay").selectAll().where("tournament_id", "=", id).where("match_id", "=", matchId).executeTakeFirstOrThrow();
      expect(replay).toMatchObject({ status: "ready", live_session_id: session!.id, partial: 0 });
      // Both parts, the minute away left out: from the margin before the match (or the live's start) to the margin after it.
      const cutFrom = Math.max(session!.started_at, clock.started_at - MATCH_MARGIN_MS);
      const expected = (clock.ended_at! + MATCH_MARGIN_MS - cutFrom - (resumedAt - leftAt)) / 1000;
      const { duration } = await probe(`${server.deps.config.mediaDir}/recordings/${replay.file_path}`);
      expect(Math.abs(duration - expected)).toBeLessThanOrEqual(2);

      // Outside a match the short grace stays.
      const ended = server.deps.bus.next("stream:ended", (e) => e.username === streamer.account.username);
      second.kill("SIGINT");
      await ended;
      expect(told).toEqual(["reconnecting", "resumed"]);
      expect(await streamNow()).toMatchObject({ isLive: false, reconnecting: false });
    } finally {
      viewer.close();
    }
  }, 120_000);

  it("ends the live once the match's wait is over on the server's clock, and keeps the short grace when the setting is 0", async () => {
    const streamer = await liveStreamer();
    const { organiser, matchID } = await stationOf(streamer);
    const started = server.deps.bus.next("stream:started", (e) => e.username === streamer.account.username);
    const first = publishTestStream(streamer.ingest, { seconds: 4 });
    await started;
    expect((await organiser.browser.post(`/api/tournament/start-match/${matchID}`)).status).toBe(200);
    const reconnecting = server.deps.bus.next("stream:reconnecting", (e) => e.username === streamer.account.username);
    await first.exited;
    await reconnecting;
    const ended = server.deps.bus.next("stream:ended", (e) => e.username === streamer.account.username);
    server.moveClock(5 * 60_000);
    await ended;
    expect((await sessionsOf(streamer.user.id))[0]!.ended_at).not.toBeNull();
    // Ended during its wait: the stream no longer says it reconnects.
    expect((await new Browser(server.url).get(`/api/stream/stream/${streamer.account.username}`)).body).toMatchObject({ isLive: false, reconnecting: false });

    // The admin turns the match's wait off: a drop mid-match ends the live after the short grace.
    await writeSiteSettings(server.deps.db, { matchReconnectMinutes: 0 }, organiser.user.id, server.deps.now());
    try {
      const again = server.deps.bus.next("stream:started", (e) => e.username === streamer.account.username);
      const second = publishTestStream(streamer.ingest, { seconds: 4 });
      await again;
      const endedAgain = server.deps.bus.next("stream:ended", (e) => e.username === streamer.account.username);
      let told = false;
      const off = server.deps.bus.on("stream:reconnecting", (e) => {
        if (e.username === streamer.account.username) told = true;
      });
      await second.exited;
      await endedAgain;
      off();
      expect(told).toBe(false);
    } finally {
      await writeSiteSettings(server.deps.db, { matchReconnectMinutes: 5 }, organiser.user.id, server.deps.now());
    }
  }, 120_000);
});
