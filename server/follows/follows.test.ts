import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { publishTestStream } from "../../tests/fixtures/publisher.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { connect, nextEvent } from "../../tests/fixtures/sockets.ts";
import { followBucket, followsPerMember } from "./service.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { ingest: true });
});
afterAll(() => server.stop());

async function streamerChannel() {
  const streamer = await signedInUser(server);
  await streamer.browser.post("/api/stream/mychannel/init");
  const channelArn = (await streamer.browser.get("/api/stream/mychannelinfo")).body.channelArn as string;
  return { ...streamer, channelArn };
}

describe("follows", () => {
  it("follows and unfollows a channel, counting followers", async () => {
    const streamer = await streamerChannel();
    const fan = await signedInUser(server);
    const followed = await fan.browser.post("/api/stream/follow", { channelId: streamer.channelArn });
    expect(followed.body).toEqual({ success: true, message: "Followed", followers: 1 });
    expect((await fan.browser.post("/api/stream/follow", { channelId: streamer.channelArn })).body.followers).toBe(1);
    const stream = (await fan.browser.get(`/api/stream/stream/${streamer.account.username}`)).body;
    expect(stream).toMatchObject({ isFollowed: true, followers: 1 });
    expect((await new Browser(server.url).get(`/api/stream/stream/${streamer.account.username}`)).body.isFollowed).toBe(false);
    const list = (await streamer.browser.get("/api/stream/myfollowers?page=1")).body;
    expect(list.followers.map((f: { username: string }) => f.username)).toEqual([fan.account.username]);
    expect((await fan.browser.post("/api/stream/unfollow", { channelId: streamer.channelArn })).body.followers).toBe(0);
  });

  it("follows a user from a profile by user id, but never oneself", async () => {
    const streamer = await streamerChannel();
    const fan = await signedInUser(server);
    expect((await fan.browser.post("/api/stream/follow", { channelId: streamer.user.id })).body.followers).toBe(1);
    const self = await streamer.browser.post("/api/stream/follow", { channelId: streamer.user.id });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe("You cannot follow yourself.");
  });

  it("refuses a visitor and an unknown channel", async () => {
    const streamer = await streamerChannel();
    expect((await new Browser(server.url).post("/api/stream/follow", { channelId: streamer.channelArn })).status).toBe(401);
    const fan = await signedInUser(server);
    expect((await fan.browser.post("/api/stream/follow", { channelId: "abcdef" })).status).toBe(404);
    expect((await fan.browser.post("/api/stream/follow", { channelId: "<script>" })).status).toBe(400);
  });

  it("lists the followed channels for the sidebar, live first", async () => {
    const [quiet, loud] = [await streamerChannel(), await streamerChannel()];
    const fan = await signedInUser(server);
    await fan.browser.post("/api/stream/follow", { channelId: quiet.channelArn });
    await fan.browser.post("/api/stream/follow", { channelId: loud.channelArn });
    const start = await loud.browser.post("/api/stream/startstreaming", { title: "Loud", gameId: 1, tags: [] });
    const started = server.deps.bus.next("stream:started", (e) => e.username === loud.account.username);
    const publisher = publishTestStream(`rtmp://127.0.0.1:${server.deps.config.rtmpPort}/live/${start.body.streamKey}`, { seconds: 30 });
    try {
      await started;
      const following = (await fan.browser.get("/api/stream/streams?following=true")).body.data.map((s: { username: string; isLive: boolean }) => [s.username, s.isLive]);
      expect(following).toEqual([
        [loud.account.username, true],
        [quiet.account.username, false],
      ]);
      expect((await new Browser(server.url).get("/api/stream/streams?following=true")).body.data).toEqual([]);
    } finally {
      const ended = server.deps.bus.next("stream:ended", (e) => e.username === loud.account.username);
      publisher.kill("SIGKILL");
      await ended;
    }
  });
});

describe("notifications", () => {
  it("tells followers, live, when a followed channel goes live, and marks them read", async () => {
    const streamer = await streamerChannel();
    const fan = await signedInUser(server);
    await fan.browser.post("/api/stream/follow", { channelId: streamer.channelArn });
    const socket = await connect(server.url, "/live", { cookie: `arena_session=${fan.browser.cookies.get("arena_session")}` });
    const pushed = nextEvent<{ type: string; link: string; data: { username: string } }>(socket, "notification:created", 15_000);
    const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Ranked grind", gameId: 1, tags: [] });
    const publisher = publishTestStream(`rtmp://127.0.0.1:${server.deps.config.rtmpPort}/live/${start.body.streamKey}`, { seconds: 30 });
    try {
      const notification = await pushed;
      expect(notification).toMatchObject({ type: "stream_live", link: `/stream/${streamer.account.username}`, data: { username: streamer.account.username, title: "Ranked grind" } });
      const listed = (await fan.browser.get("/api/notifications")).body;
      expect(listed.unread).toBe(1);
      expect(listed.notifications[0].actor.username).toBe(streamer.account.username);
      await fan.browser.post("/api/notifications/read-all");
      expect((await fan.browser.get("/api/notifications")).body.unread).toBe(0);
      expect((await new Browser(server.url).get("/api/notifications")).status).toBe(401);
    } finally {
      socket.close();
      const ended = server.deps.bus.next("stream:ended", (e) => e.username === streamer.account.username);
      publisher.kill("SIGKILL");
      await ended;
    }
  });
});

describe("channel settings and profiles", () => {
  it("saves handles as profile addresses and shows them on the public profile", async () => {
    const streamer = await streamerChannel();
    const saved = await streamer.browser.put("/api/stream/channel-settings", {
      paypalme: "ZeldaPro",
      about: "Speedrunner from Lyon",
      facebook: "zelda.pro",
      instagram: "https://instagram.com/zeldapro/",
      youtube: "@zeldapro",
      twitter: "@zelda_pro",
      website: "zelda.example.org",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: "Channel settings are saved",
      paypalme: "ZeldaPro",
      about: "Speedrunner from Lyon",
      social: {
        facebook: "https://www.facebook.com/zelda.pro",
        instagram: "https://www.instagram.com/zeldapro",
        youtube: "https://www.youtube.com/@zeldapro",
        twitter: "zelda_pro",
        website: "https://zelda.example.org",
      },
    });
    const profile = (await new Browser(server.url).get(`/api/stream/profile/${streamer.account.username}`)).body;
    expect(profile).toMatchObject({ username: streamer.account.username, paypalme: "ZeldaPro", about: "Speedrunner from Lyon", isLive: false, followers: 0 });
    expect(profile.email).toBeUndefined();
    const cleared = await streamer.browser.put("/api/stream/channel-settings", { paypalme: "" });
    expect(cleared.body.paypalme).toBeNull();
    expect(cleared.body.social.twitter).toBe("zelda_pro");
  });

  it("answers the spec's message for each bad field", async () => {
    const streamer = await streamerChannel();
    const res = await streamer.browser.put("/api/stream/channel-settings", {
      paypalme: "https://paypal.me/someone",
      facebook: "https://evil.example/zelda",
      instagram: "not a handle!",
      youtube: "https://vimeo.com/x",
      twitter: "https://twitter.com/someone",
      website: "not a website",
    });
    expect(res.status).toBe(400);
    const messages = Object.fromEntries(res.body.errors.map((e: { field: string; msg: string }) => [e.field, e.msg]));
    expect(messages).toEqual({
      paypalme: "You have to enter only your paypal.me username",
      facebook: "You have to enter only your Facebook username",
      instagram: "You have to enter only your Instagram username",
      youtube: "You have to enter only your YouTube username",
      twitter: "You have to enter only your Twitter username",
      website: "You have to enter your website URL",
    });
  });

  it("changes only the caller's own channel", async () => {
    const alice = await streamerChannel();
    const bob = await streamerChannel();
    await bob.browser.put("/api/stream/channel-settings", { paypalme: "BobPays", userId: alice.user.id, channelId: alice.channelArn });
    expect((await new Browser(server.url).get(`/api/stream/profile/${alice.account.username}`)).body.paypalme).toBeNull();
    expect((await new Browser(server.url).put("/api/stream/channel-settings", { paypalme: "x" })).status).toBe(401);
  });
});

describe("a member following and unfollowing in a loop (issue 34, item 19)", () => {
  it("is stopped at the hour's allowance with the time to wait in their language; follows and unfollows count together", async () => {
    const streamer = await streamerChannel();
    const fan = await signedInUser(server);
    expect((await fan.browser.post("/api/stream/follow", { channelId: streamer.channelArn })).status).toBe(200);
    // The allowance nearly spent, as by an hour of toggling.
    await server.deps.db
      .updateTable("rate_limit")
      .set({ count: followsPerMember.max - 1 })
      .where("key", "=", followBucket(fan.user.id))
      .execute();
    expect((await fan.browser.post("/api/stream/unfollow", { channelId: streamer.channelArn })).status).toBe(200);
    const refused = await fan.browser.speaking("fr").post("/api/stream/follow", { channelId: streamer.channelArn });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "too_many_requests", msg: expect.stringMatching(/^Trop de tentatives\. Réessayez dans \d+ min\.$/) });
    expect((await streamer.browser.get("/api/stream/myfollowers?page=1")).body.followers).toEqual([]);
    // Another member is not held back by it.
    expect((await (await signedInUser(server)).browser.post("/api/stream/follow", { channelId: streamer.channelArn })).status).toBe(200);
  });
});
