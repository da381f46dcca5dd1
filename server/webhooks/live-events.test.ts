import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { Webhook } from "standardwebhooks";
import { publishTestStream, waitFor } from "../../tests/fixtures/publisher.ts";
import { signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { startReceiver } from "../../tests/fixtures/webhook-receiver.ts";

// A channel's webhook hears of its live from start to replay (issue 36, item 1), against the real media server fed by
// ffmpeg: stream.online, stream.offline, replay.ready with the replay the database holds, then clip.ready for a
// clip cut from it. The encoder sends 8 s as fast as it encodes: the claim is about the events, not the live's pace.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ALLOWED_PRIVATE_ADDRESSES: "127.0.0.1/32" }, { ingest: true });
});
afterAll(async () => {
  await server?.stop();
});

describe("a live's events", () => {
  it("sends stream.online, stream.offline and replay.ready for a live, then clip.ready for a clip of its replay", async () => {
    const receiver = startReceiver();
    try {
      const streamer = await signedInUser(server);
      const created = await streamer.browser.post("/api/webhooks", { scope: "channel", url: receiver.url });
      expect(created.status).toBe(201);
      const channelId = created.body.webhook.scopeId as number;
      const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Finale du soir", gameId: 1 });
      expect(start.status).toBe(200);
      const ready = server.deps.bus.next("replay:ready", (event) => event.channelId === channelId, 60_000);
      publishTestStream(`rtmp://127.0.0.1:${server.rtmpPort}/live/${start.body.streamKey}`, { seconds: 8, pace: "as fast as it encodes" });
      const { replayId } = await ready;
      await receiver.got(3, 15_000);
      const verify = (body: string, headers: Record<string, string>) => new Webhook(created.body.secret).verify(body, headers) as { type: string; data: Record<string, unknown> };
      const events = receiver.received.map((request) => verify(request.body, request.headers));
      expect(events).toHaveLength(3);
      const byType = Object.fromEntries(events.map((event) => [event.type, event.data]));
      expect(Object.keys(byType).sort()).toEqual(["replay.ready", "stream.offline", "stream.online"]);
      const link = `${server.deps.config.publicUrl}/stream/${streamer.account.username}`;
      expect(byType["stream.online"]).toMatchObject({
        username: streamer.account.username,
        title: "Finale du soir",
        url: link,
        thumbnailUrl: `${server.deps.config.publicUrl}/live/${streamer.account.username}/thumbnail.jpg`,
      });
      expect(byType["stream.offline"]).toMatchObject({ username: streamer.account.username, url: link });
      // The replay the event names is the one the database holds for this channel, at its length.
      const replay = await server.deps.db.selectFrom("replay").select(["id", "duration", "title"]).where("channel_id", "=", channelId).executeTakeFirstOrThrow();
      expect(byType["replay.ready"]).toMatchObject({ replayId: replay.id, title: replay.title, duration: replay.duration, url: `${server.deps.config.publicUrl}/replay/${replay.id}` });
      expect(replay.id).toBe(replayId);

      const viewer = await signedInUser(server);
      const clip = await viewer.browser.post("/api/stream/clips", { source: "replay", replayId, start: 1, end: 7, title: "Le but" });
      expect(clip.status).toBe(201);
      const [, , , clipReady] = await receiver.got(4, 30_000);
      expect(verify(clipReady!.body, clipReady!.headers)).toMatchObject({
        type: "clip.ready",
        data: { clipId: clip.body.clip.id, title: "Le but", author: viewer.account.username, username: streamer.account.username },
      });
      await waitFor("the clip ready", async () => (await viewer.browser.get(`/api/stream/clips/${clip.body.clip.id}`)).body.clip.status === "ready");
    } finally {
      receiver.stop();
    }
  }, 90_000);
});
