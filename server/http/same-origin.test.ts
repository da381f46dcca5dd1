import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

// Issue 13 §12: a page on another port of this host (same site, other origin) must not act with a visitor's cookie.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const otherPort = () => `http://127.0.0.1:${server.port === 65_535 ? 1 : server.port + 1}`;

describe("requests made by another page of the same site", () => {
  it("may not regenerate a stream key or create a tournament, while Arena's own pages and scripts may", async () => {
    const { browser } = await signedInUser(server);
    await browser.post("/api/stream/startstreaming", { title: "Live du soir", gameId: 1, tags: [] });
    const key = (await browser.get("/api/stream/mystreamkey")).body.streamKey;

    const forgeries: Record<string, string>[] = [{ "sec-fetch-site": "same-site", origin: otherPort() }, { origin: otherPort() }, { "sec-fetch-site": "cross-site" }];
    for (const headers of forgeries) {
      const forged = await browser.post("/api/stream/mystreamkey/regenerate", undefined, headers);
      expect({ headers, status: forged.status, code: forged.body.code }).toEqual({ headers, status: 403, code: "cross_site_refused" });
    }
    expect((await browser.get("/api/stream/mystreamkey")).body.streamKey).toBe(key);

    const form = new FormData();
    for (const [name, value] of Object.entries({ tournamentName: "Coupe piégée", format: "s_elim", size: "4", gameID: "1", timeZone: "Europe/Paris" })) form.append(name, value);
    expect((await browser.post("/api/tournament/create-tournament", form, { "sec-fetch-site": "same-site" })).status).toBe(403);

    // Arena's own page (same origin), its address as the browser saw it, and a script with no browser headers.
    expect((await browser.post("/api/stream/mystreamkey/regenerate", undefined, { "sec-fetch-site": "same-origin", origin: server.url })).status).toBe(200);
    expect((await browser.post("/api/stream/mystreamkey/regenerate", undefined, { origin: server.url })).status).toBe(200);
    expect((await browser.post("/api/stream/mystreamkey/regenerate")).status).toBe(200);
    // Reading is not acting: a GET from anywhere is answered as before.
    expect((await browser.get("/api/stream/mystreamkey", { "sec-fetch-site": "same-site" })).status).toBe(200);
  });

  it("gets no chat or live socket", async () => {
    const handshake = (headers: Record<string, string>) => fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers });
    expect((await handshake({ origin: otherPort(), "sec-fetch-site": "same-site" })).status).toBe(403);
    expect((await handshake({ origin: otherPort() })).status).toBe(403);
    expect((await handshake({ origin: server.url, "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await handshake({})).status).toBe(200);
  });
});
