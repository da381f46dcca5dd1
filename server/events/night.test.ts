import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ADMIN_ENV, adminBrowserOf, fundedUser, publishedEvent } from "../../tests/fixtures/money.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { createChannel } from "../channels/own-channel.ts";
import { EventNightResponseSchema } from "./schemas.ts";

// The night page (issue 18, item 5): an event linked to a tournament shows its stations and streams,
// the matches in progress and those that come next (the door count has its test in seats.test.ts).
let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminBrowserOf(server);
});
afterAll(() => server.stop());

describe("the night page", () => {
  it("shows the linked tournament's stations with their streams and matches, and the next matches", async () => {
    const organiser = await fundedUser(server, admin, 1000);
    const form = new FormData();
    for (const [key, value] of Object.entries({ tournamentName: "LAN Final", format: "s_elim", size: "4", gameID: "1" })) form.append(key, value);
    const id = (await organiser.browser.post("/api/tournament/create-tournament", form)).body.id as number;
    await organiser.browser.post("/api/tournament/join-tournament", { tournmentID: id, PlayerID: organiser.user.id });
    for (let i = 1; i < 4; i++) {
      const player = await signedInUser(server);
      await player.browser.post("/api/tournament/join-tournament", { tournmentID: id, PlayerID: player.user.id });
    }
    const event = await publishedEvent(organiser, { tournamentId: id });
    const visitor = new Browser(server.url);
    expect((await visitor.get(`/api/events/${event.slug}/night`)).body).toMatchObject({ tournament: { id, name: "LAN Final", started: false }, stations: [], next: [], door: null });

    for (const p of (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body.filter((p: { status: string }) => p.status === "pending"))
      await organiser.browser.put("/api/tournament/approve-player", { tournmentID: id, PlayerID: p.id });
    expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id })).status).toBe(200);
    const streamer = await signedInUser(server);
    const channel = await createChannel(server.deps, streamer.user.id);
    await server.deps.db.updateTable("channel").set({ is_live: 1 }).where("id", "=", channel.id).execute();
    const station = (await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Scène", channel: streamer.account.username })).body.station;
    await streamer.browser.post(`/api/tournament/${id}/stations/${station.id}/answer`, { accept: true });
    await organiser.browser.put(`/api/tournament/${id}/auto-assign`, { autoAssign: true });
    const { stations } = (await visitor.get(`/api/tournament/${id}/stations`)).body;
    await organiser.browser.post(`/api/tournament/start-match/${stations[0].matchID}`);

    const night = (await visitor.get(`/api/events/${event.slug}/night`)).body;
    expect(night.stations).toHaveLength(1);
    expect(night.stations[0]).toMatchObject({ name: "Scène", channel: { username: streamer.account.username, isLive: true }, match: { playing: true } });
    // The other first-round match waits; the final's players are not known yet.
    expect(night.next.map((n: { round: string; match: { id: string } }) => n.round)).toEqual(["Semi-finals"]);
    expect(night.next[0].match.id).not.toBe(stations[0].matchID);
    expect(night.door).toBeNull();
    expect((await organiser.browser.get(`/api/events/${event.slug}/night`)).body.door).toEqual({ entered: 0, seats: 40 });
    expect((await visitor.get("/api/events/no-such-event/night")).status).toBe(404);
  });

  it("names a Swiss tournament's format, as the page's declared schema says it may", async () => {
    const organiser = await fundedUser(server, admin, 1000);
    const form = new FormData();
    for (const [key, value] of Object.entries({ tournamentName: "Ronde suisse", format: "swiss", size: "4", gameID: "1" })) form.append(key, value);
    const id = (await organiser.browser.post("/api/tournament/create-tournament", form)).body.id as number;
    const event = await publishedEvent(organiser, { tournamentId: id });

    const res = await new Browser(server.url).get(`/api/events/${event.slug}/night`);
    expect(res.status).toBe(200);
    const parsed = EventNightResponseSchema.safeParse(res.body);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data?.tournament).toEqual({ id, name: "Ronde suisse", structure: "swiss", started: false, finished: false });
  });
});
