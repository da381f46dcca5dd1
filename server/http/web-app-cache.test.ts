import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestServer } from "../../tests/fixtures/server.ts";

// A web app of our own, so this file needs no build: its server reads the app's files from ARENA_CLIENT_DIST.
const dist = mkdtempSync(join(tmpdir(), "arena-dist-"));
mkdirSync(join(dist, "assets"));
writeFileSync(join(dist, "index.html"), "<!doctype html><title>Arena</title>");
writeFileSync(join(dist, "assets", "index-Bo4WYZpy.js"), "console.log('app');");
writeFileSync(join(dist, "assets", "index-DahI8bol.css"), "body{}");

let server: TestServer;
beforeAll(async () => {
  const { startTestServer } = await import("../../tests/fixtures/server.ts");
  server = await startTestServer({ ARENA_CLIENT_DIST: dist });
});
afterAll(async () => {
  await server.stop();
  rmSync(dist, { recursive: true, force: true });
});

const cacheControlOf = async (path: string) => {
  const response = await fetch(server.url + path);
  await response.arrayBuffer();
  return [response.status, response.headers.get("cache-control")];
};

describe("the web app's files", () => {
  it("are kept a year by browsers when named by their content (Vite's assets/), so no page downloads and compiles the app again", async () => {
    expect(await cacheControlOf("/assets/index-Bo4WYZpy.js")).toEqual([200, "public, max-age=31536000, immutable"]);
    expect(await cacheControlOf("/assets/index-DahI8bol.css")).toEqual([200, "public, max-age=31536000, immutable"]);
  });

  it("never keeps the page itself, nor what answers a name that is not there", async () => {
    expect(await cacheControlOf("/")).toEqual([200, null]);
    expect(await cacheControlOf("/events")).toEqual([200, null]);
    const [, missing] = await cacheControlOf("/assets/index-gone1234.js");
    expect(missing).toBeNull();
  });
});

describe("paths that cannot name a file (issue 34, item 19)", () => {
  it("answers 404 in the caller's language, never a 500, to a NUL or an overlong UTF-8 dot anywhere", async () => {
    for (const path of ["/%00", "/foo%00bar", "/uploads/%00", "/assets/%00.js", "/recordings/1/%c0%ae%c0%ae/x.mp4", "/recordings/%c0%ae.mp4", "/live/a%00/index.m3u8", "/api/stream%00"]) {
      const answer = await fetch(`${server.url}${path}`, { headers: { "accept-language": "fr" } });
      expect([path, answer.status]).toEqual([path, 404]);
      expect(await answer.json()).toMatchObject({ success: false, code: "not_found", msg: "Page non trouvée" });
    }
  });
});
