import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { federate, followedFromRemote, notesFor } from "../../../tests/fixtures/fediverse.ts";
import { ADMIN_ENV, adminBrowserOf } from "../../../tests/fixtures/money.ts";
import { publishTestStream, waitFor } from "../../../tests/fixtures/publisher.ts";
import { channelIdOf, signedInUser, startTestServer, type TestServer } from "../../../tests/fixtures/server.ts";

// A channel's posts from a real live (issue 38, item 3), the media server fed by ffmpeg: "live" with its title, game,
// link and thumbnail when it starts, then "ended" with its replay's link and picture once the replay is made. The
// encoder sends 8 s as fast as it encodes: the claim is about the posts, not the live's pace.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ...ADMIN_ENV, FEDERATION_ALLOW_HTTP: "1" }, { ingest: true });
  await federate(server, await adminBrowserOf(server));
});
afterAll(async () => {
  await server?.stop();
});

describe("a live's posts", () => {
  it("posts the live with its thumbnail when it starts, then its replay once made", async () => {
    const streamer = await signedInUser(server);
    expect((await streamer.browser.post("/api/stream/mychannel/init")).status).toBe(201);
    const channelId = await channelIdOf(server, streamer.account.username);
    const actor = { type: "channel" as const, id: channelId };
    await followedFromRemote(server, actor);
    const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Finale <du> soir", gameId: 1 });
    expect(start.status).toBe(200);
    const ready = server.deps.bus.next("replay:ready", (event) => event.channelId === channelId, 60_000);
    publishTestStream(`rtmp://127.0.0.1:${server.rtmpPort}/live/${start.body.streamKey}`, { seconds: 8, pace: "as fast as it encodes" });
    const { replayId } = await ready;
    const [live, ended] = await waitFor("both posts", async () => {
      const notes = await notesFor(server, actor);
      return notes.length === 2 && notes;
    });

    const game = await server.deps.db.selectFrom("game").select("name").where("id", "=", 1).executeTakeFirstOrThrow();
    const page = `${server.url}/stream/${streamer.account.username}`;
    expect(live).toMatchObject({
      type: "Note",
      url: page,
      content: `<p>${streamer.account.username} est en direct sur ${game.name} : Finale &lt;du&gt; soir</p><p><a href="${page}">${page}</a></p>`,
      attachment: { type: "Image", mediaType: "image/jpeg", url: `${server.url}/live/${streamer.account.username}/thumbnail.jpg` },
    });
    const replay = await server.deps.db.selectFrom("replay").select(["title", "thumbnail_path"]).where("id", "=", replayId).executeTakeFirstOrThrow();
    const link = `${server.url}/replay/${replayId}`;
    expect(ended).toMatchObject({
      type: "Note",
      url: link,
      content: `<p>Le direct de ${streamer.account.username} est terminé. Le replay est là : ${replay.title.replace(/</g, "&lt;").replace(/>/g, "&gt;")}</p><p><a href="${link}">${link}</a></p>`,
      attachment: { type: "Image", mediaType: "image/jpeg", url: `${server.url}/recordings/${replay.thumbnail_path}` },
    });
  }, 90_000);
});
