import { describe, expect, it } from "bun:test";
import type { Channel } from "../../db/types.ts";
import { freshDeps, refusal } from "../../tests/fixtures/service-world.ts";
import { follow } from "../follows/service.ts";
import { touchViewer, VIEWER_TIMEOUT_MS } from "./viewers.ts";
import { getChannelSettings, publicProfile, saveChannelSettings } from "./settings.ts";
import { ensureChannel } from "./own-channel.ts";
import { findChannelByUsername, initChannel, injectionLink, regenerateStreamKey, startStreaming } from "./service.ts";
import { followedStreams, liveStreams, streamOfUsername } from "./streams.ts";

const w = await freshDeps();
const { deps, db } = w;

/** The live flag is the media server's to set (live/live-manager.ts); here it is set as it would. */
async function markLive(channel: Channel): Promise<void> {
  await db.updateTable("channel").set({ is_live: 1 }).where("id", "=", channel.id).execute();
}

const STREAM_KEY = /^live_[\w-]{32}$/;

describe("a channel", () => {
  it("is created once: a second init is refused, and ensureChannel returns the same one", async () => {
    const owner = await w.makeUser();
    const channel = await initChannel(deps, owner);
    expect(await refusal(initChannel(deps, owner))).toEqual({ status: 422, code: "channel_already_created" });
    expect((await ensureChannel(deps, owner)).id).toBe(channel.id);
    expect(await db.selectFrom("channel").select("id").where("user_id", "=", owner.id).execute()).toHaveLength(1);
  });

  it("is made on first use by any streaming call when the web app never called init", async () => {
    const owner = await w.makeUser();
    const channel = await ensureChannel(deps, owner);
    expect(channel).toMatchObject({ user_id: owner.id, is_live: 0, created_at: w.clock.now() });
  });

  it("gets a stream key and a public id that are different, random and not guessable from one another", async () => {
    const [a, b] = [await w.makeChannel(await w.makeUser()), await w.makeChannel(await w.makeUser())];
    for (const channel of [a, b]) {
      expect(channel.stream_key).toMatch(STREAM_KEY);
      expect(channel.public_id).toMatch(/^[0-9a-f]{20}$/);
      expect(channel.stream_key).not.toContain(channel.public_id);
    }
    expect(a.stream_key).not.toBe(b.stream_key);
    expect(a.public_id).not.toBe(b.public_id);
  });
});

describe("the stream key", () => {
  it("is replaced by a new one on regeneration, which hands back the old key for the publisher to be cut off", async () => {
    const owner = await w.makeUser();
    const channel = await w.makeChannel(owner);
    w.clock.advance(60_000);
    const { channel: renewed, previousKey } = await regenerateStreamKey(deps, owner);
    expect(previousKey).toBe(channel.stream_key);
    expect(renewed.stream_key).toMatch(STREAM_KEY);
    expect(renewed.stream_key).not.toBe(channel.stream_key);
    expect([renewed.public_id, renewed.updated_at]).toEqual([channel.public_id, w.clock.now()]);
    expect((await db.selectFrom("channel").select("stream_key").where("id", "=", channel.id).executeTakeFirstOrThrow()).stream_key).toBe(renewed.stream_key);
  });

  it("never appears in what anyone else reads of the channel", async () => {
    const owner = await w.makeUser();
    const channel = await w.makeChannel(owner);
    await startStreaming(deps, owner, { title: "Clé secrète", gameId: 1, description: "", tags: [] });
    await markLive(channel);
    const read = JSON.stringify([await streamOfUsername(deps, owner.username, "en"), await publicProfile(deps, owner.username, undefined), await liveStreams(deps, {}, "en")]);
    expect(read).not.toContain(channel.stream_key);
  });

  it("is announced at the address the user reached the server by", () => {
    expect(injectionLink("192.168.1.20:3000", "http://localhost:3000", 1935)).toBe("rtmp://192.168.1.20:1935/live");
    expect(injectionLink(undefined, "https://arena.example", 1936)).toBe("rtmp://arena.example:1936/live");
    expect(injectionLink("[fe80::1]:3000", "http://localhost", 1935)).toBe("rtmp://[fe80::1]:1935/live");
  });
});

describe("the live's details", () => {
  it("keeps at most 5 distinct, trimmed tags, and refuses a game that does not exist", async () => {
    const owner = await w.makeUser();
    const channel = await startStreaming(deps, owner, { title: "Soirée", gameId: 2, description: "", tags: [" fr ", "fr", "chill", "", "a", "b", "c", "d"] });
    expect(JSON.parse(channel.tags)).toEqual(["fr", "chill", "a", "b", "c"]);
    expect(await refusal(startStreaming(deps, owner, { title: "Soirée", gameId: 999_999, description: "", tags: [] }))).toMatchObject({ status: 404 });
    expect((await ensureChannel(deps, owner)).game_id).toBe(2);
  });

  it("go to the live in progress too, so its replay carries them", async () => {
    const owner = await w.makeUser();
    const channel = await w.makeChannel(owner);
    const session = await db.insertInto("live_session").values({ channel_id: channel.id, started_at: w.clock.now(), recording_dir: "/nowhere" }).returning("id").executeTakeFirstOrThrow();
    await db.updateTable("channel").set({ live_session_id: session.id, is_live: 1 }).where("id", "=", channel.id).execute();
    await startStreaming(deps, owner, { title: "Nouveau titre", gameId: 3, description: "Finale", tags: ["fr"] });
    expect(await db.selectFrom("live_session").select(["title", "game_id", "description", "tags"]).where("id", "=", session.id).executeTakeFirstOrThrow()).toEqual({
      title: "Nouveau titre",
      game_id: 3,
      description: "Finale",
      tags: '["fr"]',
    });
  });
});

describe("lives", () => {
  it("lists only live channels, of a game or a tag, and hides a suspended user's channel and profile", async () => {
    const makeLive = async (title: string, gameId: number, tags: string[]) => {
      const owner = await w.makeUser();
      await startStreaming(deps, owner, { title, gameId, description: "", tags });
      await markLive(await ensureChannel(deps, owner));
      return owner;
    };
    const valorant = await makeLive("Soirée Valorant", 4, ["fr", "Ranked"]);
    await makeLive("Rocket du soir", 6, ["chill"]);
    await startStreaming(deps, await w.makeUser(), { title: "Hors ligne", gameId: 4, description: "", tags: [] });
    const mine = new Set(["Soirée Valorant", "Rocket du soir", "Hors ligne"]);
    const titles = async (filter: { game?: number; tag?: string }) =>
      (await liveStreams(deps, filter, "en"))
        .map((s) => s.title)
        .filter((title) => mine.has(title))
        .sort();
    expect(await titles({})).toEqual(["Rocket du soir", "Soirée Valorant"]);
    expect(await titles({ game: 4 })).toEqual(["Soirée Valorant"]);
    expect(await titles({ tag: "ranked" })).toEqual(["Soirée Valorant"]);

    await db.updateTable("user").set({ suspended_at: w.clock.now() }).where("id", "=", valorant.id).execute();
    expect(await titles({})).toEqual(["Rocket du soir"]);
    expect(await refusal(findChannelByUsername(deps, valorant.username))).toEqual({ status: 404, code: "user_not_found" });
  });

  it("count a viewer until the clock passes the heartbeat timeout, and sort the most watched first", async () => {
    const [quiet, busy] = [await w.makeUser(), await w.makeUser()];
    for (const owner of [quiet, busy]) {
      await startStreaming(deps, owner, { title: `Live de ${owner.username}`, gameId: 1, description: "", tags: [] });
      await markLive(await ensureChannel(deps, owner));
    }
    const arn = async (owner: typeof quiet) => (await ensureChannel(deps, owner)).public_id;
    await touchViewer(deps, await arn(quiet), { id: "visitor:a", address: "10.0.0.1" });
    w.clock.advance(VIEWER_TIMEOUT_MS / 2);
    await touchViewer(deps, await arn(busy), { id: "visitor:b", address: "10.0.0.2" });
    await touchViewer(deps, await arn(busy), { id: "visitor:c", address: "10.0.0.3" });
    const counts = async () => (await liveStreams(deps, {}, "en")).filter((s) => [quiet.username, busy.username].includes(s.username)).map((s) => [s.username, s.viewerCount]);
    expect(await counts()).toEqual([
      [busy.username, 2],
      [quiet.username, 1],
    ]);
    w.clock.advance(VIEWER_TIMEOUT_MS / 2);
    expect(await counts()).toEqual([
      [busy.username, 2],
      [quiet.username, 0],
    ]);
    w.clock.advance(VIEWER_TIMEOUT_MS / 2);
    expect((await counts()).map(([, n]) => n)).toEqual([0, 0]);
  });

  it("followed: live channels first, then the others by name", async () => {
    const viewer = await w.makeUser();
    const [zed, amy, live] = [await w.makeUser({ username: "zed_channel" }), await w.makeUser({ username: "amy_channel" }), await w.makeUser({ username: "mid_live" })];
    for (const owner of [zed, amy, live]) {
      await w.makeChannel(owner);
      await follow(deps, viewer, owner.id);
    }
    await markLive(await ensureChannel(deps, live));
    expect((await followedStreams(deps, viewer.id, "en")).map((s) => [s.username, s.isLive, s.isFollowed])).toEqual([
      ["mid_live", true, true],
      ["amy_channel", false, true],
      ["zed_channel", false, true],
    ]);
  });
});

describe("settings", () => {
  it("change only the fields sent, and an empty string clears one", async () => {
    const owner = await w.makeUser();
    await saveChannelSettings(deps, owner, { paypalme: "arena", twitter: "https://twitter.com/arena", about: "Salut" });
    // Each request reads its user afresh, as the session middleware does.
    const reread = await db.selectFrom("user").selectAll().where("id", "=", owner.id).executeTakeFirstOrThrow();
    const saved = await saveChannelSettings(deps, reread, { twitter: "" });
    expect(saved).toMatchObject({ paypalme: "arena", about: "Salut", social: { twitter: "" } });
    expect(await getChannelSettings(deps, reread)).toMatchObject({ paypalme: saved.paypalme, social: saved.social });
  });
});
