import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

// SRT's switch and address (issue 37, item 4), without ingest: the ports the database gives. The listeners and a
// real caller are server/srt/srt-live.test.ts's.

let withSrt: TestServer;
let withoutSrt: TestServer;
beforeAll(async () => {
  // Two ports only, so the range fills up; nothing binds them (no ingest on these servers).
  [withSrt, withoutSrt] = await Promise.all([startTestServer({ SRT_PORTS: "9100-9101" }), startTestServer()]);
});
afterAll(() => Promise.all([withSrt.stop(), withoutSrt.stop()]));

describe("SRT's switch", () => {
  it("says SRT is unavailable, and refuses to turn it on, on a server without SRT_PORTS", async () => {
    const streamer = await signedInUser(withoutSrt);
    expect((await streamer.browser.get("/api/stream/mysrt")).body).toEqual({ success: true, available: false, enabled: false, address: null });
    const refused = await streamer.browser.put("/api/stream/mysrt", { enabled: true });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 409, code: "srt_off" });
  });

  it("gives each streamer their own port, keeps it when asked again, frees it when turned off", async () => {
    const [first, second, third] = await Promise.all([signedInUser(withSrt), signedInUser(withSrt), signedInUser(withSrt)]);
    expect((await first.browser.get("/api/stream/mysrt")).body).toMatchObject({ available: true, enabled: false, address: null });
    const firstOn = (await first.browser.put("/api/stream/mysrt", { enabled: true })).body;
    const secondOn = (await second.browser.put("/api/stream/mysrt", { enabled: true })).body;
    const ports = [firstOn.address, secondOn.address].map((address: string) => Number(/^srt:\/\/127\.0\.0\.1:(\d+)\?passphrase=[0-9a-f]{32}&pbkeylen=32$/.exec(address)?.[1]));
    expect(ports.sort()).toEqual([9100, 9101]);
    expect((await first.browser.put("/api/stream/mysrt", { enabled: true })).body.address).toBe(firstOn.address);

    const full = await third.browser.put("/api/stream/mysrt", { enabled: true });
    expect({ status: full.status, code: full.body.code }).toEqual({ status: 409, code: "srt_ports_full" });
    expect((await first.browser.put("/api/stream/mysrt", { enabled: false })).body).toMatchObject({ enabled: false, address: null });
    expect((await third.browser.put("/api/stream/mysrt", { enabled: true })).body.address).toStartWith(firstOn.address.split("?")[0]);
  });

  it("frees the port of an erased account", async () => {
    const server = await startTestServer({ SRT_PORTS: "9200-9200" });
    try {
      const [leaving, next] = await Promise.all([signedInUser(server), signedInUser(server)]);
      expect((await leaving.browser.put("/api/stream/mysrt", { enabled: true })).body.enabled).toBe(true);
      expect((await next.browser.put("/api/stream/mysrt", { enabled: true })).status).toBe(409);
      expect((await leaving.browser.post("/api/me/delete", { password: leaving.account.password })).status).toBe(200);
      expect((await next.browser.put("/api/stream/mysrt", { enabled: true })).body.address).toStartWith("srt://127.0.0.1:9200?");
    } finally {
      await server.stop();
    }
  });
});
