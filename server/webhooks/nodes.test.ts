import { describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { CLUSTER_NEEDS_POSTGRES, startTestCluster } from "../../tests/fixtures/cluster-nodes.ts";
import { createTestDatabase, testDatabaseIsPostgres } from "../../tests/fixtures/database.ts";
import { startMainProcess } from "../../tests/fixtures/process.ts";
import { Browser, signedInUser, startTestServer } from "../../tests/fixtures/server.ts";
import { startReceiver } from "../../tests/fixtures/webhook-receiver.ts";
import { deliverDue, RETRY_DELAYS_MS } from "./dispatcher.ts";

// The queue across processes (issue 36, item 1): a node killed in the middle of a try leaves its claim to run out,
// and the next node sends the same delivery (same webhook-id) to the end; two nodes sharing PostgreSQL send each
// event once. The receivers are real HTTP servers on loopback, allowed by the operator's ALLOWED_PRIVATE_ADDRESSES.

const LOOPBACK_ALLOWED = { ALLOWED_PRIVATE_ADDRESSES: "127.0.0.1/32" };

describe("a node killed between tries", () => {
  it("leaves the delivery to the next node, which retries it to one accepted delivery", async () => {
    // Try 1 fails, try 2 never gets its answer (the node is killed while it waits), try 3 fails, try 4 is accepted.
    let hung: (() => void) | undefined;
    const receiver = startReceiver(async (index) => {
      if (index === 1) await new Promise<void>((release) => (hung = release));
      return { status: index < 3 ? 500 : 200 };
    });
    const dataDir = mkdtempSync(join(tmpdir(), "arena-webhook-node-"));
    const database = await createTestDatabase(dataDir);
    const databaseEnv: Record<string, string> = testDatabaseIsPostgres() ? { DATABASE_URL: database.target } : {};
    try {
      const first = await startMainProcess({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, RTMP_PORT: "0", LOG_LEVEL: "error", ...LOOPBACK_ALLOWED, ...databaseEnv });
      const streamer = await signedInUser(first);
      const created = await streamer.browser.post("/api/webhooks", { scope: "channel", url: receiver.url });
      expect(created.status).toBe(201);
      const follower = await signedInUser(first);
      expect((await follower.browser.post("/api/stream/follow", { channelId: streamer.user.id })).status).toBe(200);
      // Try 2 comes 5 s after try 1, and hangs: the node is killed with the delivery claimed.
      await receiver.got(2, RETRY_DELAYS_MS[0]! + 10_000);
      first.child.kill("SIGKILL");
      await first.child.exited;
      hung?.();

      const next = await startTestServer(LOOPBACK_ALLOWED, { dataDir, database: testDatabaseIsPostgres() ? database : undefined });
      try {
        // Its claim still holds: the next node leaves it alone until the claim runs out (a minute).
        expect(await deliverDue(next.deps, Date.now() + 1000)).toBe(0);
        expect(await deliverDue(next.deps, Date.now() + 61_000)).toBe(1);
        expect(await deliverDue(next.deps, Date.now() + 61_000 + RETRY_DELAYS_MS[1]! + 1000)).toBe(1);
        expect(await deliverDue(next.deps, Date.now() + 48 * 3_600_000)).toBe(0);
        // Four requests, one accepted (the second's answer went to a dead node).
        expect(receiver.received.map((request) => request.status)).toEqual([500, 500, 500, 200]);
        expect(new Set(receiver.received.map((request) => request.headers["webhook-id"])).size).toBe(1);
        const login = new Browser(next.url);
        expect((await login.post("/api/auth/login", { login: streamer.account.username, password: streamer.account.password })).status).toBe(200);
        const [delivery] = (await login.get(`/api/webhooks/${created.body.webhook.id}/deliveries`)).body.deliveries;
        // The killed node's try left no line (it never heard back); the next node's two did.
        expect(delivery).toMatchObject({ state: "delivered" });
        expect(delivery.attempts.map((attempt: { status: number | null }) => attempt.status)).toEqual([500, 500, 200]);
      } finally {
        await next.stop();
      }
    } finally {
      hung?.();
      receiver.stop();
      if (testDatabaseIsPostgres()) await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(!testDatabaseIsPostgres())(`two nodes (${testDatabaseIsPostgres() ? "PostgreSQL" : CLUSTER_NEEDS_POSTGRES})`, () => {
  it("deliver each of 40 events once, whichever node takes it", async () => {
    const receiver = startReceiver();
    const cluster = await startTestCluster(2, LOOPBACK_ALLOWED);
    try {
      const [a, b] = cluster.nodes;
      const streamer = await signedInUser(a!);
      const created = await streamer.browser.post("/api/webhooks", { scope: "channel", url: receiver.url });
      expect(created.status).toBe(201);
      // Followers sign in on either node: each node queues the follows it takes, and both dispatchers read the queue.
      await Promise.all(
        Array.from({ length: 40 }, async (_, index) => {
          const fan = await signedInUser(index % 2 ? a! : b!);
          expect((await fan.browser.post("/api/stream/follow", { channelId: streamer.user.id })).status).toBe(200);
        }),
      );
      await receiver.got(40, 20_000);
      // A while more, for a second send of any of them to show.
      await Promise.all([deliverDue(a!.deps), deliverDue(b!.deps)]);
      const ids = receiver.received.map((request) => request.headers["webhook-id"]);
      expect(ids.length).toBe(40);
      expect(new Set(ids).size).toBe(40);
      const followers = receiver.received.map((request) => (new Webhook(created.body.secret).verify(request.body, request.headers) as { data: { follower: string } }).data.follower);
      expect(new Set(followers).size).toBe(40);
    } finally {
      receiver.stop();
      await cluster.stop();
    }
  }, 60_000);
});
