import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { verifyRequest, type Federation } from "@fedify/fedify";
import { createFederation } from "@fedify/testing";
import { Create, Endpoints, Follow, Note, Person, Undo } from "@fedify/vocab";
import { ADMIN_ENV, adminBrowserOf } from "../../tests/fixtures/money.ts";
import { waitFor } from "../../tests/fixtures/publisher.ts";
import { channelIdOf, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { queueActivity } from "./delivery-queue.ts";
import { listenToInbox } from "./inbox.ts";

// Arena's inbox listeners against @fedify/testing's mock federation, with activities shaped as Mastodon documents
// them (docs.joinmastodon.org/spec/activitypub): a Follow gets an Accept whose object is that Follow, sent to the
// follower's own inbox and signed the draft-cavage way Mastodon verifies; an Undo undoes only its own actor's Follow.

const MASTODON = "https://mastodon.example";
let server: TestServer;
let mock: ReturnType<typeof createFederation<Record<string, never>>>;
let streamer: Awaited<ReturnType<typeof signedInUser>>;
let ourActor: URL;

beforeAll(async () => {
  server = await startTestServer({ ...ADMIN_ENV, FEDERATION_ALLOW_HTTP: "1", ALLOWED_PRIVATE_ADDRESSES: "127.0.0.1/32" });
  const admin = await adminBrowserOf(server);
  expect((await admin.json("PATCH", "/api/admin/site", { federation: true, federationPublicUrl: server.url })).status).toBe(200);
  streamer = await signedInUser(server);
  expect((await streamer.browser.post("/api/stream/mychannel/init")).status).toBe(201);
  ourActor = new URL(`/ap/actors/channel-${await channelIdOf(server, streamer.user.username)}`, server.url);
  mock = createFederation<Record<string, never>>({ contextData: {}, origin: server.url });
  listenToInbox(mock as unknown as Federation<void>, server.deps, server.url);
});
afterAll(() => server.stop());

/** A Mastodon account as its actor document describes it (the embedded form Fedify reads without fetching). */
const alice = new Person({
  id: new URL(`${MASTODON}/users/alice`),
  preferredUsername: "alice",
  name: "Alice",
  url: new URL(`${MASTODON}/@alice`),
  inbox: new URL(`${MASTODON}/users/alice/inbox`),
  endpoints: new Endpoints({ sharedInbox: new URL(`${MASTODON}/inbox`) }),
});
const aliceFollow = () => new Follow({ id: new URL(`${MASTODON}/3f1a9c`), actor: alice, object: ourActor });

const deliveries = () => server.deps.db.selectFrom("federation_delivery").selectAll().orderBy("id").execute();
const followers = () => server.deps.db.selectFrom("federation_follower").selectAll().execute();

describe("a Follow from Mastodon", () => {
  it("keeps the follower with its shared inbox and queues an Accept of that very Follow to its own inbox", async () => {
    await mock.receiveActivity(aliceFollow());
    expect(await followers()).toEqual([
      expect.objectContaining({
        remote_actor: `${MASTODON}/users/alice`,
        remote_inbox: `${MASTODON}/users/alice/inbox`,
        remote_shared_inbox: `${MASTODON}/inbox`,
        remote_handle: "@alice@mastodon.example",
        remote_name: "Alice",
        remote_url: `${MASTODON}/@alice`,
        follow_activity: `${MASTODON}/3f1a9c`,
      }),
    ]);
    const [accept] = await deliveries();
    expect(accept).toMatchObject({ activity_type: "Accept", inbox: `${MASTODON}/users/alice/inbox`, state: "pending" });
    const body = JSON.parse(accept!.body);
    expect(body).toMatchObject({ type: "Accept", actor: ourActor.href, object: { type: "Follow", id: `${MASTODON}/3f1a9c`, object: ourActor.href } });
    expect(new URL(body.id).origin).toBe(server.url);
    await server.deps.db.deleteFrom("federation_delivery").execute();
  });

  it("ignores a Follow of an actor that is not Arena's, and an Undo of alice's Follow sent by someone else", async () => {
    await mock.receiveActivity(new Follow({ id: new URL(`${MASTODON}/elsewhere`), actor: alice, object: new URL(`${MASTODON}/users/bob`) }));
    await mock.receiveActivity(new Undo({ id: new URL(`${MASTODON}/undo-bob`), actor: new URL(`${MASTODON}/users/bob`), object: aliceFollow() }));
    expect((await followers()).map((row) => row.remote_actor)).toEqual([`${MASTODON}/users/alice`]);
    expect(await deliveries()).toEqual([]);
  });

  it("lets alice undo her own Follow", async () => {
    await mock.receiveActivity(new Undo({ id: new URL(`${MASTODON}/users/alice#follows/1/undo`), actor: alice.id, object: aliceFollow() }));
    expect(await followers()).toEqual([]);
  });

  it("never notifies anyone of a Create whose Note claims another author", async () => {
    const forged = new Create({
      id: new URL(`${MASTODON}/create-forged`),
      actor: alice.id,
      object: new Note({ id: new URL(`${MASTODON}/notes/9`), attribution: new URL(`${MASTODON}/users/bob`), content: "hi" }),
    });
    await mock.receiveActivity(forged);
    expect(await server.deps.db.selectFrom("notification").select("type").where("type", "like", "fediverse_%").execute()).toEqual([]);
  });
});

describe("what Arena sends", () => {
  it("signs each delivery as Mastodon verifies: (request-target), host, date and digest, with the actor's published key", async () => {
    const received: Request[] = [];
    const inbox = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      // Kept whole while the connection is open: the body cannot be read after the answer.
      fetch: async (request) => {
        received.push(new Request(request.url, { method: "POST", headers: request.headers, body: await request.text() }));
        return new Response(null, { status: 202 });
      },
    });
    try {
      const channel = { type: "channel" as const, id: await channelIdOf(server, streamer.user.username) };
      await queueActivity(server.deps, server.deps.db, channel, { id: `${ourActor.href}#sign-check`, type: "Create", body: { type: "Create", id: `${ourActor.href}#sign-check` } }, [
        `http://127.0.0.1:${inbox.port}/inbox`,
      ]);
      server.deps.bus.emit("federation:queued", {});
      const request = await waitFor("the delivery", () => received[0]);
      const signature = request.headers.get("signature")!;
      expect(signature).toContain(`keyId="${ourActor.href}#main-key"`);
      expect(signature).toContain('algorithm="rsa-sha256"');
      expect(/headers="([^"]+)"/.exec(signature)![1]!.split(" ")).toEqual(expect.arrayContaining(["(request-target)", "host", "date", "digest"]));
      expect(request.headers.get("content-type")).toBe("application/activity+json");
      // Fedify's verifier (the same checks as Mastodon's), reading the key from the actor document Arena serves, with a
      // plain fetch of the test's own (Arena's outbound rule refuses the node's own port, rightly).
      const documentLoader = async (url: string) => ({ contextUrl: null, documentUrl: url, document: await (await fetch(url, { headers: { accept: "application/activity+json" } })).json() });
      const key = await verifyRequest(request, { documentLoader });
      expect(key?.ownerId?.href).toBe(ourActor.href);
    } finally {
      inbox.stop(true);
    }
  });
});
