import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { adminBrowserOf, ADMIN_ENV } from "../../tests/fixtures/money.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

/** The clip routes' answers over HTTP: field errors, refusals with their codes, the admin console's list. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
});
afterAll(() => server.stop());

/** A ready clip row of a new streamer's channel, made by `authorId` (no file: these calls never read it). */
async function clipOf(authorId: number, title: string) {
  const streamer = await signedInUser(server);
  expect((await streamer.browser.post("/api/stream/mychannel/init")).status).toBeLessThan(300);
  const channel = await server.deps.db.selectFrom("channel").select("id").where("user_id", "=", streamer.user.id).executeTakeFirstOrThrow();
  const row = await server.deps.db
    .insertInto("clip")
    .values({
      channel_id: channel.id,
      user_id: authorId,
      title,
      status: "ready",
      start_seconds: 0,
      requested_seconds: 10,
      live_session_id: null,
      replay_id: null,
      game_id: 1,
      file_path: null,
      thumbnail_path: null,
      duration: 10,
      file_size: 1,
      created_at: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { streamer, id: row.id };
}

describe("POST /api/stream/clips", () => {
  it("answers a clip over 60 s or under 5 s with the field's message, and a visitor with 401", async () => {
    const member = await signedInUser(server);
    const tooLong = await member.browser.post("/api/stream/clips", { source: "replay", replayId: 1, start: 0, end: 61 });
    expect([tooLong.status, tooLong.body.errors]).toEqual([400, [{ field: "end", code: "clip_too_long", msg: "A clip lasts at most 60 seconds." }]]);
    const tooShort = await member.browser.post("/api/stream/clips", { source: "live", username: "someone", seconds: 2 });
    expect([tooShort.status, tooShort.body.errors[0].code]).toEqual([400, "clip_too_short"]);
    expect((await new Browser(server.url).post("/api/stream/clips", { source: "live", username: "someone" })).status).toBe(401);
  });
});

describe("GET /api/admin/clips", () => {
  it("lists every clip for an admin, searched by title, channel or author; others are refused", async () => {
    const author = await signedInUser(server);
    const { streamer, id } = await clipOf(author.user.id, "Retourné acrobatique");
    const admin = await adminBrowserOf(server);
    for (const q of ["acrobatique", streamer.account.username, author.account.username]) {
      const found = await admin.get(`/api/admin/clips?q=${encodeURIComponent(q)}`);
      expect([found.status, found.body.clips.map((clip: { id: number }) => clip.id)]).toEqual([200, [id]]);
    }
    expect((await author.browser.get("/api/admin/clips")).status).toBe(403);
    expect((await new Browser(server.url).get("/api/admin/clips")).status).toBe(401);
    // The console deletes through the clip's own route.
    expect((await admin.json("DELETE", `/api/stream/clips/${id}`)).status).toBe(200);
    expect((await admin.get(`/api/stream/clips/${id}`)).status).toBe(404);
    // Read from the audit rows themselves: who, what, the clip as it was.
    const audit = await server.deps.db.selectFrom("audit_log").selectAll().where("action", "=", "clip.delete").where("target_id", "=", String(id)).execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before!)).toEqual({ title: "Retourné acrobatique", channel: streamer.account.username, author: author.account.username });
  });
});
