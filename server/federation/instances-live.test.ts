import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ADMIN_ENV, adminBrowserOf } from "../../tests/fixtures/money.ts";
import { publishTestStream, waitFor } from "../../tests/fixtures/publisher.ts";
import { type Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

// The demonstration (issue 38): two real Arena instances on loopback. A member of B follows a channel of A;
// A goes live (ffmpeg into A's media server): B's member gets the post, with the live's link; the live ends and the
// replay's post arrives; the member unfollows, and A's next live sends B nothing.

const FEDERATION_ENV = { ...ADMIN_ENV, FEDERATION_ALLOW_HTTP: "1", ALLOWED_PRIVATE_ADDRESSES: "127.0.0.1/32" };

let a: TestServer;
let b: TestServer;
let streamer: Awaited<ReturnType<typeof signedInUser>>;
let fan: Awaited<ReturnType<typeof signedInUser>>;

async function federate(server: TestServer): Promise<Browser> {
  const admin = await adminBrowserOf(server);
  expect((await admin.json("PATCH", "/api/admin/site", { federation: true, federationPublicUrl: server.url })).status).toBe(200);
  return admin;
}

beforeAll(async () => {
  [a, b] = await Promise.all([startTestServer(FEDERATION_ENV, { ingest: true }), startTestServer(FEDERATION_ENV)]);
  await Promise.all([federate(a), federate(b)]);
  [streamer, fan] = await Promise.all([signedInUser(a), signedInUser(b)]);
  for (const member of [streamer, fan]) expect((await member.browser.post("/api/stream/mychannel/init")).status).toBe(201);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

type Notification = { type: string; link: string; data: Record<string, string> };
const fanPosts = async () => ((await fan.browser.get("/api/notifications")).body.notifications as Notification[]).filter((row) => row.type === "fediverse_post");

/** A live of `seconds` on A, to its replay: returns the replay's id. */
async function liveOnA(title: string, seconds: number): Promise<number> {
  const start = await streamer.browser.post("/api/stream/startstreaming", { title, gameId: 1 });
  expect(start.status).toBe(200);
  const channel = await a.deps.db.selectFrom("channel").select("id").where("user_id", "=", streamer.user.id).executeTakeFirstOrThrow();
  const ready = a.deps.bus.next("replay:ready", (event) => event.channelId === channel.id, 60_000);
  publishTestStream(`rtmp://127.0.0.1:${a.rtmpPort}/live/${start.body.streamKey}`, { seconds, pace: "as fast as it encodes" });
  return (await ready).replayId;
}

describe("a member of B following a channel of A", () => {
  it("gets A's live and its replay as posts, then nothing once unfollowed", async () => {
    const handle = `@${streamer.user.username}@${new URL(a.url).host}`;
    const followed = await fan.browser.post("/api/fediverse/following", { handle });
    expect(followed.status).toBe(201);
    await waitFor("the Accept", async () => (await fan.browser.get("/api/fediverse/following")).body.following[0]?.state === "accepted");

    const replayId = await liveOnA("Finale du soir", 8);
    const posts = await waitFor(
      "the live's and the replay's posts",
      async () => {
        const seen = await fanPosts();
        return seen.some((post) => post.link.endsWith(`/replay/${replayId}`)) && seen.some((post) => post.link === `${a.url}/stream/${streamer.user.username}`) && seen;
      },
      30_000,
    );
    const live = posts.find((post) => post.link === `${a.url}/stream/${streamer.user.username}`)!;
    expect(live.data).toMatchObject({ handle, name: streamer.user.username });
    expect(live.data.text).toContain("Finale du soir");
    expect(posts.find((post) => post.link.endsWith(`/replay/${replayId}`))!.data.handle).toBe(handle);

    const [following] = (await fan.browser.get("/api/fediverse/following")).body.following;
    expect((await fan.browser.request("DELETE", `/api/fediverse/following/${following.id}`)).status).toBe(204);
    await waitFor("the Undo on A", async () => (await a.deps.db.selectFrom("federation_follower").select("id").execute()).length === 0);
    const toB = () => a.deps.db.selectFrom("federation_delivery").select("id").where("inbox_host", "=", new URL(b.url).host).execute();
    const sentBefore = (await toB()).length;
    const noticesBefore = (await fanPosts()).length;
    await liveOnA("Revanche", 4);
    // A's live and replay posts exist, for no follower of B: nothing was queued to B, nothing arrived.
    // (the replay's post is written by a listener of the same event the test waited for: it may come a moment after).
    await waitFor("the second live's posts", async () => (await a.deps.db.selectFrom("federation_post").select("id").execute()).length === 4);
    expect((await toB()).length).toBe(sentBefore);
    expect((await fanPosts()).length).toBe(noticesBefore);
  }, 120_000);
});
