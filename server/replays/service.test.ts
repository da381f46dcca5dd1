import { describe, expect, it } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { freshDeps, refusal } from "../../tests/fixtures/service-world.ts";
import { allReplays, deleteReplay, getReplay, myReplays, restoreReplay } from "./service.ts";

const w = await freshDeps();
const { deps, db } = w;
const page = { page: 1, limit: 50 };

async function ownerWithChannel() {
  const owner = await w.makeUser();
  return { owner, channel: await w.makeChannel(owner) };
}

const ids = (answer: { replays: { id: number }[] }) => answer.replays.map((replay) => replay.id);
const deletedAt = async (id: number) => (await db.selectFrom("replay").select("deleted_at").where("id", "=", id).executeTakeFirst())?.deleted_at;

describe("who sees a replay", () => {
  it("lists ready replays newest first; a processing, failed or deleted one is left out", async () => {
    const { owner, channel } = await ownerWithChannel();
    const older = await w.makeReplay(channel, { title: "Quart de finale" });
    w.clock.advance(60_000);
    const newer = await w.makeReplay(channel, { title: "Finale" });
    const processing = await w.makeReplay(channel, { status: "processing" });
    const failed = await w.makeReplay(channel, { status: "failed" });
    await w.makeReplay(channel, { deleted: true });
    expect(ids(await allReplays(deps, page, { username: owner.username.toUpperCase() }))).toEqual([newer, older]);
    // The owner's own list shows what is still being made, not what they deleted.
    expect(ids(await myReplays(deps, owner, page))).toEqual([failed, processing, newer, older]);
  });

  it("hides every replay of a suspended user from the public lists", async () => {
    const { owner, channel } = await ownerWithChannel();
    await w.makeReplay(channel);
    await db.updateTable("user").set({ suspended_at: w.clock.now() }).where("id", "=", owner.id).execute();
    expect((await allReplays(deps, page, { username: owner.username })).replays).toEqual([]);
  });

  it("pages the list: the limit, then hasMore until the last page", async () => {
    const { owner, channel } = await ownerWithChannel();
    const made: number[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(await w.makeReplay(channel));
      w.clock.advance(1000);
    }
    const first = await allReplays(deps, { page: 1, limit: 2 }, { username: owner.username });
    const last = await allReplays(deps, { page: 3, limit: 2 }, { username: owner.username });
    expect([ids(first), first.pagination.hasMore]).toEqual([[made[4]!, made[3]!], true]);
    expect([ids(last), last.pagination.hasMore]).toEqual([[made[0]!], false]);
  });

  it("counts a view on each read, from the count the table holds", async () => {
    const { channel } = await ownerWithChannel();
    const id = await w.makeReplay(channel);
    await getReplay(deps, id, undefined);
    const second = await getReplay(deps, id, undefined);
    const stored = await db.selectFrom("replay").select("view_count").where("id", "=", id).executeTakeFirstOrThrow();
    expect([second.viewCount, stored.view_count]).toEqual([2, 2]);
  });
});

describe("deleting a replay", () => {
  it("is soft for the owner: gone for everyone but admins, kept in the database with the clock's time", async () => {
    const { owner, channel } = await ownerWithChannel();
    const id = await w.makeReplay(channel);
    await deleteReplay(deps, id, owner, false);
    expect(await deletedAt(id)).toBe(w.clock.now());
    expect(ids(await myReplays(deps, owner, page))).not.toContain(id);
    expect(await refusal(getReplay(deps, id, owner))).toEqual({ status: 404, code: "replay_not_found" });
    expect((await getReplay(deps, id, await w.admin())).deleted).toBe(true);
    // A second delete by the owner finds nothing to delete.
    expect(await refusal(deleteReplay(deps, id, owner, false))).toEqual({ status: 404, code: "replay_not_found" });
  });

  it("is refused to anyone but the owner and admins, and the hard delete to the owner", async () => {
    const { owner, channel } = await ownerWithChannel();
    const id = await w.makeReplay(channel);
    expect(await refusal(deleteReplay(deps, id, await w.makeUser(), false))).toEqual({ status: 403, code: "forbidden" });
    expect(await refusal(deleteReplay(deps, id, owner, true))).toEqual({ status: 403, code: "forbidden" });
    expect(await deletedAt(id)).toBeNull();
    expect(await refusal(deleteReplay(deps, 999_999, owner, false))).toEqual({ status: 404, code: "replay_not_found" });
  });

  it("is hard for an admin who asks: the row and the files go", async () => {
    const { channel } = await ownerWithChannel();
    const filePath = `${channel.id}/hard.mp4`;
    const file = join(deps.config.dataDir, "recordings", filePath);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, "mp4");
    const id = await w.makeReplay(channel, { filePath });
    await deleteReplay(deps, id, await w.admin(), true);
    expect(await deletedAt(id)).toBeUndefined();
    expect(existsSync(file)).toBe(false);
  });

  it("can be undone by an admin only", async () => {
    const { owner, channel } = await ownerWithChannel();
    const id = await w.makeReplay(channel, { deleted: true });
    expect(await refusal(restoreReplay(deps, id, owner))).toEqual({ status: 403, code: "forbidden" });
    expect((await restoreReplay(deps, id, await w.admin())).deleted).toBe(false);
    expect(ids(await myReplays(deps, owner, page))).toEqual([id]);
    expect(await refusal(restoreReplay(deps, 999_999, await w.admin()))).toEqual({ status: 404, code: "replay_not_found" });
  });
});
