import { afterAll, afterEach, beforeAll, describe, expect, it } from "bun:test";
import { Person, Service } from "@fedify/vocab";
import enErrors from "../../client/i18n/locales/en/errors.json" with { type: "json" };
import frErrors from "../../client/i18n/locales/fr/errors.json" with { type: "json" };
import { ADMIN_ENV, adminBrowserOf, draftEvent, fundedUser, publishedEvent, type Member } from "../../tests/fixtures/money.ts";
import { createdTournament } from "../../tests/fixtures/tournaments.ts";
import { DatabaseKvStore } from "./kv-store.ts";
import { type Browser, channelIdOf, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

// The fediverse's first part (issue 38, item 1): the site setting that keeps every ActivityPub path absent until an
// admin turns it on, then the actors Mastodon finds by WebFinger and reads as ActivityStreams.
const ACTIVITY_JSON = { accept: "application/activity+json" };

let server: TestServer;
let admin: Browser;
let streamer: Member;
let host: string;
/** Every request the process made; none may go anywhere but the test server itself. */
const outgoing: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  // From before the start: importing Fedify and starting with federation off must not reach out either.
  globalThis.fetch = Object.assign((input: string | URL | Request, init?: RequestInit) => {
    outgoing.push(input instanceof Request ? input.url : String(input));
    return realFetch(input, init);
  }, realFetch);
  server = await startTestServer({ ...ADMIN_ENV, FEDERATION_ALLOW_HTTP: "1" });
  host = new URL(server.url).host;
  admin = await adminBrowserOf(server);
  streamer = await fundedUser(server, admin, 1000);
  expect((await streamer.browser.post("/api/stream/mychannel/init")).status).toBe(201);
  await server.deps.db
    .updateTable("user")
    .set({ about: "Speedruns <b>every</b> night\nin French", avatar: "/uploads/avatars/face.webp", banner: "/uploads/banners/wide.webp" })
    .where("id", "=", streamer.user.id)
    .execute();
});
afterEach(() => expect(outgoing.filter((url) => !url.startsWith(server.url))).toEqual([]));
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.stop();
});

const setSite = (changes: Record<string, unknown>, browser = admin) => browser.json("PATCH", "/api/admin/site", changes);
const webfinger = (acct: string) => admin.request("GET", `/.well-known/webfinger?resource=${encodeURIComponent(`acct:${acct}`)}`, undefined, { accept: "application/jrd+json" });
const actorOf = (path: string) => admin.request("GET", path, undefined, ACTIVITY_JSON);

describe("with federation off (the default)", () => {
  it("answers no ActivityPub path, as a site that never federated", async () => {
    expect((await admin.get("/api/admin/site")).body.settings).toMatchObject({ federation: false, federationPublicUrl: null });
    const channel = await channelIdOf(server, streamer.user.username);
    const answers = await Promise.all([
      webfinger(`${streamer.user.username}@${host}`),
      admin.request("GET", "/.well-known/nodeinfo"),
      admin.request("GET", "/nodeinfo/2.1"),
      actorOf(`/ap/actors/channel-${channel}`),
      admin.request("POST", `/ap/actors/channel-${channel}/inbox`, { type: "Follow" }, { "content-type": "application/activity+json" }),
      admin.request("POST", "/ap/inbox", { type: "Follow" }, { "content-type": "application/activity+json" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(await server.deps.db.selectFrom("federation_key").selectAll().execute()).toEqual([]);
  });
});

describe("PATCH /api/admin/site: the fediverse settings", () => {
  it("refuses federation without the site's address, in both languages", async () => {
    const en = await setSite({ federation: true });
    expect([en.status, en.body.code, en.body.errors[0].field, en.body.msg]).toEqual([400, "federation_url_required", "federationPublicUrl", enErrors.federation_url_required]);
    const fr = await setSite({ federation: true }, admin.speaking("fr"));
    expect([fr.status, fr.body.msg]).toEqual([400, frErrors.federation_url_required]);
  });

  it("refuses an address that is not an origin", async () => {
    for (const wrong of ["ftp://example.test", "https://example.test/arena", "example.test", "https://user@example.test", 42]) {
      const refused = await setSite({ federationPublicUrl: wrong });
      expect([wrong, refused.status, refused.body.code]).toEqual([wrong, 400, "federation_url_invalid"]);
    }
    expect((await setSite({ federationPublicUrl: "https://example.test/path" }, admin.speaking("fr"))).body.msg).toBe(frErrors.federation_url_invalid);
  });

  it("refuses http:// unless FEDERATION_ALLOW_HTTP (tests only) allows it", async () => {
    server.deps.config.federationAllowsHttp = false;
    try {
      const en = await setSite({ federationPublicUrl: "http://arena.example.test" });
      expect([en.status, en.body.code, en.body.msg]).toEqual([400, "federation_url_not_https", enErrors.federation_url_not_https]);
      expect((await setSite({ federationPublicUrl: "http://arena.example.test" }, admin.speaking("fr"))).body.msg).toBe(frErrors.federation_url_not_https);
      expect((await setSite({ federationPublicUrl: "HTTPS://Arena.Example.Test/" })).body.settings).toMatchObject({ federationPublicUrl: "https://arena.example.test" });
    } finally {
      server.deps.config.federationAllowsHttp = true;
    }
  });

  it("is the admins' alone", async () => {
    const member = await signedInUser(server);
    expect((await setSite({ federation: true, federationPublicUrl: server.url }, member.browser)).status).toBe(403);
  });

  it("writes each change to the audit log", async () => {
    const changed = await setSite({ federation: true, federationPublicUrl: server.url });
    expect([changed.status, changed.body.settings.federation, changed.body.settings.federationPublicUrl]).toEqual([200, true, server.url]);
    const audit = await server.deps.db.selectFrom("audit_log").select(["action", "before", "after"]).where("action", "=", "site.settings").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toEqual({ federation: true, federationPublicUrl: server.url });
    expect(JSON.parse(audit.before!)).toEqual({ federation: false, federationPublicUrl: "https://arena.example.test" });
  });
});

describe("with federation on", () => {
  beforeAll(async () => expect((await setSite({ federation: true, federationPublicUrl: server.url })).status).toBe(200));

  it("finds a channel by WebFinger, its self link the actor's ActivityStreams document", async () => {
    const answer = await webfinger(`${streamer.user.username}@${host}`);
    expect(answer.status).toBe(200);
    const jrd = await answer.json();
    const channel = await channelIdOf(server, streamer.user.username);
    expect(jrd.subject).toBe(`acct:${streamer.user.username}@${host}`);
    expect(jrd.links).toContainEqual({ rel: "self", type: "application/activity+json", href: `${server.url}/ap/actors/channel-${channel}` });
    expect(jrd.links).toContainEqual({ rel: "http://webfinger.net/rel/profile-page", href: `${server.url}/stream/${streamer.user.username}` });
  });

  it("serves a channel as a Person with its inboxes, collections, keys, pictures and page", async () => {
    const channel = await channelIdOf(server, streamer.user.username);
    const answer = await actorOf(`/ap/actors/channel-${channel}`);
    expect([answer.status, answer.headers.get("content-type")]).toEqual([200, "application/activity+json"]);
    const document = await answer.json();
    const id = `${server.url}/ap/actors/channel-${channel}`;
    expect(document).toMatchObject({
      id,
      type: "Person",
      preferredUsername: streamer.user.username,
      inbox: `${id}/inbox`,
      outbox: `${id}/outbox`,
      followers: `${id}/followers`,
      endpoints: { sharedInbox: `${server.url}/ap/inbox` },
      url: `${server.url}/stream/${streamer.user.username}`,
      icon: { type: "Image", url: `${server.url}/uploads/avatars/face.webp`, mediaType: "image/webp" },
      image: { type: "Image", url: `${server.url}/uploads/banners/wide.webp` },
      summary: "<p>Speedruns &lt;b&gt;every&lt;/b&gt; night<br>in French</p>",
      publicKey: { id: `${id}#main-key`, owner: id },
    });
    expect(document.publicKey.publicKeyPem).toStartWith("-----BEGIN PUBLIC KEY-----");
    const assertion = [document.assertionMethod].flat().map((key: { type: string; publicKeyMultibase: string }) => [key.type, key.publicKeyMultibase.slice(0, 4)]);
    expect(assertion).toContainEqual(["Multikey", "z6Mk"]);
    // What a remote Fedify (and so a Mastodon-like reader) makes of it: a Person whose key is the one it signs with.
    const parsed = await Person.fromJsonLd(document);
    expect([parsed.id?.href, (await parsed.getPublicKey())?.ownerId?.href, parsed.inboxId?.href]).toEqual([id, id, `${id}/inbox`]);
  });

  it("sends a browser that opens an actor's id to the channel's page", async () => {
    const channel = await channelIdOf(server, streamer.user.username);
    const page = await admin.request("GET", `/ap/actors/channel-${channel}`, undefined, { accept: "text/html" });
    expect([page.status, page.headers.get("location")]).toEqual([302, `${server.url}/stream/${streamer.user.username}`]);
  });

  it("makes an actor's key pairs once and keeps them", async () => {
    const channel = await channelIdOf(server, streamer.user.username);
    const first = await (await actorOf(`/ap/actors/channel-${channel}`)).json();
    const again = await (await actorOf(`/ap/actors/channel-${channel}`)).json();
    expect(again.publicKey.publicKeyPem).toBe(first.publicKey.publicKeyPem);
    const keys = await server.deps.db.selectFrom("federation_key").select("algorithm").where("actor_type", "=", "channel").where("actor_id", "=", channel).orderBy("algorithm").execute();
    expect(keys.map((key) => key.algorithm)).toEqual(["Ed25519", "RSASSA-PKCS1-v1_5"]);
  });

  it("serves a tournament as a Service found by its handle", async () => {
    const id = await createdTournament(streamer, { tournamentName: "Coupe du samedi" });
    const jrd = await (await webfinger(`tournament-${id}@${host}`)).json();
    expect(jrd.links).toContainEqual({ rel: "self", type: "application/activity+json", href: `${server.url}/ap/actors/tournament-${id}` });
    const document = await (await actorOf(`/ap/actors/tournament-${id}`)).json();
    expect(document).toMatchObject({ type: "Service", name: "Coupe du samedi", preferredUsername: `tournament-${id}`, url: `${server.url}/tournament/${id}` });
    expect(await Service.fromJsonLd(document)).toBeInstanceOf(Service);
  });

  it("serves a published public event, and nothing of a draft or a private one", async () => {
    const shown = await publishedEvent(streamer, { name: "LAN de printemps" });
    const draft = await draftEvent(streamer);
    const hidden = await publishedEvent(streamer, { isPublic: false });
    const document = await (await actorOf(`/ap/actors/event-${shown.id}`)).json();
    expect(document).toMatchObject({ type: "Service", name: "LAN de printemps", url: `${server.url}/events/${shown.slug}` });
    expect((await actorOf(`/ap/actors/event-${draft.id}`)).status).toBe(404);
    expect((await actorOf(`/ap/actors/event-${hidden.id}`)).status).toBe(404);
    expect((await webfinger(`event-${draft.id}@${host}`)).status).toBe(404);
  });

  it("answers 404 for an unknown member, channel or identifier", async () => {
    expect((await webfinger(`nobody_here@${host}`)).status).toBe(404);
    expect((await webfinger(`${streamer.user.username}@elsewhere.example.test`)).status).toBe(404);
    expect((await actorOf("/ap/actors/channel-999999")).status).toBe(404);
    expect((await actorOf("/ap/actors/root_admin")).status).toBe(404);
  });

  it("describes the site with NodeInfo 2.1, speaking ActivityPub", async () => {
    const discovery = await (await admin.request("GET", "/.well-known/nodeinfo")).json();
    expect(discovery.links).toContainEqual(expect.objectContaining({ rel: "http://nodeinfo.diaspora.software/ns/schema/2.1", href: `${server.url}/nodeinfo/2.1` }));
    const nodeinfo = await (await admin.request("GET", "/nodeinfo/2.1")).json();
    expect(nodeinfo).toMatchObject({ version: "2.1", software: { name: "arena" }, protocols: ["activitypub"] });
    expect(nodeinfo.usage.users.total).toBeGreaterThanOrEqual(1);
  });

  it("stays silent on an http:// address once the server runs without FEDERATION_ALLOW_HTTP", async () => {
    server.deps.config.federationAllowsHttp = false;
    try {
      expect((await webfinger(`${streamer.user.username}@${host}`)).status).toBe(404);
      expect((await admin.request("GET", "/nodeinfo/2.1")).status).toBe(404);
    } finally {
      server.deps.config.federationAllowsHttp = true;
    }
    expect((await admin.request("GET", "/nodeinfo/2.1")).status).toBe(200);
  });

  it("goes silent again when turned off", async () => {
    expect((await setSite({ federation: false })).status).toBe(200);
    expect((await webfinger(`${streamer.user.username}@${host}`)).status).toBe(404);
    expect((await admin.request("GET", "/nodeinfo/2.1")).status).toBe(404);
  });
});

describe("keys of a thing that is gone", () => {
  it("are deleted with a tournament", async () => {
    expect((await setSite({ federation: true, federationPublicUrl: server.url })).status).toBe(200);
    const id = await createdTournament(streamer, { tournamentName: "Coupe annulée" });
    expect((await actorOf(`/ap/actors/tournament-${id}`)).status).toBe(200);
    expect((await streamer.browser.json("DELETE", `/api/tournament/delete/${id}`)).status).toBe(200);
    expect(await server.deps.db.selectFrom("federation_key").select("algorithm").where("actor_type", "=", "tournament").where("actor_id", "=", id).execute()).toEqual([]);
    expect((await actorOf(`/ap/actors/tournament-${id}`)).status).toBe(404);
  });
});

describe("keys of a thing that is gone, with its Delete still to send", () => {
  it("are kept until the queue is done, then swept", async () => {
    const { queueActivity } = await import("./delivery-queue.ts");
    const { sweepFederationLeftovers, actorKeyPairs } = await import("./keys.ts");
    const id = await createdTournament(streamer, { tournamentName: "Coupe supprimée" });
    const ref = { type: "tournament" as const, id };
    await actorKeyPairs(server.deps, ref);
    // Federation off: the dispatcher leaves the row pending, as a Delete waiting for a slow inbox would be.
    expect((await setSite({ federation: false })).status).toBe(200);
    await queueActivity(server.deps, server.deps.db, ref, { id: `${server.url}/ap/actors/tournament-${id}#delete-1`, type: "Delete", body: { type: "Delete" } }, ["https://remote.example/inbox"]);
    expect((await streamer.browser.json("DELETE", `/api/tournament/delete/${id}`)).status).toBe(200);
    const keys = () => server.deps.db.selectFrom("federation_key").select("algorithm").where("actor_type", "=", "tournament").where("actor_id", "=", id).execute();
    expect(await keys()).toHaveLength(2);
    await server.deps.db
      .insertInto("federation_kv")
      .values([
        { key: '["old"]', value: "1", expires_at: 1 },
        { key: '["kept"]', value: "1", expires_at: null },
      ])
      .execute();
    await sweepFederationLeftovers(server.deps.db, Date.now());
    expect(await keys()).toHaveLength(2);
    await server.deps.db.updateTable("federation_delivery").set({ state: "failed" }).where("actor_id", "=", id).where("actor_type", "=", "tournament").execute();
    await sweepFederationLeftovers(server.deps.db, Date.now());
    expect(await keys()).toEqual([]);
    expect((await server.deps.db.selectFrom("federation_kv").select("key").where("key", "in", ['["old"]', '["kept"]']).execute()).map((row) => row.key)).toEqual(['["kept"]']);
  });
});

describe("the key-value store Fedify keeps in the database", () => {
  it("gets, replaces, lists by prefix, expires and deletes", async () => {
    let now = 1_000_000;
    const kv = new DatabaseKvStore(server.deps.db, () => now);
    await kv.set(["cache", "a"], { n: 1 });
    await kv.set(["cache", "a"], { n: 2 });
    await kv.set(["cache", "a", "deep"], "x", { ttl: Temporal.Duration.from({ seconds: 30 }) });
    await kv.set(["cache"], "self");
    await kv.set(["cache2", "b"], "not under cache");
    expect(await kv.get(["cache", "a"])).toEqual({ n: 2 });
    const listed = async (prefix?: [string, ...string[]]) => (await Array.fromAsync(kv.list(prefix))).map((entry) => entry.key.join("/")).sort();
    expect(await listed(["cache"])).toEqual(["cache", "cache/a", "cache/a/deep"]);
    expect(await listed(["cache", "a"])).toEqual(["cache/a", "cache/a/deep"]);
    expect(await listed()).toContain("cache2/b");
    now += 30_000;
    expect(await kv.get(["cache", "a", "deep"])).toBeUndefined();
    expect(await listed(["cache", "a"])).toEqual(["cache/a"]);
    await kv.delete(["cache", "a"]);
    expect(await kv.get(["cache", "a"])).toBeUndefined();
  });
});
