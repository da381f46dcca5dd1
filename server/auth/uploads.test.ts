import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { makeImage, makeJpegWithGps, pngAnnouncing } from "../../tests/fixtures/images.ts";
import { uploadsPerMember } from "../http/images.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

function form(bytes: Uint8Array, name: string, type = "application/octet-stream"): FormData {
  const data = new FormData();
  data.append("filename", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return data;
}

describe("POST /api/auth/avatar and /api/auth/banner", () => {
  it("stores an avatar as a 256×256 WebP and serves it", async () => {
    const { browser } = await signedInUser(server);
    const res = await browser.post("/api/auth/avatar", form(await makeImage("png"), "me.png", "image/png"));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Profile picture updated successfully!");
    expect(res.body.newAvatar).toMatch(/^\/uploads\/avatars\/\d+-[0-9a-f]+\.webp$/);
    const file = await fetch(server.url + res.body.newAvatar);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect((await browser.get("/api/auth/me")).body.user.avatar).toBe(res.body.newAvatar);
  });

  it("accepts JPEG, GIF and WebP banners, whatever the file is called", async () => {
    const { browser } = await signedInUser(server);
    for (const codec of ["mjpeg", "gif", "libwebp"] as const) {
      const res = await browser.post("/api/auth/banner", form(await makeImage(codec), "banner.txt"));
      expect(res.status).toBe(200);
      expect(res.body.newBanner).toMatch(/\.webp$/);
      expect(res.body.message).toBe("Banner updated successfully!");
    }
  });

  it("drops the EXIF metadata of the original", async () => {
    const { browser } = await signedInUser(server);
    const original = await makeJpegWithGps();
    expect(Buffer.from(original).includes("SECRET-LOCATION")).toBe(true);
    const res = await browser.post("/api/auth/avatar", form(original, "photo.jpg", "image/jpeg"));
    expect(res.status).toBe(200);
    const stored = Buffer.from(await (await fetch(server.url + res.body.newAvatar)).arrayBuffer());
    expect(stored.includes("SECRET-LOCATION")).toBe(false);
    expect(stored.includes("Exif")).toBe(false);
  });

  it("takes a member's pictures up to the hourly limit, then answers 429 before decoding", async () => {
    const { browser, user } = await signedInUser(server);
    expect((await browser.post("/api/auth/avatar", form(await makeImage("png"), "1.png"))).status).toBe(200);
    // Bring the member to the edge of the limit directly: thirty real uploads would only slow the test.
    await server.deps.db
      .updateTable("rate_limit")
      .set({ count: uploadsPerMember.max - 1 })
      .where("key", "=", `upload:user:${user.id}`)
      .execute();
    expect((await browser.post("/api/auth/banner", form(await makeImage("png"), "2.png"))).status).toBe(200);
    const refused = await browser.post("/api/auth/avatar", form(await makeImage("png"), "3.png"));
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("too_many_requests");
    expect((await (await signedInUser(server)).browser.post("/api/auth/avatar", form(await makeImage("png"), "4.png"))).status).toBe(200);
  });

  it("refuses a small picture that announces a huge canvas before decoding it", async () => {
    const { browser } = await signedInUser(server);
    const bomb = pngAnnouncing(await makeImage("png", "64x64"), 30_000, 30_000);
    const res = await browser.post("/api/auth/avatar", form(bomb, "bomb.png", "image/png"));
    expect(res.status).toBe(413);
    expect(res.body.errors[0]).toMatchObject({ field: "filename", code: "upload_dimensions_too_large", msg: "This picture is too large (at most 40 megapixels)." });
    expect((await browser.get("/api/auth/me")).body.user.avatar).toBeNull();
  });

  it("refuses a file that is not an image even when it is named and typed like one", async () => {
    const { browser } = await signedInUser(server);
    const res = await browser.post("/api/auth/avatar", form(new TextEncoder().encode("<?php echo 'hi'; ?>"), "evil.png", "image/png"));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: "filename", code: "upload_not_image" });
    const svg = await browser.post("/api/auth/avatar", form(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "a.svg", "image/svg+xml"));
    expect(svg.status).toBe(400);
  });

  it("refuses a truncated image", async () => {
    const { browser } = await signedInUser(server);
    const png = await makeImage("png");
    const res = await browser.post("/api/auth/avatar", form(png.subarray(0, 40), "cut.png"));
    expect(res.status).toBe(400);
  });

  it("refuses a file over the size limit", async () => {
    const { browser } = await signedInUser(server);
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const res = await browser.post("/api/auth/avatar", form(big, "big.png"));
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe("The file is too large (maximum 5 MB).");
  });

  it("says when no file was sent", async () => {
    const { browser } = await signedInUser(server);
    const res = await browser.post("/api/auth/avatar", new FormData());
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("upload_missing");
  });

  it("needs a session", async () => {
    const res = await new Browser(server.url).post("/api/auth/avatar", form(await makeImage("png"), "a.png"));
    expect(res.status).toBe(401);
  });
});
