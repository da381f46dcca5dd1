import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, type DbOrTransaction, dialectOf, openDatabase } from "../db/index.ts";
import { createTestDatabase, type TestDatabase } from "./fixtures/database.ts";
import { diff, snapshot, writeMark } from "./fixtures/db-state.ts";

/**
 * The database pictures the fuzz and the authorization test compare: on PostgreSQL a picture is given again while no
 * transaction wrote since it (fixtures/db-state.ts). These prove that any write, even one begun before the last
 * picture and committed after it, is seen.
 */
let dataDir: string;
let database: TestDatabase;
let db: Db;
let settings = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "arena-db-state-"));
  database = await createTestDatabase(dataDir);
  db = await openDatabase(database.target);
});

afterAll(async () => {
  await db.destroy();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function setting(into: DbOrTransaction = db) {
  return into.insertInto("site_setting").values({ key: `picture-test-${++settings}`, value: "on", updated_at: 1, updated_by: null });
}

describe("a database picture", () => {
  it("stays the same while nothing is written, and is given again on PostgreSQL while no transaction wrote", async () => {
    const markBefore = await writeMark(db);
    const first = await snapshot(db);
    await db.selectFrom("site_setting").selectAll().execute();
    const second = await snapshot(db);
    const markAfter = await writeMark(db);
    expect(diff(first, second)).toEqual([]);
    // The mark is the cluster's: another test file writing its own database beside this one changes it too (a run
    // beside stress-ng showed it), and then the picture is rightly taken anew. Equal marks around both pictures mean
    // no transaction ended in between (the highest ended id only grows), so the first picture must be given again.
    if (dialectOf(db) === "postgres" && markBefore === markAfter) expect(second).toBe(first);
  });

  it("shows a row written since the last picture", async () => {
    const before = await snapshot(db);
    await setting().execute();
    expect(diff(before, await snapshot(db))).toEqual([{ table: "site_setting", change: "added", row: expect.objectContaining({ key: `picture-test-${settings}` }) }]);
  });

  it("shows a row written by a transaction that began before the last picture and committed after it, a later one first", async () => {
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let written!: () => void;
    const writtenInside = new Promise<void>((resolve) => {
      written = resolve;
    });
    const transaction = db.transaction().execute(async (trx) => {
      await setting(trx).execute();
      written();
      await committed;
    });
    await writtenInside;
    const slowKey = `picture-test-${settings}`;
    // SQLite has one writer: a second write, and the picture, wait for the transaction there, so they come after it.
    // On PostgreSQL a later transaction commits first; the picture then sees its row, not the slow one's.
    let during: Awaited<ReturnType<typeof snapshot>> | undefined;
    if (dialectOf(db) === "postgres") {
      await setting().execute();
      during = await snapshot(db);
    }
    commit();
    await transaction;
    const after = await snapshot(db);
    expect(after.get("site_setting")!.some((line) => line.includes(slowKey))).toBe(true);
    if (during) expect(diff(during, after).map((change) => change.row.key)).toEqual([slowKey]);
  });

  it("shows a deleted row as removed", async () => {
    await setting().execute();
    const before = await snapshot(db);
    await db.deleteFrom("site_setting").where("key", "=", `picture-test-${settings}`).execute();
    expect(diff(before, await snapshot(db))).toEqual([{ table: "site_setting", change: "removed", row: expect.objectContaining({ key: `picture-test-${settings}` }) }]);
  });
});
