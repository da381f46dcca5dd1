import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { signRequest } from "@fedify/fedify";
import { Announce, Create, Follow, Note } from "@fedify/vocab";
import { ADMIN_ENV, adminBrowserOf } from "../../tests/fixtures/money.ts";
import { waitFor } from "../../tests/fixtures/publisher.ts";
import { type Browser, channelIdOf, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { storedSigningKey } from "./keys.ts";

// Two Arena instances on loopback talk ActivityPub to each other (issue 38): a member of B follows a channel of A
// from B's API; B signs and sends the Follow, A checks the signature against B's published key, keeps the follower
// and Accepts; B marks the follow accepted. Then what A refuses: a bad signature, a blocked instance, a flood.
// Both are real servers; federation over http and to loopback are allowed the way an operator would (env).

const FEDERATION_ENV = { ...ADMIN_ENV, FEDERATION_ALLOW_HTTP: "1", ALLOWED_PRIVATE_ADDRESSES: "127.0.0.1/32" };

interface Instance {
  server: TestServer;
  admin: Browser;
  host: string;
}

let a: Instance;
let b: Instance;
let streamer: Awaited<ReturnType<typeof signedInUser>>;
let fan: Awaited<ReturnType<typeof signedInUser>>;

async function federatingInstance(): Promise<Instance> {
  const server = await startTestServer(FEDERATION_ENV);
  const admin = await adminBrowserOf(server);
  expect((await admin.json("PATCH", "/api/admin/site", { federation: true, federationPublicUrl: server.url })).status).toBe(200);
  return { server, admin, host: new URL(server.url).host };
}

async function withChannel(instance: Instance) {
  const member = await signedInUser(instance.server);
  expect((await member.browser.post("/api/stream/mychannel/init")).status).toBe(201);
  return member;
}

beforeAll(async () => {
  [a, b] = await Promise.all([federatingInstance(), federatingInstance()]);
  [streamer, fan] = await Promise.all([withChannel(a), withChannel(b)]);
});
afterAll(async () => {
  await Promise.all([a?.server.stop(), b?.server.stop()]);
});

const followersOnA = () => a.server.deps.db.selectFrom("federation_follower").selectAll().execute();
const fanFollowing = async () => (await fan.browser.get("/api/fediverse/following")).body.following as { id: number; handle: string; state: string }[];

describe("a member of B follows a channel of A", () => {
  it("is pending, then accepted once A's Accept comes back, and A lists B's channel as a fediverse follower", async () => {
    const followed = await fan.browser.post("/api/fediverse/following", { handle: `@${streamer.user.username}@${a.host}` });
    expect(followed.status).toBe(201);
    expect(followed.body.following).toMatchObject({
      handle: `@${streamer.user.username}@${a.host}`,
      name: streamer.user.username,
      state: "pending",
      url: `${a.server.url}/stream/${streamer.user.username}`,
    });
    const accepted = await waitFor("the Accept", async () => (await fanFollowing()).find((row) => row.state === "accepted"));
    expect(accepted.id).toBe(followed.body.following.id);
    const followers = await followersOnA();
    const fanChannel = await channelIdOf(b.server, fan.user.username);
    expect(followers).toEqual([
      expect.objectContaining({
        actor_type: "channel",
        actor_id: await channelIdOf(a.server, streamer.user.username),
        remote_actor: `${b.server.url}/ap/actors/channel-${fanChannel}`,
        remote_inbox: `${b.server.url}/ap/actors/channel-${fanChannel}/inbox`,
        remote_shared_inbox: `${b.server.url}/ap/inbox`,
        remote_handle: `@${fan.user.username}@${b.host}`,
        remote_host: b.host,
      }),
    ]);
    // Each side's log: B delivered the Follow, A delivered the Accept, each signed by the channel that acted.
    const sent = async (instance: Instance) =>
      (await instance.server.deps.db.selectFrom("federation_delivery").select(["activity_type", "state", "last_status"]).execute()).map((row) => Object.values(row));
    // Each row is written once its answer is back, which can be after the other side acted on it.
    await waitFor("both logs", async () => JSON.stringify([await sent(b), await sent(a)]) === JSON.stringify([[["Follow", "delivered", 202]], [["Accept", "delivered", 202]]]));
  });

  it("refuses a second follow of the same account, and says which mistakes are the member's in their language", async () => {
    const again = await fan.browser.post("/api/fediverse/following", { handle: `${streamer.user.username}@${a.host}` });
    expect([again.status, again.body.code]).toEqual([409, "fediverse_already_following"]);
    const cases: [string, number, string][] = [
      ["not a handle", 400, "fediverse_handle_invalid"],
      [`@nobody@${a.host}`, 404, "fediverse_account_not_found"],
      [`@${fan.user.username}@${b.host}`, 400, "fediverse_local_account"],
      ["@someone@10.0.0.7", 400, "outbound_address_private"],
    ];
    for (const [handle, status, code] of cases) {
      const refused = await fan.browser.speaking("fr").post("/api/fediverse/following", { handle });
      expect([handle, refused.status, refused.body.code]).toEqual([handle, status, code]);
    }
    const stranger = await signedInUser(b.server);
    const noChannel = await stranger.browser.post("/api/fediverse/following", { handle: `@${streamer.user.username}@${a.host}` });
    expect([noChannel.status, noChannel.body.code]).toEqual([409, "fediverse_channel_required"]);
    expect((await stranger.browser.request("DELETE", `/api/fediverse/following/${(await fanFollowing())[0]!.id}`)).status).toBe(404);
  });
});

/** A POST to A's shared inbox signed with B's channel's real key (so A can fetch it and check), or another key. */
async function signedPost(activity: Follow | Create | Announce, signer: { keyOf: "b-channel" | "stranger" }, tamper = false) {
  const fanChannel = { type: "channel" as const, id: await channelIdOf(b.server, fan.user.username) };
  const key =
    signer.keyOf === "b-channel"
      ? (await storedSigningKey(b.server.deps.db, fanChannel))!
      : (await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["sign", "verify"])).privateKey;
  const body = JSON.stringify(await activity.toJsonLd({ format: "compact" }));
  const request = new Request(`${a.server.url}/ap/inbox`, { method: "POST", headers: { "content-type": "application/activity+json" }, body });
  const signed = await signRequest(request, key, new URL(`${b.server.url}/ap/actors/channel-${fanChannel.id}#main-key`));
  return fetch(signed.url, { method: "POST", headers: signed.headers, body: tamper ? body.replace("Follow", "Follow ") : body });
}

describe("what A refuses", () => {
  const fanActor = async () => new URL(`${b.server.url}/ap/actors/channel-${await channelIdOf(b.server, fan.user.username)}`);
  const streamerActor = async () => new URL(`${a.server.url}/ap/actors/channel-${await channelIdOf(a.server, streamer.user.username)}`);

  it("refuses an activity whose signature does not match its body or its actor's key, and changes nothing", async () => {
    const before = await followersOnA();
    await a.server.deps.db.deleteFrom("federation_follower").execute();
    const follow = async () => new Follow({ id: new URL(`${(await fanActor()).href}#follow-forged`), actor: await fanActor(), object: await streamerActor() });
    const answers = [await signedPost(await follow(), { keyOf: "stranger" }), await signedPost(await follow(), { keyOf: "b-channel" }, true)];
    const unsigned = await fetch(`${a.server.url}/ap/inbox`, { method: "POST", headers: { "content-type": "application/activity+json" }, body: JSON.stringify(await (await follow()).toJsonLd()) });
    expect([...answers, unsigned].map((answer) => answer.status)).toEqual([401, 401, 401]);
    expect(await followersOnA()).toEqual([]);
    expect(await a.server.deps.db.selectFrom("federation_delivery").select("activity_type").where("activity_type", "=", "Accept").execute()).toHaveLength(1);
    await a.server.deps.db
      .insertInto("federation_follower")
      .values(before.map(({ id: _id, ...row }) => row))
      .execute();
  });

  it("tells a post's owner of a reply and a boost, in plain text, linking to the reply", async () => {
    const actor = await streamerActor();
    const channelId = await channelIdOf(a.server, streamer.user.username);
    const post = await a.server.deps.db
      .insertInto("federation_post")
      .values({
        actor_type: "channel",
        actor_id: channelId,
        kind: "live_started",
        subject: "test:reply",
        content: "<p>Live</p>",
        url: `${a.server.url}/stream/${streamer.user.username}`,
        image: null,
        created_at: Date.now(),
        deleted_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const noteId = new URL(`/ap/notes/${post.id}`, a.server.url);
    const fan = await fanActor();
    const reply = new Note({
      id: new URL(`${fan.href}/notes/1`),
      attribution: fan,
      replyTarget: noteId,
      content: '<p>GG <script>alert(1)</script><b>well</b> played &amp; <a href="https://x">more</a></p>',
      url: new URL(`${fan.href}/notes/1/page`),
      to: actor,
    });
    const create = new Create({ id: new URL(`${fan.href}#create-1`), actor: fan, object: reply, to: actor });
    expect((await signedPost(create, { keyOf: "b-channel" })).status).toBe(202);
    const boost = new Announce({ id: new URL(`${fan.href}#announce-1`), actor: fan, object: noteId, to: actor });
    expect((await signedPost(boost, { keyOf: "b-channel" })).status).toBe(202);
    const notifications = (await streamer.browser.get("/api/notifications")).body.notifications as { type: string; link: string; data: Record<string, string> }[];
    const handle = `@${fanName()}@${b.host}`;
    expect(notifications.filter((row) => row.type.startsWith("fediverse_")).map(({ type, link, data }) => ({ type, link, data }))).toEqual([
      { type: "fediverse_boost", link: `/stream/${streamer.user.username}`, data: { handle, name: fanName(), thing: streamer.user.username } },
      { type: "fediverse_reply", link: `${fan.href}/notes/1/page`, data: { handle, name: fanName(), text: "GG alert(1)well played & more", thing: streamer.user.username } },
    ]);
  });

  it("refuses a blocked instance with 403 before reading it, and drops its activities", async () => {
    expect((await a.admin.json("PATCH", "/api/admin/site", { federationBlockedInstances: [b.host.replace(/:\d+$/, "")] })).status).toBe(200);
    const follow = new Follow({ id: new URL(`${(await fanActor()).href}#follow-blocked`), actor: await fanActor(), object: await streamerActor() });
    expect((await signedPost(follow, { keyOf: "b-channel" })).status).toBe(403);
    // A's own posts no longer go there either.
    const { queueActivity } = await import("./delivery-queue.ts");
    const queued = await queueActivity(
      a.server.deps,
      a.server.deps.db,
      { type: "channel", id: await channelIdOf(a.server, streamer.user.username) },
      { id: "https://x/#1", type: "Create", body: {} },
      [`${b.server.url}/ap/inbox`],
    );
    expect(queued).toBe(0);
    expect((await a.admin.json("PATCH", "/api/admin/site", { federationBlockedInstances: [] })).status).toBe(200);
  });

  it("slows an instance that floods the inboxes (429) without checking a signature", async () => {
    const answers: number[] = [];
    for (let sent = 0; sent < 70; sent++) {
      const answer = await fetch(`${a.server.url}/ap/inbox`, {
        method: "POST",
        headers: { "content-type": "application/activity+json", signature: `keyId="http://flood.test/actor#main-key",signature="x"` },
        body: "{}",
      });
      answers.push(answer.status);
    }
    expect(answers.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(answers.filter((status) => status !== 429).every((status) => status === 401 || status === 400)).toBe(true);
  });
});

const fanName = () => fan.user.username;

describe("A's deliveries", () => {
  it("tries a failing inbox again after its back-off, stops at a refusal, and logs each outcome", async () => {
    // Each inbox answers its own list in turn: the rows are sent side by side, in no set order.
    const answers: Record<string, number[]> = { "/retry": [503, 400], "/final": [202] };
    const inbox = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => new Response("busy", { status: answers[new URL(request.url).pathname]!.shift()! }) });
    try {
      const { queueActivity } = await import("./delivery-queue.ts");
      const { deliverDueActivities } = await import("./delivery-dispatcher.ts");
      const signer = { type: "channel" as const, id: await channelIdOf(a.server, streamer.user.username) };
      const inboxUrl = (path: string) => `http://127.0.0.1:${inbox.port}${path}`;
      const logOf = (id: string) =>
        a.server.deps.db.selectFrom("federation_delivery").select(["state", "attempts", "last_status", "last_error", "next_attempt_at"]).where("activity_id", "=", id).executeTakeFirstOrThrow();
      await queueActivity(a.server.deps, a.server.deps.db, signer, { id: "https://a.test/#retry", type: "Create", body: { type: "Create" } }, [inboxUrl("/retry")]);
      await queueActivity(a.server.deps, a.server.deps.db, signer, { id: "https://a.test/#final", type: "Create", body: { type: "Create" } }, [inboxUrl("/final")]);
      // The node's own loop may take the rows first; either way each is tried once now.
      await waitFor("the first tries", async () => (await logOf("https://a.test/#retry")).attempts === 1 && (await logOf("https://a.test/#final")).attempts === 1);
      expect(await logOf("https://a.test/#retry")).toMatchObject({ state: "pending", last_status: 503, last_error: "busy" });
      expect(await logOf("https://a.test/#final")).toMatchObject({ state: "delivered", last_status: 202 });
      const retryAt = (await logOf("https://a.test/#retry")).next_attempt_at;
      expect(await deliverDueActivities(a.server.deps, retryAt - 1)).toBe(0);
      expect(await deliverDueActivities(a.server.deps, retryAt)).toBe(1);
      expect(await logOf("https://a.test/#retry")).toMatchObject({ state: "failed", attempts: 2, last_status: 400 });
    } finally {
      inbox.stop(true);
    }
  });
});

describe("the member stops following", () => {
  it("queues an Undo that A acts on: the follower is gone", async () => {
    const [row] = await fanFollowing();
    expect((await fan.browser.request("DELETE", `/api/fediverse/following/${row!.id}`)).status).toBe(204);
    await waitFor("the Undo", async () => (await followersOnA()).length === 0);
    expect(await fanFollowing()).toEqual([]);
  });
});
