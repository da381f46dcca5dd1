import { describe, expect, it } from "bun:test";
import { CLUSTER_NEEDS_POSTGRES, startTestCluster } from "../../tests/fixtures/cluster-nodes.ts";
import { testDatabaseIsPostgres } from "../../tests/fixtures/database.ts";
import { ADMIN_ENV, adminBrowserOf } from "../../tests/fixtures/money.ts";
import { waitFor } from "../../tests/fixtures/publisher.ts";
import { channelIdOf, signedInUser } from "../../tests/fixtures/server.ts";
import { remoteFollowerRow } from "../../tests/fixtures/fediverse.ts";
import { startReceiver } from "../../tests/fixtures/webhook-receiver.ts";
import { queueForFollowers } from "./delivery-queue.ts";

// The fediverse queue across nodes (issue 38, item 5): two nodes sharing PostgreSQL both see the same posts (a bus
// event reaches one node, but a retried transaction or a second node can queue the same activity again): each
// activity reaches each follower instance's shared inbox once, whichever node claimed it.

const ENV = { ...ADMIN_ENV, FEDERATION_ALLOW_HTTP: "1", ALLOWED_PRIVATE_ADDRESSES: "127.0.0.1/32" };

describe.skipIf(!testDatabaseIsPostgres())(`two nodes (${testDatabaseIsPostgres() ? "PostgreSQL" : CLUSTER_NEEDS_POSTGRES})`, () => {
  it("deliver each of 20 posts once to each of 3 instances' shared inboxes, for their 30 followers", async () => {
    const instances = [startReceiver(() => ({ status: 202 })), startReceiver(() => ({ status: 202 })), startReceiver(() => ({ status: 202 }))];
    const cluster = await startTestCluster(2, ENV);
    try {
      const [a, b] = cluster.nodes;
      const admin = await adminBrowserOf(a!);
      expect((await admin.json("PATCH", "/api/admin/site", { federation: true, federationPublicUrl: a!.url })).status).toBe(200);
      const streamer = await signedInUser(a!);
      expect((await streamer.browser.post("/api/stream/mychannel/init")).status).toBe(201);
      const channel = { type: "channel" as const, id: await channelIdOf(a!, streamer.user.username) };
      // Ten followers on each instance: each has its own inbox, and the instance one shared inbox.
      await a!.deps.db
        .insertInto("federation_follower")
        .values(
          Array.from({ length: 30 }, (_, index) => {
            const instance = new URL(instances[index % 3]!.url).origin;
            return remoteFollowerRow(channel, instance, `fan${index}`, { remote_shared_inbox: `${instance}/inbox`, remote_name: `Fan ${index}`, follow_activity: `${instance}/follows/${index}` });
          }),
        )
        .execute();
      // Each post is queued by both nodes at once, as if both had seen it.
      await Promise.all(
        Array.from({ length: 20 }, (_, index) => {
          const activity = {
            id: `${a!.url}/ap/actors/channel-${channel.id}#create-${index}`,
            type: "Create",
            body: { type: "Create", id: `${a!.url}/ap/actors/channel-${channel.id}#create-${index}` },
          };
          return Promise.all(
            [a!, b!].map(async (node) => {
              await queueForFollowers(node.deps, node.deps.db, channel, activity);
              node.deps.bus.emit("federation:queued", {});
            }),
          );
        }),
      );
      await Promise.all(instances.map((instance) => instance.got(20, 20_000)));
      for (const instance of instances) {
        const ids = instance.received.map((request) => (JSON.parse(request.body) as { id: string }).id);
        expect(instance.received.every((request) => request.path === "/inbox")).toBe(true);
        expect(new Set(ids).size).toBe(20);
        expect(ids.length).toBe(20);
      }
      // The log is written once each answer is back: the last rows may still be on their way.
      const log = () => a!.deps.db.selectFrom("federation_delivery").select(["state"]).execute();
      await waitFor("the log", async () => (await log()).every((row) => row.state === "delivered"));
      expect((await log()).length).toBe(60);
    } finally {
      for (const instance of instances) instance.stop();
      await cluster.stop();
    }
  }, 60_000);
});
