import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

let server: TestServer;
let streamKey: string;
beforeAll(async () => {
  server = await startTestServer({}, { ingest: true });
  const user = await signedInUser(server);
  streamKey = ((await user.browser.post("/api/stream/startstreaming", { title: "WHIP", gameId: 1, tags: [], description: "" })).body as { streamKey: string }).streamKey;
});
afterAll(() => server.stop());

const offer = (body: string, headers: Record<string, string>) => fetch(`${server.url}/api/whip`, { method: "POST", headers, body });

describe("POST /api/whip", () => {
  it("refuses a body that is not application/sdp", async () => {
    expect((await offer("{}", { "content-type": "application/json", authorization: `Bearer ${streamKey}` })).status).toBe(415);
  });

  it("refuses an unknown or missing stream key", async () => {
    expect((await offer("v=0", { "content-type": "application/sdp", authorization: "Bearer not-a-key" })).status).toBe(401);
    expect((await offer("v=0", { "content-type": "application/sdp" })).status).toBe(401);
  });

  it("refuses an offer without H.264 video", async () => {
    const audioOnly = ["v=0", "o=- 1 1 IN IP4 127.0.0.1", "s=-", "t=0 0", "m=audio 9 UDP/TLS/RTP/SAVPF 111", "c=IN IP4 0.0.0.0", "a=mid:0", "a=sendonly", "a=rtpmap:111 opus/48000/2", ""].join("\r\n");
    const response = await offer(audioOnly, { "content-type": "application/sdp", authorization: `Bearer ${streamKey}` });
    expect(response.status).toBe(400);
  });

  it("answers a browser on another origin's preflight (the stream key, not a cookie, authorizes)", async () => {
    const response = await fetch(`${server.url}/api/whip`, {
      method: "OPTIONS",
      headers: { origin: "http://elsewhere.example", "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type" },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
  });
});

describe("DELETE /api/whip/:id", () => {
  it("answers 404 for a session that does not exist", async () => {
    const response = await fetch(`${server.url}/api/whip/00000000-0000-0000-0000-000000000000`, { method: "DELETE", headers: { authorization: `Bearer ${streamKey}` } });
    expect(response.status).toBe(404);
  });
});
