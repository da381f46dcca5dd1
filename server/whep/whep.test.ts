import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ADMIN_ENV, adminBrowserOf, ticketedChannel } from "../../tests/fixtures/money.ts";
import { publishTestStream, waitFor } from "../../tests/fixtures/publisher.ts";
import { type Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { candidatePorts, sharedUdpPort, whepViewer } from "../../tests/fixtures/whep-viewer.ts";
import { startsKeyframe } from "./live-rtp.ts";

// WHEP viewing (issue 37, item 6) with a WebRTC client that is not the site's player (tests/fixtures/whep-viewer.ts),
// against a live that a real ffmpeg pushes over RTMP.

let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer({ DEMO: "0", ...ADMIN_ENV }, { ingest: true });
  admin = await adminBrowserOf(server);
});
afterAll(() => server.stop());

const setCap = async (realtimeViewersPerLive: number) => expect((await admin.json("PATCH", "/api/admin/site", { realtimeViewersPerLive })).status).toBe(200);

const realtimeViewer = (username: string, cookie?: string) => whepViewer(server.url, username, cookie);

async function liveChannel(title: string) {
  const streamer = await signedInUser(server);
  await streamer.browser.post("/api/stream/mychannel/init");
  const start = await streamer.browser.post("/api/stream/startstreaming", { title, gameId: 1, tags: [] });
  const publisher = publishTestStream(`rtmp://127.0.0.1:${server.rtmpPort}/live/${start.body.streamKey}`, { seconds: 60 });
  const username = streamer.account.username;
  await waitFor("the live", async () => (await streamer.browser.get(`/api/stream/stream/${username}`)).body.isLive === true, 30_000);
  const stop = async () => {
    publisher.kill();
    await publisher.exited;
  };
  return { streamer, username, publisher, stop };
}

describe("WHEP", () => {
  it("sends the live from a keyframe (SPS first) with Opus sound, and a DELETE ends it", async () => {
    await setCap(20);
    const live = await liveChannel("Temps réel");
    try {
      expect((await live.streamer.browser.get(`/api/stream/stream/${live.username}`)).body.realtimeLink).toBe(`/api/whep/${live.username}`);
      const viewer = await realtimeViewer(live.username);
      expect(viewer.response.status).toBe(201);
      expect(viewer.response.headers.get("content-type")).toBe("application/sdp");
      expect(viewer.location).toMatch(new RegExp(`^/api/whep/${live.username}/[0-9a-f-]{36}$`));
      await waitFor("a second of picture and sound", () => viewer.received.video.length > 30 && viewer.received.audio.length > 40, 20_000);
      // A decoder starts on the first packet it gets: a keyframe's parameter sets, never the middle of a picture.
      expect(startsKeyframe(viewer.received.video[0]!.payload)).toBe(true);
      const codecOf = (kind: "video" | "audio") =>
        viewer.peer
          .getTransceivers()
          .find((transceiver) => transceiver.kind === kind)
          ?.codecs[0]?.mimeType.toLowerCase();
      expect([codecOf("video"), codecOf("audio")]).toEqual(["video/h264", "audio/opus"]);
      // RTP timestamps move at the live's pace: 90 kHz for the picture, 48 kHz for the sound.
      const first = viewer.received.video[0]!.header.timestamp;
      const last = viewer.received.video.at(-1)!.header.timestamp;
      expect(last - first).toBeGreaterThan(0);

      const ended = await fetch(`${server.url}${viewer.location}`, { method: "DELETE" });
      expect(ended.status).toBe(200);
      expect((await fetch(`${server.url}${viewer.location}`, { method: "DELETE" })).status).toBe(404);
      await viewer.peer.close();
    } finally {
      await live.stop();
    }
  });

  it("plays one live to two viewers at once through the node's one UDP port", async () => {
    await setCap(20);
    const live = await liveChannel("Deux écrans");
    try {
      const viewers = [await realtimeViewer(live.username), await realtimeViewer(live.username)];
      for (const viewer of viewers) {
        expect(viewer.response.status).toBe(201);
        expect(candidatePorts(viewer.answer ?? "").length).toBeGreaterThan(0);
        expect(new Set(candidatePorts(viewer.answer ?? ""))).toEqual(new Set([sharedUdpPort(server)]));
      }
      await waitFor("both viewers' picture and sound", () => viewers.every((viewer) => viewer.received.video.length > 30 && viewer.received.audio.length > 40), 20_000);
      for (const viewer of viewers) {
        expect(startsKeyframe(viewer.received.video[0]!.payload)).toBe(true);
        await fetch(`${server.url}${viewer.location}`, { method: "DELETE" });
        await viewer.peer.close();
      }
    } finally {
      await live.stop();
    }
  });

  it("keeps to the site's cap per live, and offers nothing when the cap is 0", async () => {
    for (const wrong of [-1, 501, 2.5, "10"]) {
      const refused = await admin.json("PATCH", "/api/admin/site", { realtimeViewersPerLive: wrong });
      expect([refused.status, refused.body.code]).toEqual([400, "realtime_viewers_invalid"]);
    }
    await setCap(1);
    const live = await liveChannel("Complet");
    try {
      const first = await realtimeViewer(live.username);
      expect(first.response.status).toBe(201);
      const second = await realtimeViewer(live.username);
      expect(second.response.status).toBe(503);
      expect(((await second.response.json()) as { code: string }).code).toBe("realtime_full");
      // The first leaves: a place is free again.
      await fetch(`${server.url}${first.location}`, { method: "DELETE" });
      await first.peer.close();
      const third = await realtimeViewer(live.username);
      expect(third.response.status).toBe(201);
      await third.peer.close();

      await setCap(0);
      expect((await live.streamer.browser.get(`/api/stream/stream/${live.username}`)).body.realtimeLink).toBeNull();
      expect((await realtimeViewer(live.username)).response.status).toBe(404);
    } finally {
      await setCap(20);
      await live.stop();
    }
  });

  it("lets its viewers go when the live ends", async () => {
    const live = await liveChannel("Fin");
    const viewer = await realtimeViewer(live.username);
    expect(viewer.response.status).toBe(201);
    await waitFor("the picture", () => viewer.received.video.length > 0, 20_000);
    await live.stop();
    await waitFor("the session gone", async () => (await fetch(`${server.url}${viewer.location}`, { method: "DELETE" })).status === 404, 30_000);
    await viewer.peer.close();
  });

  it("refuses what is not an offer it can serve", async () => {
    const post = (username: string, body: string, type = "application/sdp") => fetch(`${server.url}/api/whep/${username}`, { method: "POST", headers: { "content-type": type }, body });
    expect((await post("nobody_here", "v=0")).status).toBe(404);
    const live = await liveChannel("Refus");
    try {
      expect((await post(live.username, "{}", "application/json")).status).toBe(415);
      const audioOnly = ["v=0", "o=- 1 1 IN IP4 127.0.0.1", "s=-", "t=0 0", "m=audio 9 UDP/TLS/RTP/SAVPF 111", "c=IN IP4 0.0.0.0", "a=mid:0", "a=recvonly", "a=rtpmap:111 opus/48000/2", ""].join(
        "\r\n",
      );
      const refused = await post(live.username, audioOnly);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { code: string }).code).toBe("realtime_unplayable");
    } finally {
      await live.stop();
    }
  });

  it("holds a ticketed live to the same rule as every other way to watch", async () => {
    const { streamer, holder, streamKey } = await ticketedChannel(server, admin, "Finale");
    const publisher = publishTestStream(`rtmp://127.0.0.1:${server.rtmpPort}/live/${streamKey}`, { seconds: 60 });
    const username = streamer.account.username;
    try {
      await waitFor("the live", async () => (await streamer.browser.get(`/api/stream/stream/${username}`)).body.isLive === true, 30_000);
      const visitor = await realtimeViewer(username);
      expect(visitor.response.status).toBe(403);
      const ticketHolder = await realtimeViewer(username, holder.browser.cookieHeader());
      expect(ticketHolder.response.status).toBe(201);
      await waitFor("the holder's picture", () => ticketHolder.received.video.length > 0, 20_000);
      await ticketHolder.peer.close();
    } finally {
      publisher.kill();
      await publisher.exited;
    }
  });
});
