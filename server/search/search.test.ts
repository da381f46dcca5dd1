import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** A finished replay as the live pipeline leaves it, written straight to the database. */
async function replay(username: string, title: string, viewCount: number) {
  const user = await server.deps.db.selectFrom("user").select("id").where("username", "=", username).executeTakeFirstOrThrow();
  const channel = await server.deps.db.selectFrom("channel").select("id").where("user_id", "=", user.id).executeTakeFirstOrThrow();
  const now = Date.now();
  const session = await server.deps.db
    .insertInto("live_session")
    .values({ channel_id: channel.id, started_at: now, ended_at: now, recording_dir: "/nowhere", game_id: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { fold } = await import("../text/fold.ts");
  await server.deps.db
    .insertInto("replay")
    .values({
      channel_id: channel.id,
      live_session_id: session.id,
      title,
      search_title: fold(title),
      status: "ready",
      game_id: 1,
      file_path: "1/x.mp4",
      thumbnail_path: null,
      duration: 60,
      file_size: 1000,
      view_count: viewCount,
      created_at: now,
      deleted_at: null,
    })
    .execute();
}

describe("GET /api/stream/search", () => {
  it("finds users, prefix matches first, then the most followed", async () => {
    const prefix = await signedInUser(server, { username: "Zorglub_one", email: "zorg1@example.test" });
    const contains = await signedInUser(server, { username: "the_zorglub", email: "zorg2@example.test" });
    const fan = await signedInUser(server);
    await contains.browser.post("/api/stream/mychannel/init");
    await fan.browser.post("/api/stream/follow", { channelId: contains.user.id });
    const res = await fan.browser.get("/api/stream/search?term=ZORG");
    expect(res.body.users.map((u: { username: string }) => u.username)).toEqual([prefix.account.username, contains.account.username]);
    expect(res.body.users[1]).toMatchObject({ followers: 1, isFollowed: true });
    expect(res.body.users[0].email).toBeUndefined();
  });

  it("ignores accents and letter case in games and replays", async () => {
    const streamer = await signedInUser(server, { username: "accent_fan", email: "accent@example.test" });
    await streamer.browser.post("/api/stream/mychannel/init");
    await replay("accent_fan", "Finale Élite à Lyon", 5);
    await replay("accent_fan", "Quarts: élite contre pros", 50);
    const res = await new Browser(server.url).get(`/api/stream/search?term=${encodeURIComponent("ELITE")}`);
    expect(res.body.videos.map((v: { title: string }) => v.title)).toEqual(["Quarts: élite contre pros", "Finale Élite à Lyon"]);
    const games = await new Browser(server.url).get(`/api/stream/search?term=${encodeURIComponent("league")}`);
    expect(games.body.games[0].name).toBe("League of Legends");
    const prefixFirst = await new Browser(server.url).get(`/api/stream/search?term=${encodeURIComponent("finale")}`);
    expect(prefixFirst.body.videos[0].title).toBe("Finale Élite à Lyon");
  });

  it("caps the dropdown at 6 games and 6 channels and answers empty for a blank term", async () => {
    for (let i = 0; i < 8; i++) await signedInUser(server, { username: `capped_${i}`, email: `capped${i}@example.test` });
    const dropdown = await new Browser(server.url).get("/api/stream/search?term=capped");
    expect(dropdown.body.users).toHaveLength(6);
    const page = await new Browser(server.url).get("/api/stream/search?term=capped&scope=page");
    expect(page.body.users).toHaveLength(8);
    expect((await new Browser(server.url).get("/api/stream/search?term=%20")).body).toEqual({ success: true, games: [], users: [], lives: [], videos: [], tournaments: [] });
  });

  it("treats LIKE wildcards as plain characters", async () => {
    const res = await new Browser(server.url).get(`/api/stream/search?term=${encodeURIComponent("%")}`);
    expect(res.body.users).toEqual([]);
  });
});

describe("GET /api/stream/search: tournaments", () => {
  it("finds tournaments by name or game on the results page, accent-insensitive, prefix first", async () => {
    const { browser } = await signedInUser(server);
    const create = async (name: string, gameID: string) => {
      const form = new FormData();
      for (const [key, value] of Object.entries({ tournamentName: name, format: "s_elim", size: "4", gameID })) form.append(key, value);
      expect((await browser.post("/api/tournament/create-tournament", form)).status).toBe(201);
    };
    await create("Grande Coupe d'Été", "1");
    await create("Été indien", "2");
    const page = (await new Browser(server.url).get(`/api/stream/search?term=${encodeURIComponent("ete")}&scope=page`)).body;
    expect(page.tournaments.map((t: { name: string }) => t.name)).toEqual(["Été indien", "Grande Coupe d'Été"]);
    const byGame = (await new Browser(server.url).get("/api/stream/search?term=counter&scope=page")).body;
    expect(byGame.tournaments.map((t: { name: string }) => t.name)).toEqual(["Été indien"]);
    // The top-bar dropdown lists games and channels only.
    expect((await new Browser(server.url).get("/api/stream/search?term=ete")).body.tournaments).toEqual([]);
  });
});
