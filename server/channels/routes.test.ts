import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { insertReplay } from "../../tests/fixtures/replays.ts";

/** Spec 01 §7's stream, game, channel and replay calls that no screen test pins down on its own. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** A member whose channel is live with `title`, `gameId` and `tags`, as the media server would mark it. */
async function liveChannel(title: string, gameId: number, tags: string[]) {
  const member = await signedInUser(server);
  expect((await member.browser.post("/api/stream/startstreaming", { title, gameId, tags, description: "" })).status).toBe(200);
  await server.deps.db.updateTable("channel").set({ is_live: 1 }).where("user_id", "=", member.user.id).execute();
  return member;
}

const titles = (body: { data: { title: string }[] }) => body.data.map((stream) => stream.title).sort();

describe("GET /api/stream/streams", () => {
  it("lists the lives, for a game, for a tag, and as recommendations without credentials", async () => {
    await liveChannel("Soirée Valorant", 4, ["fr", "ranked"]);
    await liveChannel("Rocket du soir", 6, ["chill"]);
    const visitor = new Browser(server.url);
    expect(titles((await visitor.get("/api/stream/streams")).body)).toEqual(["Rocket du soir", "Soirée Valorant"]);
    expect(titles((await visitor.get("/api/stream/streams?game=4")).body)).toEqual(["Soirée Valorant"]);
    expect(titles((await visitor.get("/api/stream/streams?tag=chill")).body)).toEqual(["Rocket du soir"]);
    expect(titles((await visitor.get("/api/stream/streams?recommended=true")).body)).toEqual(["Rocket du soir", "Soirée Valorant"]);
  });
});

describe("games", () => {
  it("answers a game by id, searches games by name, and 404s an unknown id", async () => {
    const visitor = new Browser(server.url);
    const game = (await visitor.get("/api/stream/games/1")).body.game;
    expect(game).toMatchObject({ id: 1, name: "League of Legends" });
    expect(Object.keys(game)).toEqual(expect.arrayContaining(["shortName", "icon", "description", "landscapeImage", "portraitImage"]));
    const found = (await visitor.get("/api/stream/games/search?q=league")).body.games as { name: string }[];
    expect(found.map((g) => g.name)).toContain("League of Legends");
    expect((await visitor.get("/api/stream/games/999999")).status).toBe(404);
  });
});

describe("POST /api/stream/mychannel/init", () => {
  it("creates the channel once, then answers 422 'channel already created.'", async () => {
    const member = await signedInUser(server);
    const first = await member.browser.post("/api/stream/mychannel/init");
    expect(first.status).toBe(201);
    expect(typeof first.body.message).toBe("string");
    const again = await member.browser.post("/api/stream/mychannel/init", undefined, { "accept-language": "en" });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ success: false, code: "channel_already_created", msg: "channel already created." });
    const enFrançais = await member.browser.post("/api/stream/mychannel/init", undefined, { "accept-language": "fr" });
    expect(enFrançais.body.msg).toBe("Canal déjà créé.");
  });
});

describe("DELETE /api/stream/replays/{id}", () => {
  it("deletes softly by default: gone from the owner's list and the page, kept in the database", async () => {
    const owner = await signedInUser(server);
    await owner.browser.post("/api/stream/mychannel/init");
    const channel = await server.deps.db.selectFrom("channel").select("id").where("user_id", "=", owner.user.id).executeTakeFirstOrThrow();
    const replay = await insertReplay(server.deps.db, channel.id, { title: "À effacer", filePath: null });
    const list = (await owner.browser.get("/api/stream/my-replays")).body;
    expect(list.replays.map((r: { id: number }) => r.id)).toEqual([replay.id]);
    expect(list.pagination.hasMore).toBe(false);
    expect((await owner.browser.json("DELETE", `/api/stream/replays/${replay.id}`)).status).toBe(200);
    expect((await owner.browser.get("/api/stream/my-replays")).body.replays).toEqual([]);
    expect((await owner.browser.get(`/api/stream/replays/${replay.id}`)).status).toBe(404);
    const row = await server.deps.db.selectFrom("replay").select("deleted_at").where("id", "=", replay.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });
});
