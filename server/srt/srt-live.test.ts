import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { probe } from "../../media/probe.ts";
import { freeUdpPort, pushSrt } from "../../tests/fixtures/srt.ts";
import { waitFor } from "../../tests/fixtures/publisher.ts";
import { signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

// SRT ingest reachable (issue 37, item 4): the streamer turns SRT on through the API, a real ffmpeg caller pushes to
// the address it answers, the channel goes live (ffprobe decodes its HTTP-FLV) and the streamer's health panel says
// it came over SRT (its bridge publishes over RTMP on loopback, as WHIP's does); a new key and turning SRT off each
// leave the old address dead.

let server: TestServer;
let port: number;
beforeAll(async () => {
  port = await freeUdpPort();
  server = await startTestServer({ SRT_PORTS: `${port}-${port}` }, { ingest: true });
});
afterAll(() => server.stop());

describe("SRT ingest through the API", () => {
  it("turns on, lands a caller as a live, follows a new key and turns off", async () => {
    const streamer = await signedInUser(server);
    await streamer.browser.post("/api/stream/startstreaming", { title: "Direct en SRT", gameId: 1, tags: [], description: "" });
    const on = await streamer.browser.put("/api/stream/mysrt", { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ available: true, enabled: true });
    const address = on.body.address as string;
    expect(address).toStartWith(`srt://127.0.0.1:${port}?passphrase=`);
    expect((await streamer.browser.get("/api/stream/mysrt")).body.address).toBe(address);

    const started = server.deps.bus.next("stream:started", (e) => e.username === streamer.account.username);
    const caller = pushSrt(address, 20);
    await started;
    const flv = await probe(`${server.url}/live/${streamer.account.username}.flv`);
    expect(flv.streams.find((s) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", width: 640, height: 360 });
    // The row is written just after the live opens.
    const health = () => streamer.browser.get(`/api/stream/health/${streamer.account.username}`);
    await waitFor("the health row", async () => (await health()).body.health?.live === true, 10_000);
    expect((await health()).body.health.protocol).toBe("srt");
    const ended = server.deps.bus.next("stream:ended", (e) => e.username === streamer.account.username);
    caller.kill("SIGINT");
    await ended;

    // A new stream key: a new passphrase, the old address is refused at the handshake.
    await streamer.browser.post("/api/stream/mystreamkey/regenerate");
    const renewed = (await streamer.browser.get("/api/stream/mysrt")).body.address as string;
    expect(renewed).toStartWith(`srt://127.0.0.1:${port}?passphrase=`);
    expect(renewed).not.toBe(address);
    expect(await pushSrt(address, 3).exited).not.toBe(0);

    // Off: the port is freed and nobody listens on it any more.
    const off = await streamer.browser.put("/api/stream/mysrt", { enabled: false });
    expect(off.body).toMatchObject({ available: true, enabled: false, address: null });
    expect(await pushSrt(renewed, 3).exited).not.toBe(0);
  }, 120_000);
});
