import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Browser as Chromium } from "playwright-core";
import { probe } from "../../media/probe.ts";
import { launchChromium } from "../fixtures/chromium.ts";
import { waitFor } from "../fixtures/publisher.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../fixtures/server.ts";
import { candidatePorts, sharedUdpPort, whepViewer } from "../fixtures/whep-viewer.ts";
import { bridgeStarted, FAKE_MEDIA_ARGS, openWhipClientPage } from "../fixtures/whip-page.ts";

let server: TestServer;
let chromium: Chromium;
beforeAll(async () => {
  [server, chromium] = await Promise.all([startTestServer({}, { ingest: true }), launchChromium(FAKE_MEDIA_ARGS)]);
});
afterAll(async () => {
  await chromium.close();
  await server.stop();
});

async function streamer() {
  const user = await signedInUser(server);
  const start = await user.browser.post("/api/stream/startstreaming", { title: "Depuis WHIP", gameId: 1, tags: [], description: "" });
  expect(start.status).toBe(200);
  return { ...user, streamKey: (start.body as { streamKey: string }).streamKey };
}

describe("WHIP ingest (RFC 9725)", () => {
  it("takes a live from a WHIP page on another origin: it plays over HTTP-FLV and HLS, and its replay has its length", async () => {
    const { account, streamKey, browser } = await streamer();
    const page = await openWhipClientPage(chromium);
    const started = server.deps.bus.next("stream:started", (e) => e.username === account.username);
    const bridged = bridgeStarted(server);
    const location = await page.evaluate(
      ([endpoint, token]) => (window as unknown as { whipPublish(e: string, t: string): Promise<string> }).whipPublish(endpoint!, token!),
      [`${server.url}/api/whip`, streamKey],
    );
    expect(location).toMatch(new RegExp(`^${server.url}/api/whip/[0-9a-f-]{36}$`));
    // The replay holds the picture from the bridge's first frame (ffmpeg reads a few seconds of it before it publishes).
    const liveFrom = await bridged;
    await started;

    const flv = await probe(`${server.url}/live/${account.username}.flv`);
    expect(flv.streams.find((s) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", width: 640, height: 360 });
    expect(flv.streams.find((s) => s.codec_type === "audio")?.codec_name).toBe("aac");
    const playlist = `${server.url}/live/${account.username}/index.m3u8`;
    await waitFor(
      "two HLS segments",
      async () => {
        const res = await fetch(playlist);
        return res.ok && ((await res.text()).match(/\.ts/g)?.length ?? 0) >= 2;
      },
      30_000,
    );
    expect((await probe(playlist)).streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
    // The streamer's health panel names the way the live came in (issue 37, item 1).
    await waitFor("the health row", async () => (await browser.get(`/api/stream/health/${account.username}`)).body.health?.protocol === "whip", 10_000);

    const ended = server.deps.bus.next("stream:ended", (e) => e.username === account.username);
    const replayReady = server.deps.bus.next("replay:ready");
    expect(await page.evaluate(() => (window as unknown as { whipStop(): Promise<number> }).whipStop())).toBe(200);
    const liveSeconds = (Date.now() - liveFrom) / 1000;
    await ended;
    const { replayId } = await replayReady;
    const replay = (await new Browser(server.url).get(`/api/stream/replays/${replayId}`)).body.replay;
    const file = await probe(`${server.url}/recordings/${replay.filePath}`);
    expect(file.streams.find((s) => s.codec_type === "video")?.codec_name).toBe("h264");
    expect({ replay: file.duration, live: liveSeconds, within2s: Math.abs(file.duration - liveSeconds) <= 2 }).toMatchObject({ within2s: true });
  });

  it("plays to a WHEP viewer through the publisher's UDP port, and ends the live of a publisher that leaves without DELETE (its page closed)", async () => {
    const { account, streamKey } = await streamer();
    const page = await openWhipClientPage(chromium);
    const started = server.deps.bus.next("stream:started", (e) => e.username === account.username);
    await page.evaluate(([endpoint, token]) => (window as unknown as { whipPublish(e: string, t: string): Promise<string> }).whipPublish(endpoint!, token!), [`${server.url}/api/whip`, streamKey]);
    await started;
    // The node's one WebRTC port carries the publisher's session and a viewer's at once: both answers name only it.
    const publisherAnswer = await page.evaluate(() => (window as unknown as { whipSession: { peer: RTCPeerConnection } }).whipSession.peer.remoteDescription?.sdp ?? "");
    const viewer = await whepViewer(server.url, account.username);
    expect(viewer.response.status).toBe(201);
    for (const answer of [publisherAnswer, viewer.answer ?? ""]) expect(new Set(candidatePorts(answer))).toEqual(new Set([sharedUdpPort(server)]));
    await waitFor("the viewer's picture", () => viewer.received.video.length > 0, 20_000);
    expect(server.deps.whip?.isPublishing(streamKey)).toBe(true);
    const ended = server.deps.bus.next("stream:ended", (e) => e.username === account.username);
    await page.context().close();
    await ended;
    // The key is free again: a new WHIP publish is not refused as "already live".
    const again = await fetch(`${server.url}/api/whip`, { method: "POST", headers: { "content-type": "application/sdp", authorization: `Bearer ${streamKey}` }, body: "v=0" });
    expect(again.status).toBe(400);
    await viewer.peer.close();
  });
});
