import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePortOutsideEphemeralRange } from "../../media/ports.ts";
import { probe } from "../../media/probe.ts";
import { publishTestStream, startTestProcess, waitFor } from "../../tests/fixtures/publisher.ts";
import { signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

let server: TestServer;
let sinkPort: number;
const scratch = mkdtempSync(join(tmpdir(), "arena-sink-"));
beforeAll(async () => {
  sinkPort = await freePortOutsideEphemeralRange();
  server = await startTestServer({ RESTREAM_TWITCH_URL: `rtmp://127.0.0.1:${sinkPort}/app` }, { ingest: true });
});
afterAll(async () => {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const off = { enabled: false, twitchEnabled: false, youtubeEnabled: false, facebookEnabled: false };

describe("multi-streaming settings", () => {
  it("keeps keys write-only and encrypted at rest", async () => {
    const { browser } = await signedInUser(server);
    const initial = await browser.get("/api/stream/restream/config");
    expect(initial.body).toMatchObject({ ...off, twitchKeySaved: false });
    const saved = await browser.put("/api/stream/restream/config", { ...off, enabled: true, twitchEnabled: true, twitchKey: "  live_secret_twitch_key  " });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ enabled: true, twitchEnabled: true, twitchKeySaved: true, youtubeKeySaved: false });
    expect(JSON.stringify(saved.body)).not.toContain("live_secret_twitch_key");
    const stored = await server.deps.db.selectFrom("restream_target").select("key_encrypted").where("platform", "=", "twitch").execute();
    expect(stored.every((row) => !row.key_encrypted?.includes("live_secret"))).toBe(true);
    const kept = await browser.put("/api/stream/restream/config", { ...off, enabled: true, twitchEnabled: true, twitchKey: "   " });
    expect(kept.body.twitchKeySaved).toBe(true);
  });

  it("needs a session", async () => {
    const { browser } = await signedInUser(server);
    await browser.json("POST", "/api/auth/logout");
    expect((await browser.get("/api/stream/restream/config")).status).toBe(401);
  });
});

describe("relays", () => {
  it("copies a live stream to an enabled platform and shows its status", async () => {
    const { browser, account } = await signedInUser(server);
    const start = await browser.post("/api/stream/startstreaming", { title: "Relayed", gameId: 1, tags: [] });
    await browser.put("/api/stream/restream/config", { ...off, enabled: true, twitchEnabled: true, twitchKey: "sink_key" });
    const received = join(scratch, "received.flv");
    // ffmpeg itself plays the platform: it listens for one RTMP publish and writes what it gets.
    const sink = startTestProcess(["ffmpeg", "-v", "error", "-listen", "1", "-timeout", "30", "-i", `rtmp://127.0.0.1:${sinkPort}/app/sink_key`, "-c", "copy", "-f", "flv", received]);
    const started = server.deps.bus.next("stream:started", (e) => e.username === account.username);
    const publisher = publishTestStream(`rtmp://127.0.0.1:${server.deps.config.rtmpPort}/live/${start.body.streamKey}`, { seconds: 8 });
    await started;
    await waitFor("the relay connected", async () => (await browser.get("/api/stream/restream/config")).body.targets.twitch.status === "live", 15_000, 250);
    await publisher.exited;
    expect(await sink.exited).toBe(0);
    const relayed = await probe(received);
    expect(relayed.streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
    expect(relayed.duration).toBeGreaterThan(5);
    await waitFor("the relay idle", async () => (await browser.get("/api/stream/restream/config")).body.targets.twitch.status === "idle", 15_000, 250);
  });
});
