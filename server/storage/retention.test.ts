import { describe, expect, it } from "bun:test";
import { existsSync, mkdirSync, truncateSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Channel } from "../../db/types.ts";
import { filesUnder } from "../../tests/fixtures/disk.ts";
import { freshDeps, refusal } from "../../tests/fixtures/service-world.ts";
import { pinReplay } from "../replays/service.ts";
import { updatePolicy } from "./policy.ts";
import { applyRetentionWhenDue, SYSTEM_ACTOR } from "./retention.ts";
import { runRetentionNow, storageOverview } from "./service.ts";

const w = await freshDeps();
const { deps, db, clock } = w;
const DAY = 24 * 3_600_000;
const MB = 1000 ** 2;
const GB = 1024 ** 3;
const log: string[] = [];
/** The replays a run removed, or null when the day's run was already done. */
const run = async () => (await applyRetentionWhenDue(deps, (line) => log.push(line)))?.removed ?? null;
const recordings = join(deps.config.mediaDir, "recordings");
const admin = await w.makeAdmin();
const keep = (policy: { keep: "forever" | "days" | "size"; keepDays?: number; maxRecordingsGb?: number }) =>
  updatePolicy(deps, admin, { keepDays: null, maxRecordingsGb: null, minFreeGb: 2, minFreePercent: 5, ...policy });

/**
 * A replay as a finished live leaves it, `daysOld` days before the clock's now: its MP4, thumbnail and the recording
 * part it was made from are files that take `bytes` together on disk (the MP4 holds what the two small ones leave).
 */
async function replayOf(channel: Channel, daysOld: number, options: { bytes?: number; pinned?: boolean; deleted?: boolean } = {}) {
  const id = await w.makeReplay(channel, { title: `${daysOld} days old`, deleted: options.deleted });
  const row = await db.selectFrom("replay").select(["file_path", "live_session_id"]).where("id", "=", id).executeTakeFirstOrThrow();
  const partsDir = join(recordings, String(channel.id), `session-${row.live_session_id}`);
  const files = [join(recordings, row.file_path!), join(recordings, `${id}.jpg`), join(partsDir, "part-0001.flv")];
  for (const file of files) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, "recorded");
  }
  truncateSync(files[0]!, (options.bytes ?? MB) - 2 * "recorded".length);
  await db.updateTable("live_session").set({ recording_dir: partsDir }).where("id", "=", row.live_session_id).execute();
  await db
    .updateTable("replay")
    .set({ created_at: clock.now() - daysOld * DAY, file_size: options.bytes ?? MB, thumbnail_path: `${id}.jpg`, pinned_at: options.pinned ? clock.now() : null })
    .where("id", "=", id)
    .execute();
  return { id, files };
}

/** Read from the tables, apart from the job: which replays are left, and what the audit log says the system removed. */
const remainingIds = async () => (await db.selectFrom("replay").select("id").orderBy("id").execute()).map((row) => row.id);
const auditedRemovals = async () =>
  (await db.selectFrom("audit_log").select(["target_id", "actor_id"]).where("action", "=", "replay.retention").orderBy("id").execute()).map((row) => ({
    id: Number(row.target_id),
    actor: row.actor_id,
  }));

async function emptyRecordings() {
  await db.deleteFrom("audit_log").execute();
  await db.deleteFrom("replay").execute();
  // The next run may happen at once: the daily claim starts over.
  await db.updateTable("storage_policy").set({ last_run_at: null }).execute();
}

describe("the retention job", () => {
  it("keeps everything by default", async () => {
    const channel = await w.makeChannel(await w.makeUser({ role: "streamer" }));
    const old = await replayOf(channel, 3650);
    expect(await run()).toEqual([]);
    expect(await remainingIds()).toContain(old.id);
    expect(old.files.every((file) => existsSync(file))).toBe(true);
    await emptyRecordings();
  });

  it("N days: removes exactly the unpinned replays older than N days, files and rows, and audits each as the system", async () => {
    const streamer = await w.makeUser({ role: "streamer" });
    const channel = await w.makeChannel(streamer);
    const made = [
      await replayOf(channel, 40),
      await replayOf(channel, 31),
      await replayOf(channel, 45, { deleted: true }),
      await replayOf(channel, 60, { pinned: true }),
      await replayOf(channel, 29),
      await replayOf(channel, 1),
    ];
    await keep({ keep: "days", keepDays: 30 });
    // Computed here from the rows, not by the job's own rule: older than 30 days and not pinned.
    const cutoff = clock.now() - 30 * DAY;
    const rows = await db.selectFrom("replay").select(["id", "created_at", "pinned_at"]).execute();
    const expected = rows.filter((row) => Number(row.created_at) < cutoff && row.pinned_at === null).map((row) => row.id);
    expect(expected).toHaveLength(3);

    const removed = await run();
    expect(removed!.map((replay) => replay.id).sort()).toEqual([...expected].sort());
    expect(await remainingIds()).toEqual(
      rows
        .map((row) => row.id)
        .filter((id) => !expected.includes(id))
        .sort((a, b) => a - b),
    );
    for (const replay of made) for (const file of replay.files) expect([replay.id, existsSync(file)]).toEqual([replay.id, !expected.includes(replay.id)]);
    expect((await auditedRemovals()).sort((a, b) => a.id - b.id)).toEqual(expected.sort((a, b) => a - b).map((id) => ({ id, actor: SYSTEM_ACTOR.id })));
    expect(log.at(-1)).toContain("removed 3 replay(s)");
    await emptyRecordings();
  });

  it("runs once a day, whatever the number of asks", async () => {
    const channel = await w.makeChannel(await w.makeUser({ role: "streamer" }));
    await keep({ keep: "days", keepDays: 2 });
    expect(await run()).toEqual([]);
    const young = await replayOf(channel, 1.5);
    clock.advance(DAY / 2);
    // Two days old by now, but the day's run is done: nothing happens before the next day.
    expect(await run()).toBeNull();
    clock.advance(DAY / 2);
    expect((await run())!.map((replay) => replay.id)).toEqual([young.id]);
    await emptyRecordings();
  });

  it("X GB: removes the oldest unpinned replays until the recordings fit, never a pinned one", async () => {
    const channel = await w.makeChannel(await w.makeUser({ role: "streamer" }));
    const pinned = await replayOf(channel, 50, { bytes: 60 * MB, pinned: true });
    const a = await replayOf(channel, 40, { bytes: 40 * MB });
    const b = await replayOf(channel, 30, { bytes: 40 * MB, deleted: true });
    const c = await replayOf(channel, 20, { bytes: 40 * MB });
    const d = await replayOf(channel, 10, { bytes: 40 * MB });
    await keep({ keep: "size", maxRecordingsGb: 0.1 });

    const removed = await run();
    expect(removed!.map((replay) => replay.id)).toEqual([a.id, b.id, c.id]);
    expect(await remainingIds()).toEqual([pinned.id, d.id]);
    expect(filesUnder(recordings)).toBeLessThanOrEqual(0.1 * GB);
    for (const replay of [a, b, c]) for (const file of replay.files) expect(existsSync(file)).toBe(false);
    for (const replay of [pinned, d]) for (const file of replay.files) expect(existsSync(file)).toBe(true);
    expect((await auditedRemovals()).map((entry) => entry.id)).toEqual([a.id, b.id, c.id]);
    await emptyRecordings();
  });

  it("X GB: pinned replays alone over the limit stay, and so does every other one it would take to go below", async () => {
    const channel = await w.makeChannel(await w.makeUser({ role: "streamer" }));
    const first = await replayOf(channel, 9, { bytes: 80 * MB, pinned: true });
    const second = await replayOf(channel, 8, { bytes: 80 * MB, pinned: true });
    const loose = await replayOf(channel, 1, { bytes: 10 * MB });
    await keep({ keep: "size", maxRecordingsGb: 0.1 });
    expect((await run())!.map((replay) => replay.id)).toEqual([loose.id]);
    expect(await remainingIds()).toEqual([first.id, second.id]);
    await emptyRecordings();
  });
});

describe('an admin\'s "Apply now" (issue 34, item 12)', () => {
  it("runs the policy at once, names what went with its channel, counts as the day's run, and the log names the admin", async () => {
    const streamer = await w.makeUser({ role: "streamer" });
    const channel = await w.makeChannel(streamer);
    const old = await replayOf(channel, 40, { bytes: 3 * MB });
    const young = await replayOf(channel, 2);
    await keep({ keep: "days", keepDays: 30 });
    for (const role of ["viewer", "streamer", "moderator"] as const) expect(await refusal(runRetentionNow(deps, await w.makeUser({ role })))).toMatchObject({ status: 403 });
    expect(await remainingIds()).toContain(old.id);

    const applied = await runRetentionNow(deps, admin);

    expect(applied.removed).toEqual([{ id: old.id, title: "40 days old", username: streamer.username, bytes: 3 * MB, createdAt: new Date(clock.now() - 40 * DAY).toISOString(), rule: "days" }]);
    expect(await remainingIds()).toEqual([young.id]);
    expect(await auditedRemovals()).toEqual([{ id: old.id, actor: admin.id }]);
    // The daily job does not run again the same day.
    expect(await run()).toBeNull();
    expect((await storageOverview(deps, admin)).recordings.onDiskBytes).toBe(filesUnder(recordings));
    await emptyRecordings();
  });
});

describe("who sets the policy and pins", () => {
  it("refuses a member and a moderator the policy, and audits an admin's change", async () => {
    for (const role of ["viewer", "streamer", "moderator"] as const) {
      expect(await refusal(updatePolicy(deps, await w.makeUser({ role }), { keep: "forever", keepDays: null, maxRecordingsGb: null, minFreeGb: 1, minFreePercent: 1 }))).toMatchObject({ status: 403 });
    }
    await keep({ keep: "days", keepDays: 7 });
    const entry = await db.selectFrom("audit_log").selectAll().where("action", "=", "storage.policy").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect([entry.actor_id, JSON.parse(entry.after!).keep, JSON.parse(entry.after!).keepDays]).toEqual([admin.id, "days", 7]);
  });

  it("lets the streamer pin their own replay and an admin any, nobody else", async () => {
    const streamer = await w.makeUser({ role: "streamer" });
    const id = await w.makeReplay(await w.makeChannel(streamer));
    const pinnedAt = async () => (await db.selectFrom("replay").select("pinned_at").where("id", "=", id).executeTakeFirstOrThrow()).pinned_at;
    for (const role of ["viewer", "streamer", "moderator"] as const) expect(await refusal(pinReplay(deps, id, await w.makeUser({ role }), true))).toMatchObject({ status: 403 });
    expect(await pinnedAt()).toBeNull();
    await pinReplay(deps, id, streamer, true);
    expect(await pinnedAt()).toBe(clock.now());
    await pinReplay(deps, id, admin, false);
    expect(await pinnedAt()).toBeNull();
    const audit = await db.selectFrom("audit_log").select(["actor_id", "action"]).where("target_type", "=", "replay").where("target_id", "=", String(id)).execute();
    expect(audit).toEqual([{ actor_id: admin.id, action: "replay.unpin" }]);
  });
});
