import { waitFor } from "../../../tests/fixtures/publisher.ts";
import { remoteFollowerRow } from "../../../tests/fixtures/fediverse.ts";
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import enErrors from "../../../client/i18n/locales/en/errors.json" with { type: "json" };
import { ADMIN_ENV, adminBrowserOf, draftEvent, fundedUser, publishedEvent, type Member } from "../../../tests/fixtures/money.ts";
import { createdTournament } from "../../../tests/fixtures/tournaments.ts";
import { Browser, channelIdOf, signedInUser, startTestServer, type TestServer } from "../../../tests/fixtures/server.ts";

// The fediverse on the site's own screens (issue 38, items 2 and 6): an actor's handle and followers count, the
// owner's list of fediverse followers and removing one (a Reject queued for its server), the admins' delivery log,
// and blocked instances dropping their followers. Follower rows are written here as an accepted Follow leaves them.

let server: TestServer;
let admin: Browser;
let streamer: Member;
let other: Member;
let channel: number;
let host: string;

beforeAll(async () => {
  server = await startTestServer({ ...ADMIN_ENV, FEDERATION_ALLOW_HTTP: "1" });
  host = new URL(server.url).host;
  admin = await adminBrowserOf(server);
  streamer = await fundedUser(server, admin, 1000);
  other = await signedInUser(server);
  for (const member of [streamer, other]) expect((await member.browser.post("/api/stream/mychannel/init")).status).toBe(201);
  channel = await channelIdOf(server, streamer.user.username);
});
afterAll(() => server.stop());

const setSite = (changes: Record<string, unknown>) => admin.json("PATCH", "/api/admin/site", changes);

let followers = 0;
/** A remote account following `actor`, as the inbox stores it once its Follow is accepted. */
async function remoteFollower(actor: { type: "channel" | "tournament" | "event"; id: number }, instance = "mastodon.example", at = Date.now()) {
  followers += 1;
  const name = `fan${followers}`;
  return server.deps.db
    .insertInto("federation_follower")
    .values(
      remoteFollowerRow(actor, `https://${instance}`, name, {
        remote_shared_inbox: `https://${instance}/inbox`,
        remote_name: `Fan ${followers}`,
        remote_url: `https://${instance}/@${name}`,
        follow_activity: `https://${instance}/${name}#follows/${followers}`,
        created_at: at,
      }),
    )
    .returning(["id", "remote_actor", "remote_inbox", "follow_activity"])
    .executeTakeFirstOrThrow();
}

const followerIds = async () => (await server.deps.db.selectFrom("federation_follower").select("id").orderBy("id").execute()).map((row) => row.id);

describe("with federation off", () => {
  it("answers fediverse_off, and lists no follower", async () => {
    const actor = await streamer.browser.get(`/api/fediverse/actors/channel-${channel}`);
    expect([actor.status, actor.body.code, actor.body.msg]).toEqual([404, "fediverse_off", enErrors.fediverse_off]);
    expect((await streamer.browser.get(`/api/fediverse/actors/channel-${channel}/followers`)).body.code).toBe("fediverse_off");
  });
});

describe("with federation on", () => {
  beforeAll(async () => expect((await setSite({ federation: true, federationPublicUrl: server.url })).status).toBe(200));

  describe("GET /api/fediverse/actors/{identifier}", () => {
    it("gives a channel's handle and its fediverse followers, apart from its members' follows", async () => {
      await remoteFollower({ type: "channel", id: channel });
      expect((await other.browser.post("/api/stream/follow", { channelId: streamer.user.id })).status).toBeLessThan(300);
      const byId = await new Browser(server.url).get(`/api/fediverse/actors/channel-${channel}`);
      expect([byId.status, byId.body]).toEqual([200, { success: true, handle: `@${streamer.user.username}@${host}`, followers: 1 }]);
      // The stream page knows its member's name, which is the handle's name as WebFinger takes it.
      expect((await new Browser(server.url).get(`/api/fediverse/actors/${streamer.user.username}`)).body.handle).toBe(`@${streamer.user.username}@${host}`);
    });

    it("gives a tournament's and a public event's handle, and 404 for a draft or an unknown one", async () => {
      const tournament = await createdTournament(streamer);
      expect((await new Browser(server.url).get(`/api/fediverse/actors/tournament-${tournament}`)).body).toEqual({ success: true, handle: `@tournament-${tournament}@${host}`, followers: 0 });
      const event = await publishedEvent(streamer);
      expect((await new Browser(server.url).get(`/api/fediverse/actors/event-${event.id}`)).body.handle).toBe(`@event-${event.id}@${host}`);
      const draft = await draftEvent(streamer);
      for (const hidden of [`event-${draft.id}`, "channel-99999", "nobody_here", "no-such-thing"]) expect((await new Browser(server.url).get(`/api/fediverse/actors/${hidden}`)).status).toBe(404);
    });
  });

  describe("GET /api/fediverse/actors/{identifier}/followers", () => {
    it("lists the owner's fediverse followers, newest first, with their instance", async () => {
      const older = Date.now() - 60_000;
      const tournament = await createdTournament(streamer);
      await remoteFollower({ type: "tournament", id: tournament }, "old.example", older);
      await remoteFollower({ type: "tournament", id: tournament }, "new.example");
      const list = await streamer.browser.get(`/api/fediverse/actors/tournament-${tournament}/followers`);
      expect(list.status).toBe(200);
      expect(list.body.count).toBe(2);
      expect(list.body.followers.map((follower: { instance: string }) => follower.instance)).toEqual(["new.example", "old.example"]);
      expect(list.body.followers[1]).toMatchObject({
        handle: expect.stringMatching(/^@fan\d+@old\.example$/),
        name: expect.stringMatching(/^Fan /),
        url: expect.stringContaining("https://old.example/@"),
        since: new Date(older).toISOString(),
      });
      expect((await admin.get(`/api/fediverse/actors/tournament-${tournament}/followers`)).body.count).toBe(2);
    });

    it("pages them, twenty at a time", async () => {
      const event = await publishedEvent(streamer);
      for (let i = 0; i < 21; i++) await remoteFollower({ type: "event", id: event.id }, "many.example", Date.now() - i * 1000);
      const [first, second] = await Promise.all([1, 2].map((page) => streamer.browser.get(`/api/fediverse/actors/event-${event.id}/followers?page=${page}`)));
      expect([first!.body.count, first!.body.followers.length, second!.body.followers.length]).toEqual([21, 20, 1]);
    });

    it("refuses another member and a visitor, and knows no unknown actor", async () => {
      expect((await other.browser.get(`/api/fediverse/actors/channel-${channel}/followers`)).status).toBe(403);
      expect((await new Browser(server.url).get(`/api/fediverse/actors/channel-${channel}/followers`)).status).toBe(401);
      expect((await other.browser.get("/api/fediverse/actors/channel-99999/followers")).status).toBe(404);
    });
  });

  describe("DELETE /api/fediverse/followers/{id}", () => {
    it("is not found for another member, and changes nothing", async () => {
      const follower = await remoteFollower({ type: "channel", id: channel });
      const before = await followerIds();
      const refused = await other.browser.json("DELETE", `/api/fediverse/followers/${follower.id}`);
      expect([refused.status, refused.body.code]).toEqual([404, "fediverse_follower_not_found"]);
      expect(await followerIds()).toEqual(before);
      expect(await server.deps.db.selectFrom("federation_delivery").selectAll().where("activity_type", "=", "Reject").execute()).toEqual([]);
    });

    it("removes the follower and queues a Reject of its Follow for its inbox", async () => {
      const follower = await remoteFollower({ type: "channel", id: channel });
      const removed = await streamer.browser.request("DELETE", `/api/fediverse/followers/${follower.id}`);
      expect([removed.status, await removed.text()]).toEqual([204, ""]);
      expect(await followerIds()).not.toContain(follower.id);
      const queued = await server.deps.db.selectFrom("federation_delivery").selectAll().where("activity_type", "=", "Reject").executeTakeFirstOrThrow();
      const ours = `${server.url}/ap/actors/channel-${channel}`;
      expect(queued).toMatchObject({ actor_type: "channel", actor_id: channel, inbox: follower.remote_inbox, inbox_host: "mastodon.example", state: "pending" });
      const body = JSON.parse(queued.body);
      expect(body).toMatchObject({ type: "Reject", id: queued.activity_id, actor: ours, object: { type: "Follow", id: follower.follow_activity, actor: follower.remote_actor, object: ours } });
      expect(queued.activity_id).toStartWith(`${ours}#reject-`);
      const again = await streamer.browser.json("DELETE", `/api/fediverse/followers/${follower.id}`);
      expect([again.status, again.body.code]).toEqual([404, "fediverse_follower_not_found"]);
    });
  });

  describe("GET /api/admin/fediverse/deliveries", () => {
    it("shows the admins every delivery, newest first, with the signing actor's handle", async () => {
      // The node's dispatcher tries the Reject at once; mastodon.example never resolves (a reserved name), so the log
      // shows a first try that will be made again.
      const log = await waitFor("the first try", async () => {
        const answer = await admin.get("/api/admin/fediverse/deliveries");
        return answer.body.deliveries?.[0]?.attempts === 1 && answer;
      });
      expect(log.status).toBe(200);
      expect(log.body.total).toBeGreaterThanOrEqual(1);
      expect(log.body.deliveries[0]).toMatchObject({
        activityType: "Reject",
        actor: `@${streamer.user.username}@${host}`,
        instance: "mastodon.example",
        state: "pending",
        attempts: 1,
        lastStatus: null,
        lastError: "outbound_address_unresolved",
        finishedAt: null,
      });
      const ids = log.body.deliveries.map((delivery: { id: number }) => delivery.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect((await admin.get("/api/admin/fediverse/deliveries?state=delivered")).body).toEqual({ success: true, deliveries: [], total: 0 });
      expect((await admin.get("/api/admin/fediverse/deliveries?state=lost")).status).toBe(400);
    });

    it("is the admins' alone", async () => {
      expect((await streamer.browser.get("/api/admin/fediverse/deliveries")).status).toBe(403);
    });
  });

  describe("blocked instances", () => {
    it("drop their followers, their followed accounts and their waiting deliveries when an admin blocks them", async () => {
      const kept = await remoteFollower({ type: "channel", id: channel }, "friendly.example");
      const dropped = await remoteFollower({ type: "channel", id: channel }, "media.spam.example");
      await server.deps.db
        .insertInto("federation_following")
        .values({
          channel_id: channel,
          remote_actor: "https://spam.example/users/x",
          remote_inbox: "https://spam.example/users/x/inbox",
          remote_host: "spam.example",
          remote_handle: "@x@spam.example",
          remote_name: "X",
          remote_url: null,
          follow_activity: "https://arena.example/f/1",
          state: "accepted",
          created_at: Date.now(),
          accepted_at: Date.now(),
        })
        .execute();
      expect((await streamer.browser.request("DELETE", `/api/fediverse/followers/${dropped.id}`)).status).toBe(204);
      const again = await remoteFollower({ type: "channel", id: channel }, "media.spam.example");
      const changed = await setSite({ federationBlockedInstances: ["Spam.Example"] });
      expect([changed.status, changed.body.settings.federationBlockedInstances]).toEqual([200, ["spam.example"]]);
      const left = await followerIds();
      expect(left).toContain(kept.id);
      expect(left).not.toContain(again.id);
      expect(await server.deps.db.selectFrom("federation_following").selectAll().where("remote_host", "=", "spam.example").execute()).toEqual([]);
      const reject = await server.deps.db.selectFrom("federation_delivery").select(["state", "last_error"]).where("inbox_host", "=", "media.spam.example").executeTakeFirstOrThrow();
      expect(reject).toEqual({ state: "failed", last_error: "instance_blocked" });
      const stored = await server.deps.db.selectFrom("federation_follower").select("id").where("actor_type", "=", "channel").where("actor_id", "=", channel).execute();
      expect((await new Browser(server.url).get(`/api/fediverse/actors/channel-${channel}`)).body.followers).toBe(stored.length);
    });

    it("refuses an instance written as an address, in the admin's language", async () => {
      const refused = await setSite({ federationBlockedInstances: ["https://spam.example/"] });
      expect([refused.status, refused.body.code, refused.body.msg]).toEqual([400, "federation_instance_invalid", enErrors.federation_instance_invalid]);
    });
  });
});
