import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { Create, Note } from "@fedify/vocab";
import { postEventCalendar } from "../../events/event-posts.ts";
import { postTournamentStarted } from "../../tournaments/bracket-posts.ts";
import { sweepFederationLeftovers } from "../keys.ts";
import { federate, followedFromRemote, notesFor, PUBLIC, queuedFor, REMOTE_INBOX } from "../../../tests/fixtures/fediverse.ts";
import { ADMIN_ENV, adminBrowserOf, draftEvent, fundedUser, inHours, type Member, publishedEvent } from "../../../tests/fixtures/money.ts";
import { insertReplay } from "../../../tests/fixtures/replays.ts";
import { type Browser, channelIdOf, signedInUser, startTestServer, type TestServer } from "../../../tests/fixtures/server.ts";
import { createdTournament, filledTournament } from "../../../tests/fixtures/tournaments.ts";

// The posts Mastodon shows (issue 38, item 3), through the site's own paths: a tournament started, its streamed
// matches and its champion; an event published, its tickets on sale and its reminders on a moved clock; a replay's
// post and its deletion; each queued as a Create of a Note for the followers' inboxes, once, and deleted with its
// thing. The live's own post from a real ffmpeg live is in live-posts.test.ts (media tier).
const ACTIVITY_JSON = { accept: "application/activity+json" };
const HOUR = 3_600_000;

let server: TestServer;
let admin: Browser;

beforeAll(async () => {
  server = await startTestServer({ ...ADMIN_ENV, FEDERATION_ALLOW_HTTP: "1" });
  admin = await adminBrowserOf(server);
});
afterAll(() => server.stop());

/** A member with a channel of their own (a station streams on it). */
async function streamer(): Promise<Member> {
  const member = await signedInUser(server);
  expect((await member.browser.post("/api/stream/mychannel/init")).status).toBe(201);
  return member;
}

async function readyMatches(id: number): Promise<string[]> {
  const { data } = (await admin.get(`/api/tournament/rounds/${id}`)).body;
  const rounds = Array.isArray(data) ? data : [...data.winnerBracket, ...data.LoserBracket];
  return rounds
    .flatMap((round: { seeds: { id: string; finished: boolean; playing: boolean; teams: { playerID: number | null }[] }[] }) => round.seeds)
    .filter((seed: { finished: boolean; playing: boolean; teams: { playerID: number | null }[] }) => !seed.finished && !seed.playing && seed.teams.every((team) => team.playerID !== null))
    .map((seed: { id: string }) => seed.id);
}

async function play(organiser: Member, id: number, matchID: string): Promise<void> {
  expect((await organiser.browser.post(`/api/tournament/start-match/${matchID}`)).status).toBe(200);
  expect((await organiser.browser.post("/api/tournament/set-winner", { matchID, tournmentID: id, scorePlayer1: 2, scorePlayer2: 1 })).status).toBe(200);
}

const postsOf = (actor: { type: "channel" | "tournament" | "event"; id: number }) =>
  server.deps.db.selectFrom("federation_post").selectAll().where("actor_type", "=", actor.type).where("actor_id", "=", actor.id).orderBy("id").execute();

/** A gone actor's keys survive the site job while its Deletes wait, and go at its first run once they were sent. */
async function expectKeysKeptUntilSent(actor: { type: "channel" | "tournament"; id: number }): Promise<void> {
  const keys = () => server.deps.db.selectFrom("federation_key").select("algorithm").where("actor_type", "=", actor.type).where("actor_id", "=", actor.id).execute();
  await sweepFederationLeftovers(server.deps.db, server.deps.now());
  expect((await keys()).length).toBe(2);
  await server.deps.db.updateTable("federation_delivery").set({ state: "delivered" }).where("actor_type", "=", actor.type).where("actor_id", "=", actor.id).execute();
  await sweepFederationLeftovers(server.deps.db, server.deps.now());
  expect(await keys()).toEqual([]);
}

describe("with federation off (the default)", () => {
  it("posts nothing and queues nothing, whatever happens to a followed thing", async () => {
    const organiser = await streamer();
    const id = await createdTournament(organiser);
    await filledTournament(server, organiser, id, 4);
    await followedFromRemote(server, { type: "tournament", id });
    expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id })).status).toBe(200);
    const host = await fundedUser(server, admin, 1000);
    const event = await draftEvent(host);
    await followedFromRemote(server, { type: "event", id: event.id });
    expect((await host.browser.json("PUT", `/api/events/${event.slug}/publish`)).status).toBe(200);
    expect(await postEventCalendar(server.deps)).toBe(0);
    expect(await server.deps.db.selectFrom("federation_post").selectAll().execute()).toEqual([]);
    expect(await server.deps.db.selectFrom("federation_delivery").selectAll().execute()).toEqual([]);
  });
});

describe("with federation on", () => {
  beforeAll(() => federate(server, admin));

  it("posts a tournament's start, its streamed match's result and its champion as Notes, its words escaped", async () => {
    const organiser = await streamer();
    const id = await createdTournament(organiser, { tournamentName: "Coupe <script>alert(1)</script>" });
    await filledTournament(server, organiser, id, 4);
    const actor = { type: "tournament" as const, id };
    await followedFromRemote(server, actor);
    const station = await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Scène", channel: organiser.account.username });
    expect([station.status, station.body.station.channel?.username]).toEqual([201, organiser.account.username]);
    expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id })).status).toBe(200);
    const [streamed, offStream] = await readyMatches(id);
    expect((await organiser.browser.put(`/api/tournament/${id}/stations/${station.body.station.id}/match`, { matchID: streamed })).status).toBe(200);
    await play(organiser, id, streamed!);
    await play(organiser, id, offStream!);
    const [final] = await readyMatches(id);
    await play(organiser, id, final!);

    const queued = await queuedFor(server, actor);
    expect(queued.map((activity) => [activity.type, activity.inbox])).toEqual([
      ["Create", REMOTE_INBOX],
      ["Create", REMOTE_INBOX],
      ["Create", REMOTE_INBOX],
    ]);
    const actorId = `${server.url}/ap/actors/tournament-${id}`;
    const page = `${server.url}/tournament/${id}`;
    const posts = await postsOf(actor);
    expect(posts.map((post) => [post.kind, post.subject])).toEqual([
      ["tournament_started", "started"],
      ["match_result", `match-${streamed!.split("-")[1]}`],
      ["tournament_champion", "finished"],
    ]);
    const [started, result, champion] = queued.map((activity) => activity.body);
    expect(started).toMatchObject({ id: `${actorId}#create-post-${posts[0]!.id}`, type: "Create", actor: actorId, to: PUBLIC, cc: `${actorId}/followers` });
    expect(started!.object).toMatchObject({
      id: `${server.url}/ap/notes/${posts[0]!.id}`,
      type: "Note",
      attributedTo: actorId,
      to: PUBLIC,
      cc: `${actorId}/followers`,
      url: page,
      content: `<p>Le tournoi Coupe &lt;script&gt;alert(1)&lt;/script&gt; a commencé.</p><p><a href="${page}">${page}</a></p>`,
      contentMap: { fr: started!.object.content },
    });
    expect(started!.object.published).toBeString();
    expect(JSON.stringify(queued)).not.toContain("<script>");
    expect(result!.object.content).toContain(`manche 1 : `);
    expect(result!.object.content).toContain(`en direct chez ${organiser.account.username}.`);
    expect(champion!.object.content).toContain("remporte le tournoi Coupe &lt;script&gt;");
    // What a remote Fedify (so a Mastodon-like reader) makes of it.
    const note = await (await Create.fromJsonLd(started)).getObject();
    expect(note).toBeInstanceOf(Note);
    expect([note?.id?.href, note?.attributionId?.href, (note?.url as URL | undefined)?.href]).toEqual([started!.object.id, actorId, page]);
  });

  it("posts a subject once: a second trigger of the same thing queues nothing", async () => {
    const organiser = await streamer();
    const id = await createdTournament(organiser, { tournamentName: "Deux fois" });
    await filledTournament(server, organiser, id, 4);
    await followedFromRemote(server, { type: "tournament", id });
    expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id })).status).toBe(200);
    // Another node (or a retried transaction) telling the same start.
    expect(await postTournamentStarted(server.deps, server.deps.db, { id, name: "Deux fois" })).toBe(false);
    expect((await queuedFor(server, { type: "tournament", id })).length).toBe(1);
  });

  it("serves a post's Note and lists its Create in the actor's outbox, newest first", async () => {
    const organiser = await streamer();
    const id = await createdTournament(organiser, { tournamentName: "Servie" });
    await filledTournament(server, organiser, id, 4);
    expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id })).status).toBe(200);
    const [first] = await readyMatches(id);
    // Nobody follows it yet: the posts are made all the same, for whoever reads the outbox.
    const station = await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Scène", channel: organiser.account.username });
    expect((await organiser.browser.put(`/api/tournament/${id}/stations/${station.body.station.id}/match`, { matchID: first })).status).toBe(200);
    await play(organiser, id, first!);
    const posts = await postsOf({ type: "tournament", id });
    expect(posts.length).toBe(2);

    const served = await admin.request("GET", `/ap/notes/${posts[0]!.id}`, undefined, ACTIVITY_JSON);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "application/activity+json"]);
    const note = await served.json();
    expect(note).toMatchObject({ id: `${server.url}/ap/notes/${posts[0]!.id}`, type: "Note", content: posts[0]!.content, url: `${server.url}/tournament/${id}`, to: PUBLIC });
    // A browser following the Note's id (a link in Mastodon) lands on the page it is about.
    const opened = await admin.request("GET", `/ap/notes/${posts[0]!.id}`, undefined, { accept: "text/html" });
    expect([opened.status, opened.headers.get("location")]).toEqual([302, `${server.url}/tournament/${id}`]);

    const outbox = await admin.request("GET", `/ap/actors/tournament-${id}/outbox`, undefined, ACTIVITY_JSON);
    expect(outbox.status).toBe(200);
    const collection = await outbox.json();
    expect(collection).toMatchObject({ type: "OrderedCollection", totalItems: 2 });
    const firstPage = await (await admin.request("GET", new URL(collection.first).pathname + new URL(collection.first).search, undefined, ACTIVITY_JSON)).json();
    expect(firstPage.type).toBe("OrderedCollectionPage");
    expect(firstPage.orderedItems.map((item: { type: string; object: { id: string } }) => [item.type, item.object.id])).toEqual([
      ["Create", `${server.url}/ap/notes/${posts[1]!.id}`],
      ["Create", `${server.url}/ap/notes/${posts[0]!.id}`],
    ]);
    expect((await admin.request("GET", "/ap/notes/999999", undefined, ACTIVITY_JSON)).status).toBe(404);
    expect((await admin.request("GET", "/ap/actors/tournament-999999/outbox", undefined, ACTIVITY_JSON)).status).toBe(404);
  });

  it("deletes a deleted tournament's posts with a Delete of each Note's Tombstone, signed with the key it keeps until sent", async () => {
    const organiser = await streamer();
    const id = await createdTournament(organiser, { tournamentName: "Annulée" });
    await filledTournament(server, organiser, id, 4);
    const actor = { type: "tournament" as const, id };
    await followedFromRemote(server, actor);
    expect((await admin.request("GET", `/ap/actors/tournament-${id}`, undefined, ACTIVITY_JSON)).status).toBe(200);
    expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id })).status).toBe(200);
    const [post] = await postsOf(actor);

    expect((await organiser.browser.json("DELETE", `/api/tournament/delete/${id}`)).status).toBe(200);
    const actorId = `${server.url}/ap/actors/tournament-${id}`;
    const deletes = (await queuedFor(server, actor)).filter((activity) => activity.type === "Delete");
    expect(deletes.map((activity) => activity.body)).toEqual([
      expect.objectContaining({ id: `${actorId}#delete-post-${post!.id}`, type: "Delete", actor: actorId, object: { id: `${server.url}/ap/notes/${post!.id}`, type: "Tombstone" } }),
    ]);
    expect((await postsOf(actor))[0]!.deleted_at).toBeNumber();
    expect((await admin.request("GET", `/ap/notes/${post!.id}`, undefined, ACTIVITY_JSON)).status).toBe(404);

    await expectKeysKeptUntilSent(actor);
  });

  it("posts an event when published, with its tickets on sale, a day before it, and deletes both when it is cancelled", async () => {
    const host = await fundedUser(server, admin, 5000);
    const event = await draftEvent(host, { name: "LAN <b>d'hiver</b>", location: "Salle des fêtes" });
    const actor = { type: "event" as const, id: event.id };
    await followedFromRemote(server, actor);
    expect((await host.browser.json("PUT", `/api/events/${event.slug}/publish`)).status).toBe(200);
    const [published] = await notesFor(server, actor);
    expect(published!.content).toStartWith("<p>Nouvel événement : LAN &lt;b&gt;d'hiver&lt;/b&gt;, le ");
    expect(published!.content).toContain("<p>Lieu : Salle des fêtes</p><p>Billets en vente.</p>");
    expect(published!.content).toContain(`<a href="${server.url}/events/${event.slug}">`);

    // Two days ahead: no "in a week", and tickets were told with the publication.
    await postEventCalendar(server.deps);
    expect((await postsOf(actor)).map((post) => post.subject)).toEqual(["published"]);
    server.moveClock(30 * HOUR);
    try {
      await postEventCalendar(server.deps);
      await postEventCalendar(server.deps);
    } finally {
      server.moveClock(-30 * HOUR);
    }
    expect((await postsOf(actor)).map((post) => [post.kind, post.subject])).toEqual([
      ["event_published_tickets", "published"],
      ["event_day_before", "day-before"],
    ]);
    expect((await notesFor(server, actor))[1]!.content).toStartWith("<p>LAN &lt;b&gt;d'hiver&lt;/b&gt; commence dans moins d'un jour, le ");

    expect((await host.browser.json("DELETE", `/api/events/${event.slug}`)).status).toBe(200);
    const posts = await postsOf(actor);
    const tombstones = (await queuedFor(server, actor)).filter((activity) => activity.type === "Delete").map((activity) => activity.body.object);
    expect(tombstones).toEqual(posts.map((post) => ({ id: `${server.url}/ap/notes/${post.id}`, type: "Tombstone" })));
    expect(posts.every((post) => post.deleted_at !== null)).toBe(true);
  });

  it("deletes an event's post when it goes back to draft or is made private, and posts nothing when published again", async () => {
    const host = await fundedUser(server, admin, 5000);
    const withdrawn = async (withdraw: (event: { id: number; slug: string }) => Promise<{ status: number }>) => {
      const event = await draftEvent(host);
      const actor = { type: "event" as const, id: event.id };
      await followedFromRemote(server, actor);
      expect((await host.browser.json("PUT", `/api/events/${event.slug}/publish`)).status).toBe(200);
      const [note] = await notesFor(server, actor);
      expect((await withdraw(event)).status).toBe(200);
      const deletes = (await queuedFor(server, actor)).filter((activity) => activity.type === "Delete");
      expect(deletes.map((activity) => activity.body.object)).toEqual([{ id: note!.id, type: "Tombstone" }]);
      expect((await admin.request("GET", new URL(note!.id).pathname, undefined, ACTIVITY_JSON)).status).toBe(404);
      return { event, actor };
    };
    await withdrawn((event) => host.browser.json("PUT", `/api/events/${event.slug}`, { isPublic: false }));
    const { event, actor } = await withdrawn((event) => host.browser.json("PATCH", `/api/events/${event.id}`, { status: "draft" }));
    // One post per subject, ever: publishing and unpublishing over and over does not fill timelines.
    expect((await host.browser.json("PUT", `/api/events/${event.slug}/publish`)).status).toBe(200);
    expect((await queuedFor(server, actor)).map((activity) => activity.type)).toEqual(["Create", "Delete"]);
  });

  it("posts an event's tickets when a sale opens after its publication, and a week before it", async () => {
    const host = await fundedUser(server, admin, 5000);
    const event = await publishedEvent(host, { ticketPrice: 0, startDate: inHours(8 * 24), endDate: inHours(8 * 24 + 3) });
    const actor = { type: "event" as const, id: event.id };
    await followedFromRemote(server, actor);
    await postEventCalendar(server.deps);
    expect((await postsOf(actor)).map((post) => post.kind)).toEqual(["event_published"]);
    expect((await postsOf(actor))[0]!.content).not.toContain("Billets");

    expect((await host.browser.post(`/api/tickets/event/${event.id}/types`, { name: "Entrée", price: 10 })).status).toBe(201);
    await postEventCalendar(server.deps);
    server.moveClock(36 * HOUR);
    try {
      await postEventCalendar(server.deps);
      await postEventCalendar(server.deps);
    } finally {
      server.moveClock(-36 * HOUR);
    }
    expect((await postsOf(actor)).map((post) => post.kind)).toEqual(["event_published", "event_tickets", "event_week_before"]);
    const notes = await notesFor(server, actor);
    // Followed after its publication: the follower gets the posts that came since.
    expect(notes.length).toBe(2);
    expect(notes[0]!.content).toStartWith(`<p>Billets en vente pour ${event.name} (`);
    expect(notes[1]!.content).toStartWith(`<p>${event.name} commence dans une semaine, le `);
  });

  it("posts a live's replay, with no picture when the live was restricted, and deletes the post with the replay", async () => {
    const owner = await streamer();
    const channelId = await channelIdOf(server, owner.account.username);
    const actor = { type: "channel" as const, id: channelId };
    await followedFromRemote(server, actor);
    const replay = await insertReplay(server.deps.db, channelId, { title: "Soirée <i>speedrun</i>", thumbnailPath: `${channelId}/thumb.jpg` });
    await server.deps.db.updateTable("live_session").set({ watch_access: "members" }).where("id", "=", replay.sessionId).execute();
    const queued = server.deps.bus.next("federation:queued");
    server.deps.bus.emit("replay:ready", { replayId: replay.id, channelId });
    await queued;
    const [note] = await notesFor(server, actor);
    const link = `${server.url}/replay/${replay.id}`;
    expect(note!.content).toBe(`<p>Le direct de ${owner.account.username} est terminé. Le replay est là : Soirée &lt;i&gt;speedrun&lt;/i&gt;</p><p><a href="${link}">${link}</a></p>`);
    expect(note!.attachment).toBeUndefined();

    expect((await owner.browser.json("DELETE", `/api/stream/replays/${replay.id}`)).status).toBe(200);
    const deletes = (await queuedFor(server, actor)).filter((activity) => activity.type === "Delete");
    expect(deletes.map((activity) => activity.body.object)).toEqual([{ id: note!.id, type: "Tombstone" }]);
  });

  it("deletes an erased member's channel posts, blanks their words, and keeps its keys until the Deletes are sent", async () => {
    const owner = await streamer();
    const channelId = await channelIdOf(server, owner.account.username);
    const actor = { type: "channel" as const, id: channelId };
    await followedFromRemote(server, actor);
    expect((await admin.request("GET", `/ap/actors/channel-${channelId}`, undefined, ACTIVITY_JSON)).status).toBe(200);
    const replay = await insertReplay(server.deps.db, channelId, { title: "Mon dernier live" });
    const queued = server.deps.bus.next("federation:queued");
    server.deps.bus.emit("replay:ready", { replayId: replay.id, channelId });
    await queued;
    const [note] = await notesFor(server, actor);

    expect((await owner.browser.post("/api/me/delete", { password: owner.account.password })).status).toBe(200);
    const deletes = (await queuedFor(server, actor)).filter((activity) => activity.type === "Delete");
    expect(deletes.map((activity) => activity.body.object)).toEqual([{ id: note!.id, type: "Tombstone" }]);
    const [post] = await postsOf(actor);
    expect([post!.content, post!.url, post!.image, post!.deleted_at === null]).toEqual(["", "", null, false]);

    await expectKeysKeptUntilSent(actor);
  });

  it("shows a live's picture only when everyone may watch it", async () => {
    const owner = await streamer();
    const channelId = await channelIdOf(server, owner.account.username);
    const actor = { type: "channel" as const, id: channelId };
    await followedFromRemote(server, actor);
    // A live as the live manager opens it (live-posts.test.ts does it with ffmpeg): its session, then the channel's flag.
    const session = await server.deps.db
      .insertInto("live_session")
      .values({ channel_id: channelId, title: "Entraînement", started_at: Date.now(), recording_dir: "/nowhere", watch_access: "members" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await server.deps.db.updateTable("channel").set({ is_live: 1, live_session_id: session.id }).where("id", "=", channelId).execute();
    const queued = server.deps.bus.next("federation:queued");
    server.deps.bus.emit("stream:started", { channelId, username: owner.account.username });
    await queued;
    const [note] = await notesFor(server, actor);
    expect(note!.content).toContain(`${owner.account.username} est en direct`);
    expect(note!.attachment).toBeUndefined();
    await server.deps.db.updateTable("channel").set({ is_live: 0, live_session_id: null }).where("id", "=", channelId).execute();
    // A suspended member's channel is gone for the fediverse as for the site: its posts are no longer served.
    expect((await admin.request("GET", new URL(note!.id).pathname, undefined, ACTIVITY_JSON)).status).toBe(200);
    await server.deps.db.updateTable("user").set({ suspended_at: Date.now() }).where("id", "=", owner.user.id).execute();
    expect((await admin.request("GET", new URL(note!.id).pathname, undefined, ACTIVITY_JSON)).status).toBe(404);
    expect((await admin.request("GET", `/ap/actors/channel-${channelId}/outbox`, undefined, ACTIVITY_JSON)).status).toBe(404);
  });
});
