import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { insertReplay } from "../../tests/fixtures/replays.ts";

let server: TestServer;
beforeAll(async () => {
  // Answers are shared for a second (server/search/answers.ts): this server works every one out, to see each change at once.
  server = await startTestServer({ SEARCH_ANSWER_MS: "0" });
});
afterAll(() => server.stop());

/** A finished replay as the live pipeline leaves it, written straight to the database. */
async function replay(username: string, title: string, viewCount: number) {
  const user = await server.deps.db.selectFrom("user").select("id").where("username", "=", username).executeTakeFirstOrThrow();
  const channel = await server.deps.db.selectFrom("channel").select("id").where("user_id", "=", user.id).executeTakeFirstOrThrow();
  await insertReplay(server.deps.db, channel.id, { title, filePath: "1/x.mp4", viewCount });
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

describe("GET /api/stream/search: the index follows every change", () => {
  const titlesOf = (body: { videos: { title: string }[] }) => body.videos.map((v) => v.title);
  const search = async (term: string) => (await new Browser(server.url).get(`/api/stream/search?term=${encodeURIComponent(term)}&scope=page`)).body;

  it("finds a renamed user under the new name only", async () => {
    const { browser } = await signedInUser(server, { username: "Quokka_old", email: "quokka@example.test" });
    expect((await search("quokka")).users.map((u: { username: string }) => u.username)).toEqual(["Quokka_old"]);
    expect((await browser.json("PUT", "/api/auth/username", { username: "Wombat_new" })).status).toBe(200);
    expect((await search("quokka")).users).toEqual([]);
    expect((await search("WOMBAT")).users.map((u: { username: string }) => u.username)).toEqual(["Wombat_new"]);
  });

  it("finds a live channel under its new title only", async () => {
    const { browser, user } = await signedInUser(server, { username: "kangaroo_host", email: "kangaroo@example.test" });
    expect((await browser.post("/api/stream/startstreaming", { title: "Tournoi Kangourou", gameId: 1 })).status).toBe(200);
    await server.deps.db.updateTable("channel").set({ is_live: 1 }).where("user_id", "=", user.id).execute();
    expect((await search("kangourou")).lives.map((l: { title: string }) => l.title)).toEqual(["Tournoi Kangourou"]);
    expect((await browser.post("/api/stream/startstreaming", { title: "Soirée Ornithorynque", gameId: 1 })).status).toBe(200);
    expect((await search("kangourou")).lives).toEqual([]);
    expect((await search("SOIREE ORNI")).lives.map((l: { title: string }) => l.title)).toEqual(["Soirée Ornithorynque"]);
    await server.deps.db.updateTable("channel").set({ is_live: 0 }).where("user_id", "=", user.id).execute();
  });

  it("finds a renamed replay under its new title only, and a deleted one no more", async () => {
    await signedInUser(server, { username: "pangolin_fan", email: "pangolin@example.test" });
    const [id] = await replays("pangolin_fan", [{ title: "Coupe Pangolin", views: 1 }]);
    expect(titlesOf(await search("pangolin"))).toEqual(["Coupe Pangolin"]);
    const { fold } = await import("../../shared/fold.ts");
    await server.deps.db
      .updateTable("replay")
      .set({ title: "Défi Tatou", search_title: fold("Défi Tatou") })
      .where("id", "=", id!)
      .execute();
    expect(titlesOf(await search("pangolin"))).toEqual([]);
    expect(titlesOf(await search("DEFI TAT"))).toEqual(["Défi Tatou"]);
    await server.deps.db.updateTable("replay").set({ deleted_at: Date.now() }).where("id", "=", id!).execute();
    expect(titlesOf(await search("tatou"))).toEqual([]);
    await server.deps.db.deleteFrom("replay").where("id", "=", id!).execute();
    expect(titlesOf(await search("tatou"))).toEqual([]);
  });

  it("counts a user's followers through every follow, unfollow and deleted account", async () => {
    const star = await signedInUser(server, { username: "Capybara_star", email: "capybara@example.test" });
    await star.browser.post("/api/stream/mychannel/init");
    const fans = [await signedInUser(server), await signedInUser(server)];
    for (const fan of fans) await fan.browser.post("/api/stream/follow", { channelId: star.user.id });
    const followers = async () => (await search("capybara")).users[0].followers;
    expect(await followers()).toBe(2);
    await fans[0]!.browser.post("/api/stream/unfollow", { channelId: star.user.id });
    expect(await followers()).toBe(1);
    await server.deps.db.deleteFrom("user").where("id", "=", fans[1]!.user.id).execute();
    expect(await followers()).toBe(0);
  });

  it("finds a term shorter than a trigram, wildcards as plain characters", async () => {
    await signedInUser(server, { username: "puzzle_fan", email: "puzzle@example.test" });
    await replays("puzzle_fan", [
      { title: "Puzzle nocturne", views: 1 },
      { title: "Remise 50% ce soir", views: 1 },
    ]);
    expect(titlesOf(await search("zz"))).toEqual(["Puzzle nocturne"]);
    expect(titlesOf(await search("0%"))).toEqual(["Remise 50% ce soir"]);
  });

  it("ranks a common term's matches as a rare one's: starting with it first, then the most watched", async () => {
    await signedInUser(server, { username: "anteater_fan", email: "anteater@example.test" });
    const common = Array.from({ length: 1050 }, (_, i) => ({ title: `Grand Tamanoir ${i + 1}`, views: i + 1 }));
    await replays("anteater_fan", [...common, ...[1, 2, 3].map((views) => ({ title: `Tamanoir du soir ${views}`, views }))]);
    // More than a thousand contain "tamanoir", three start with it.
    expect(titlesOf(await search("tamanoir")).slice(0, 6)).toEqual([
      "Tamanoir du soir 3",
      "Tamanoir du soir 2",
      "Tamanoir du soir 1",
      "Grand Tamanoir 1050",
      "Grand Tamanoir 1049",
      "Grand Tamanoir 1048",
    ]);
    // More than a thousand start with "grand tam": the most watched of them.
    expect(titlesOf(await search("grand tam")).slice(0, 3)).toEqual(["Grand Tamanoir 1050", "Grand Tamanoir 1049", "Grand Tamanoir 1048"]);
    expect((await search("grand tam")).videos).toHaveLength(24);
  });
});

/** Many finished replays of one user's channel in two statements; returns their ids in order. */
async function replays(username: string, rows: { title: string; views: number }[]): Promise<number[]> {
  const { fold } = await import("../../shared/fold.ts");
  const db = server.deps.db;
  const user = await db.selectFrom("user").select("id").where("username", "=", username).executeTakeFirstOrThrow();
  const channel = await db.selectFrom("channel").select("id").where("user_id", "=", user.id).executeTakeFirst();
  const channelId =
    channel?.id ??
    (
      await db
        .insertInto("channel")
        .values({
          user_id: user.id,
          public_id: `c${user.id}`,
          stream_key: `k${user.id}`,
          title: "",
          search_title: "",
          game_id: 1,
          tags: "[]",
          is_live: 0,
          live_session_id: null,
          created_at: 0,
          updated_at: 0,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const now = Date.now();
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    const sessions = await db
      .insertInto("live_session")
      .values(batch.map(() => ({ channel_id: channelId, started_at: now, ended_at: now, recording_dir: "/nowhere", game_id: 1 })))
      .returning("id")
      .execute();
    const inserted = await db
      .insertInto("replay")
      .values(
        batch.map((row, i) => ({
          channel_id: channelId,
          live_session_id: sessions[i]!.id,
          title: row.title,
          search_title: fold(row.title),
          status: "ready" as const,
          game_id: 1,
          file_path: "1/x.mp4",
          thumbnail_path: null,
          duration: 60,
          file_size: 1000,
          view_count: row.views,
          created_at: now,
          deleted_at: null,
        })),
      )
      .returning("id")
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

describe("GET /api/stream/search: one answer shared for a second", () => {
  let shared: TestServer;
  beforeAll(async () => {
    shared = await startTestServer();
  });
  afterAll(() => shared.stop());

  it("marks each member's own follows on an answer a visitor asked for first", async () => {
    const streamer = await signedInUser(shared, { username: "kept_answer", email: "kept@example.test" });
    await streamer.browser.post("/api/stream/mychannel/init");
    const fan = await signedInUser(shared);
    const stranger = await signedInUser(shared);
    await fan.browser.post("/api/stream/follow", { channelId: streamer.user.id });
    const visitor = await new Browser(shared.url).get("/api/stream/search?term=kept_ans");
    expect(visitor.body.users).toMatchObject([{ username: "kept_answer", isFollowed: false, followers: 1 }]);
    expect((await fan.browser.get("/api/stream/search?term=kept_ans")).body.users).toMatchObject([{ username: "kept_answer", isFollowed: true }]);
    expect((await stranger.browser.get("/api/stream/search?term=kept_ans")).body.users).toMatchObject([{ username: "kept_answer", isFollowed: false }]);
    // A follow shows in the next answer's count at once, kept answer or not.
    await stranger.browser.post("/api/stream/follow", { channelId: streamer.user.id });
    expect((await stranger.browser.get("/api/stream/search?term=kept_ans")).body.users).toMatchObject([{ username: "kept_answer", isFollowed: true, followers: 2 }]);
  });
});
