import { afterEach, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Server as Engine } from "@socket.io/bun-engine";
import type pg from "pg";
import { Server } from "socket.io";
import { type Db, databaseHandle, openDatabase } from "../../db/index.ts";
import { createTestDatabase, testDatabaseIsPostgres } from "../../tests/fixtures/database.ts";
import { openSocketAdapter } from "./adapter.ts";

const postgres = testDatabaseIsPostgres();
if (!postgres) console.warn("server/realtime/adapter.test.ts skipped: socket.io's PostgreSQL adapter needs PostgreSQL (ARENA_TEST_POSTGRES)");

let db: Db;
const cleanups: (() => Promise<void>)[] = [];

async function openDb(poolSize?: number): Promise<Db> {
  const folder = mkdtempSync(join(tmpdir(), "arena-adapter-"));
  const database = await createTestDatabase(folder);
  cleanups.push(async () => {
    await database.drop();
    rmSync(folder, { recursive: true, force: true });
  });
  db = await openDatabase(database.target, { poolSize });
  return db;
}

function poolOf(db: Db): pg.Pool {
  const handle = databaseHandle(db);
  if (handle.dialect !== "postgres") throw new Error("a PostgreSQL database was expected");
  return handle.pool;
}

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** socket.io with the adapter and a namespace, which starts the adapter's LISTEN connection. */
async function openRealtime(db: Db) {
  const adapter = await openSocketAdapter(db, undefined, () => undefined);
  const io = new Server({ serveClient: false, adapter: adapter.factory });
  io.bind(new Engine({ path: "/socket.io/" }));
  io.of("/live");
  return { adapter, io };
}

/** As a node's stop does: socket.io first, then what the adapter opened. */
async function close({ adapter, io }: Awaited<ReturnType<typeof openRealtime>>, beforeAdapter: () => void = () => undefined) {
  await new Promise<void>((resolve) => io.close(() => resolve()));
  beforeAdapter();
  await adapter.close();
}

describe.skipIf(!postgres)("socket.io's PostgreSQL adapter", () => {
  it("carries an emit from one node's socket.io to another's on the same database", async () => {
    const first = await openRealtime(await openDb());
    const target = databaseHandle(db);
    if (target.dialect !== "postgres") throw new Error("a PostgreSQL database was expected");
    const secondDb = await openDatabase(target.url);
    const second = await openRealtime(secondDb);
    const heard = new Promise<string>((resolve) => second.io.of("/live").on("greeting", resolve));
    // Until the other node listens, a notification reaches nobody: say it again until it is heard.
    let said = 0;
    while ((await Promise.race([heard, Bun.sleep(50).then(() => undefined)])) === undefined) first.io.of("/live").serverSideEmit("greeting", `bonjour ${++said}`);
    expect(await heard).toStartWith("bonjour");
    await Promise.all([close(first), close(second)]);
    await Promise.all([db.destroy(), secondDb.destroy()]);
  });

  it("gives its connection back when closed while it was still connecting, so the database closes (a node stopped as it started)", async () => {
    // A pool of one, held here: the adapter's borrow waits in the pool's queue until the close has begun.
    const pool = poolOf(await openDb(1));
    const held = await pool.connect();
    const realtime = await openRealtime(db);
    expect(pool.waitingCount).toBeGreaterThan(0);
    await close(realtime, () => held.release());
    // Before the fix, the adapter kept that connection once served, and this waited forever.
    await db.destroy();
    expect(pool.totalCount).toBe(0);
  });

  it("gives its connection back when closed as it asks to LISTEN, and when closed once listening", async () => {
    for (const listening of [false, true]) {
      const pool = poolOf(await openDb());
      const realtime = await openRealtime(db);
      // Borrowed: the adapter is asking to LISTEN on it.
      while (pool.totalCount - pool.idleCount === 0) await Bun.sleep(1);
      if (listening) while ((await pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'LISTEN%'")).rows[0].n === 0) await Bun.sleep(5);
      await close(realtime);
      // Before the fix, closed while its LISTEN was on its way, the adapter kept the connection, and this waited forever.
      await db.destroy();
      expect(pool.totalCount).toBe(0);
    }
  });
});
