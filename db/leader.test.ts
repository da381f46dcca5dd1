import { afterEach, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLUSTER_NEEDS_POSTGRES } from "../tests/fixtures/cluster-nodes.ts";
import { createTestDatabase, testDatabaseIsPostgres } from "../tests/fixtures/database.ts";
import { waitFor } from "../tests/fixtures/publisher.ts";
import pg from "pg";
import { type Db, openDatabase } from "./index.ts";
import { type Leadership, openLeadership, SITE_LEADER_LOCK } from "./leader.ts";

const RETRY_MS = 100;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database and `count` nodes' connections to it, each with its own bid for the lead. */
async function nodesOnOneDatabase(count: number): Promise<{ db: Db; leadership: Leadership; url: string }[]> {
  const folder = mkdtempSync(join(tmpdir(), "arena-leader-"));
  const database = await createTestDatabase(folder);
  cleanups.push(async () => {
    await database.drop();
    rmSync(folder, { recursive: true, force: true });
  });
  const nodes = [];
  for (let index = 0; index < count; index++) {
    const db = await openDatabase(database.target, { poolSize: 2 });
    const leadership = await openLeadership(db, { retryMs: RETRY_MS });
    cleanups.push(async () => {
      await leadership.close();
      await db.destroy();
    });
    nodes.push({ db, leadership, url: database.target });
  }
  return nodes;
}

const leaders = (nodes: { leadership: Leadership }[]) => nodes.filter((node) => node.leadership.isLeader());

describe("site leader on SQLite", () => {
  it.skipIf(testDatabaseIsPostgres())("is the one process, always", async () => {
    const [node] = await nodesOnOneDatabase(1);
    expect(node!.leadership.isLeader()).toBe(true);
  });
});

const onPostgres = testDatabaseIsPostgres();
describe.skipIf(!onPostgres)(onPostgres ? "site leader on PostgreSQL" : `site leader on PostgreSQL — skipped: ${CLUSTER_NEEDS_POSTGRES}`, () => {
  it("is exactly one of two nodes; when it stops, the other takes the lead", async () => {
    const nodes = await nodesOnOneDatabase(2);
    expect(leaders(nodes)).toEqual([nodes[0]!]);
    await nodes[0]!.leadership.close();
    await waitFor("the second node to lead", () => nodes[1]!.leadership.isLeader());
    expect(nodes[0]!.leadership.isLeader()).toBe(false);
  });

  it("stops leading as soon as the connection holding the lock dies, and a node takes the lead once it is free", async () => {
    const nodes = await nodesOnOneDatabase(2);
    const [first] = leaders(nodes);
    // What a crashed machine or a cut network leaves: PostgreSQL ends the session that held the lock,
    // and another session (standing for a faster node) takes the lock before either node retries.
    const rival = new pg.Client({ connectionString: nodes[0]!.url });
    await rival.connect();
    cleanups.push(() => rival.end().catch(() => undefined));
    // Only this test's database: other files share the cluster, and a migration holds an advisory lock too (a
    // template being migrated beside this test was cut off when every advisory lock of the cluster was).
    await rival.query(
      "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid() AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
    );
    await waitFor("the rival to take the lock", async () => (await rival.query("SELECT pg_try_advisory_lock($1) AS locked", [SITE_LEADER_LOCK])).rows[0].locked, 5000, 5);
    await waitFor("the old leader to see it lost the lead", () => !first!.leadership.isLeader());
    expect(leaders(nodes)).toEqual([]);
    await rival.end();
    await waitFor("a node to lead again", () => leaders(nodes).length === 1);
  });
});
