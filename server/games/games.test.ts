import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const trending = async () => ((await new Browser(server.url).get("/api/stream/games/trending?limit=6")).body.games as { id: number }[]).map((g) => g.id);

/** A channel of `gameId`, live or not, with `viewers` counted viewers. */
async function channelPlaying(gameId: number, live: boolean, viewers: number) {
  const { browser, user } = await signedInUser(server);
  await browser.post("/api/stream/mychannel/init");
  const channel = await server.deps.db
    .updateTable("channel")
    .set({ game_id: gameId, is_live: live ? 1 : 0 })
    .where("user_id", "=", user.id)
    .returning("id")
    .executeTakeFirstOrThrow();
  for (let i = 0; i < viewers; i++)
    await server.deps.db
      .insertInto("viewer_presence")
      .values({ channel_id: channel.id, viewer_id: `v${gameId}-${i}`, last_seen_at: Date.now() })
      .execute();
}

describe("GET /api/stream/games/trending", () => {
  it("follows the catalogue's order on an empty site", async () => {
    expect(await trending()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("puts what is watched first, then what is live, then what was played this week", async () => {
    await channelPlaying(9, true, 1);
    await channelPlaying(12, true, 3);
    await channelPlaying(5, true, 0);
    await channelPlaying(7, false, 0);
    const { browser } = await signedInUser(server);
    const form = new FormData();
    for (const [key, value] of Object.entries({ tournamentName: "Cup", format: "s_elim", size: "4", gameID: "20" })) form.append(key, value);
    expect((await browser.post("/api/tournament/create-tournament", form)).status).toBe(201);
    expect(await trending()).toEqual([12, 9, 5, 20, 1, 2]);
  });

  it("caps the list at 50", async () => {
    expect((await new Browser(server.url).get("/api/stream/games/trending?limit=51")).status).toBe(400);
  });
});
