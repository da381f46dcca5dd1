import { describe, expect, it } from "bun:test";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import type { Channel, User } from "../../db/types.ts";
import { freshDeps, refusal } from "../../tests/fixtures/service-world.ts";
import { touchViewer, viewerCountOf } from "../channels/viewers.ts";
import { eraseAccount } from "../privacy/erase.ts";
import { requestExport } from "../privacy/export.ts";
import { discordBody } from "../webhooks/discord.ts";
import { RAID_COUNTDOWN_SECONDS } from "./schemas.ts";
import { blockRaider, cancelRaid, currentRaid, landOverdueRaids, landRaid, raidSettings, raidTargets, setRaidPolicy, startRaid, unblockRaider } from "./service.ts";

// The raids' rules on the real services and a real database (the service tier): a live is its channel's flag, as the
// live pipeline sets it when ffmpeg publishes (the browser journey, tests/e2e/raids.test.ts, raids between real lives).

const w = await freshDeps();
const { deps, db } = w;

interface Streamer {
  user: User;
  channel: Channel;
}

async function streamer(live = true): Promise<Streamer> {
  const user = await w.makeUser({ role: "streamer" });
  const channel = await w.makeChannel(user);
  if (live) await setLive(channel, true);
  return { user, channel: { ...channel, is_live: live ? 1 : 0 } };
}

async function setLive(channel: Channel, live: boolean): Promise<void> {
  await db
    .updateTable("channel")
    .set({ is_live: live ? 1 : 0 })
    .where("id", "=", channel.id)
    .execute();
}

async function watch(channel: Channel, viewers: number): Promise<void> {
  for (let i = 0; i < viewers; i++) await touchViewer(deps, channel.public_id, { id: `visitor:${channel.id}-${i}`, address: `10.0.${channel.id}.${i}` });
}

async function follow(follower: User, followed: User): Promise<void> {
  await db.insertInto("follow").values({ follower_id: follower.id, followed_id: followed.id, created_at: deps.now() }).execute();
}

/** Lands `source`'s raid once its countdown is over, as its node's timer does. */
async function land(raidId: number): Promise<void> {
  w.clock.advance(RAID_COUNTDOWN_SECONDS * 1000);
  await landRaid(deps, raidId);
}

const stateOf = async (raidId: number) => (await db.selectFrom("raid").select("state").where("id", "=", raidId).executeTakeFirstOrThrow()).state;

describe("starting a raid", () => {
  it("refuses a streamer who is not live, a target offline, unknown, or their own channel", async () => {
    const offline = await streamer(false);
    const target = await streamer();
    expect(await refusal(startRaid(deps, offline.user, { target: target.user.username }))).toEqual({ status: 400, code: "raid_not_live" });
    const source = await streamer();
    const asleep = await streamer(false);
    expect(await refusal(startRaid(deps, source.user, { target: asleep.user.username }))).toEqual({ status: 400, code: "raid_target_offline" });
    expect(await refusal(startRaid(deps, source.user, { target: "nobody_here" }))).toEqual({ status: 404, code: "raid_target_not_found" });
    expect(await refusal(startRaid(deps, source.user, { target: source.user.username }))).toEqual({ status: 400, code: "raid_self" });
  });

  it("follows the target's policy: everyone, the channels it follows, no one", async () => {
    const source = await streamer();
    const target = await streamer();
    expect((await raidSettings(deps, target.user)).policy).toBe("everyone");
    await setRaidPolicy(deps, target.user, "nobody");
    expect(await refusal(startRaid(deps, source.user, { target: target.user.username }))).toEqual({ status: 403, code: "raid_refused" });
    await setRaidPolicy(deps, target.user, "followed");
    expect(await refusal(startRaid(deps, source.user, { target: target.user.username }))).toEqual({ status: 403, code: "raid_refused_followed" });
    await follow(target.user, source.user);
    const raid = await startRaid(deps, source.user, { target: target.user.username });
    expect(raid).toMatchObject({ target: { username: target.user.username }, seconds: RAID_COUNTDOWN_SECONDS });
    await cancelRaid(deps, source.user);
  });

  it("refuses a blocked channel, and takes it again once unblocked", async () => {
    const source = await streamer();
    const target = await streamer();
    expect((await blockRaider(deps, target.user, source.user.username)).blocked).toEqual([{ username: source.user.username, avatar: null }]);
    expect(await refusal(blockRaider(deps, target.user, target.user.username))).toEqual({ status: 400, code: "raid_block_self" });
    expect(await refusal(startRaid(deps, source.user, { target: target.user.username }))).toEqual({ status: 403, code: "raid_blocked" });
    expect((await unblockRaider(deps, target.user, source.user.username)).blocked).toEqual([]);
    await startRaid(deps, source.user, { target: target.user.username });
    await cancelRaid(deps, source.user);
  });

  it("refuses a second raid while one counts down, and allows one after a cancel", async () => {
    const source = await streamer();
    const [first, second] = [await streamer(), await streamer()];
    const raid = await startRaid(deps, source.user, { target: first.user.username });
    expect(await currentRaid(deps, source.user)).toEqual(raid);
    expect(await refusal(startRaid(deps, source.user, { target: second.user.username }))).toEqual({ status: 409, code: "raid_under_way" });
    const cancelled = deps.bus.next("raid:cancelled", (e) => e.raidId === raid.id);
    await cancelRaid(deps, source.user);
    expect(await cancelled).toEqual({ raidId: raid.id, channelArn: source.channel.public_id });
    expect(await currentRaid(deps, source.user)).toBeNull();
    expect(await cancelRaid(deps, source.user)).toBe(false);
    // A cancelled raid never lands, even when its timer fires.
    await land(raid.id);
    expect(await stateOf(raid.id)).toBe("cancelled");
    await startRaid(deps, source.user, { target: second.user.username });
    await cancelRaid(deps, source.user);
  });
});

describe("a raid landing", () => {
  it("tells the source's viewers, then the target's chat, overlays and webhooks; the target's viewer count stays its own", async () => {
    const source = await streamer();
    const target = await streamer();
    await watch(source.channel, 3);
    await watch(target.channel, 2);
    await db
      .insertInto("webhook")
      .values({
        scope: "channel",
        scope_id: target.channel.id,
        created_by: target.user.id,
        url: "https://hooks.example.test/raids",
        format: "standard",
        events: JSON.stringify(["raid"]),
        secret: "whsec_test",
        created_at: deps.now(),
        updated_at: deps.now(),
      })
      .execute();
    const started = deps.bus.next("raid:started");
    const raid = await startRaid(deps, source.user, { target: target.user.username });
    expect(raid.viewers).toBe(3);
    expect(await started).toMatchObject({ raidId: raid.id, channelArn: source.channel.public_id, target: target.user.username, seconds: 10 });
    const arrived = deps.bus.next("raid:arrived");
    const line = deps.bus.next("chat:message", (e) => e.streamID === target.channel.public_id);
    await land(raid.id);
    expect(await arrived).toEqual({ channelId: target.channel.id, fromUsername: source.user.username, fromDisplayName: source.user.username, viewers: 3 });
    const { message } = await line;
    expect(message.system).toEqual({ key: "raid_arrived", params: { from: source.user.username, count: 3 } });
    expect(message.message).toBe(`${source.user.username} arrive avec 3 spectateurs`);
    const delivery = await db.selectFrom("webhook_delivery").select(["event_type", "payload"]).where("event_type", "=", "raid").executeTakeFirstOrThrow();
    expect(JSON.parse(delivery.payload).data).toMatchObject({ username: target.user.username, raider: source.user.username, viewers: 3 });
    // A Discord webhook says it in its language.
    expect(JSON.parse(discordBody(delivery.payload, "fr")).content).toBe(`Raid de ${source.user.username} sur la chaîne de ${target.user.username} (spectateurs : 3)`);
    expect(JSON.parse(discordBody(delivery.payload, "en")).content).toBe(`${source.user.username} raided ${target.user.username}'s channel (viewers: 3)`);
    expect(await stateOf(raid.id)).toBe("landed");
    // Raid counts are not viewers: only the two watching the target count until the raiders arrive and watch.
    expect(await viewerCountOf(deps, target.channel.id)).toBe(2);
  });

  it("says one viewer in the singular, and fails when the target went offline meanwhile", async () => {
    const source = await streamer();
    const target = await streamer();
    await watch(source.channel, 1);
    const raid = await startRaid(deps, source.user, { target: target.user.username });
    const line = deps.bus.next("chat:message", (e) => e.streamID === target.channel.public_id);
    await land(raid.id);
    expect((await line).message.message).toBe(`${source.user.username} arrive avec 1 spectateur`);

    const gone = await streamer();
    const second = await startRaid(deps, source.user, { target: gone.user.username });
    await setLive(gone.channel, false);
    const cancelled = deps.bus.next("raid:cancelled", (e) => e.raidId === second.id);
    await land(second.id);
    await cancelled;
    expect(await stateOf(second.id)).toBe("failed");
  });
});

describe("a raid whose node stopped during its countdown", () => {
  it("is landed by the site's sweep once overdue, once, and not before its time", async () => {
    const [source, target] = [await streamer(), await streamer()];
    const raid = await startRaid(deps, source.user, { target: target.user.username });
    expect(await landOverdueRaids(deps)).toBe(0);
    w.clock.advance(RAID_COUNTDOWN_SECONDS * 1000);
    // Its own node lands it now: the sweep leaves it a little longer.
    expect(await landOverdueRaids(deps)).toBe(0);
    w.clock.advance(5000);
    const arrived = deps.bus.next("raid:arrived", (event) => event.channelId === target.channel.id);
    expect(await landOverdueRaids(deps)).toBe(1);
    expect((await arrived).fromUsername).toBe(source.user.username);
    expect(await stateOf(raid.id)).toBe("landed");
    expect(await landOverdueRaids(deps)).toBe(0);
  });
});

describe("raid suggestions", () => {
  it("put the next streamed match of the streamer's tournament first, then the followed lives, leaving out who refuses", async () => {
    const source = await streamer();
    const [onMatch, freeStation, followed, refusing, offlineFollowed] = [await streamer(), await streamer(), await streamer(), await streamer(), await streamer(false)];
    const tournamentId = await w.makeTournament(source.user, { tournamentName: "Coupe des raids" });
    const station = (name: string, streamerId: number, match: number | null) => ({
      tournament_id: tournamentId,
      name,
      streamer_id: streamerId,
      requested_streamer_id: null,
      match_id: match,
      assigned_at: match === null ? null : deps.now(),
      created_at: deps.now(),
    });
    await db
      .insertInto("tournament_station")
      .values([station("Poste 1", source.user.id, 1), station("Poste 3", freeStation.user.id, null), station("Poste 2", onMatch.user.id, 2)])
      .execute();
    for (const member of [followed, refusing, offlineFollowed, onMatch]) await follow(source.user, member.user);
    await setRaidPolicy(deps, refusing.user, "nobody");
    await watch(followed.channel, 1);
    const targets = await raidTargets(deps, source.user);
    expect(targets.map((t) => [t.username, t.reason])).toEqual([
      [onMatch.user.username, "tournament"],
      [freeStation.user.username, "tournament"],
      [followed.user.username, "followed"],
    ]);
    expect(targets[0]!.tournament).toEqual({ name: "Coupe des raids", station: "Poste 2" });
    expect(targets[2]!.viewerCount).toBe(1);
    // A search finds any live by name, the caller's own aside.
    expect((await raidTargets(deps, source.user, followed.user.username.toUpperCase())).map((t) => t.username)).toEqual([followed.user.username]);
    expect(await raidTargets(deps, source.user, source.user.username)).toEqual([]);
  });
});

describe("a member's data", () => {
  it("exports their raid settings and the raids they sent and received", async () => {
    const source = await streamer();
    const target = await streamer();
    await blockRaider(deps, source.user, target.user.username);
    const raid = await startRaid(deps, target.user, { target: (await streamer()).user.username });
    await land(raid.id);
    const sent = await startRaid(deps, source.user, { target: target.user.username });
    await land(sent.id);
    const { row, done } = await requestExport(deps, source.user, "en");
    await done;
    const ready = await db.selectFrom("data_export").select("file").where("id", "=", row.id).executeTakeFirstOrThrow();
    const zip = unzipSync(new Uint8Array(await Bun.file(join(deps.config.mediaDir, ready.file!)).arrayBuffer()));
    const raids = JSON.parse(strFromU8(zip["raids.json"]!));
    expect(raids.blocked.map((b: { channel: string }) => b.channel)).toEqual([target.user.username]);
    expect(raids.sent).toEqual([expect.objectContaining({ channel: target.user.username, viewers: 0, state: "landed" })]);
    expect(raids.received).toEqual([]);
  });
});

describe("erasing an account", () => {
  it("removes its raid settings, its blocks and the raids it sent with their chat lines", async () => {
    const source = await streamer();
    const target = await streamer();
    await setRaidPolicy(deps, source.user, "followed");
    await blockRaider(deps, source.user, (await streamer()).user.username);
    const raid = await startRaid(deps, source.user, { target: target.user.username });
    await land(raid.id);
    await eraseAccount(deps, source.user);
    expect(await db.selectFrom("raid").select("id").where("from_channel_id", "=", source.channel.id).execute()).toEqual([]);
    expect(await db.selectFrom("raid_block").select("id").where("channel_id", "=", source.channel.id).execute()).toEqual([]);
    expect(await db.selectFrom("chat_message").select("id").where("dedupe_key", "=", `raid:${raid.id}`).execute()).toEqual([]);
    expect((await db.selectFrom("channel").select("raid_policy").where("id", "=", source.channel.id).executeTakeFirstOrThrow()).raid_policy).toBe("everyone");
  });
});
