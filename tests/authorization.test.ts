import { afterAll, describe, expect, it } from "bun:test";
import { remoteFollowerRow } from "./fixtures/fediverse.ts";
import { cheapStateOf, diff, ownerOf, type RowChange, snapshot } from "./fixtures/db-state.ts";
import { auditLedgerThenStop } from "./fixtures/money.ts";
import { waitFor } from "./fixtures/publisher.ts";
import { swissTiedOnTheCutLine } from "./fixtures/tournaments.ts";
import { type Actor, type Answer, callAs, startWorld, type World } from "./fixtures/world.ts";

/**
 * Every state-changing route of the OpenAPI document, tried by someone who should not be able to
 * use it: a visitor, a member who does not own the object, a moderator where only the owner (or an
 * admin) may act. Each refusal must leave the database as it was. The route list is read from the
 * running server, so a new route without a case below fails here until someone decides who may call it.
 */

// SRT_PORTS: the SRT routes answer 409 without it; no port is bound, this server does not ingest. The fediverse is
// on, over http to a stand-in instance on loopback (as the operator's ALLOWED_PRIVATE_ADDRESSES would allow).
const world = await startWorld({ SRT_PORTS: "9000-9049", FEDERATION_ALLOW_HTTP: "1", ALLOWED_PRIVATE_ADDRESSES: "127.0.0.1/32" });
const remote = startRemoteInstance();
expect((await world.admin.call("PATCH", "/api/admin/site", { federation: true, federationPublicUrl: world.server.url })).status).toBe(200);
afterAll(async () => {
  remote.stop(true);
  await auditLedgerThenStop({ deps: world.server.deps, stop: world.close });
});

/**
 * Another server of the fediverse: any account exists (WebFinger, a Person with an inbox), its inboxes take every
 * activity. What members follow there, and what Arena sends it, is theirs alone.
 */
function startRemoteInstance() {
  return Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      const url = new URL(request.url);
      if (request.method === "POST") return new Response(null, { status: 202 });
      const account = (name: string) => `${url.origin}/users/${name}`;
      if (url.pathname === "/.well-known/webfinger") {
        const name = /^acct:([^@]+)@/.exec(url.searchParams.get("resource") ?? "")?.[1] ?? "nobody";
        return Response.json({ subject: `acct:${name}@${url.host}`, links: [{ rel: "self", type: "application/activity+json", href: account(name) }] });
      }
      const name = url.pathname.split("/").pop()!;
      return Response.json(
        { "@context": "https://www.w3.org/ns/activitystreams", id: account(name), type: "Person", preferredUsername: name, inbox: `${account(name)}/inbox` },
        { headers: { "content-type": "application/activity+json" } },
      );
    },
  });
}

let remoteAccounts = 0;
/** The member and the moderator follow with a channel of their own: made once, before the first case snapshots. */
async function channelsToFollowWith(w: World): Promise<void> {
  for (const actor of [w.member, w.moderator]) await actor.call("POST", "/api/stream/mychannel/init");
}
/** The node's dispatcher sends what a call queued at once: the next case looks once it has. */
const deliveriesSent = (w: World) => waitFor("the fediverse deliveries", async () => (await w.db.selectFrom("federation_delivery").select("id").where("state", "=", "pending").execute()).length === 0);
/** A remote account the owner's channel follows, or that follows it. */
async function ownerFollows(w: World): Promise<number> {
  remoteAccounts += 1;
  const origin = `http://127.0.0.1:${remote.port}`;
  const row = await w.db
    .insertInto("federation_following")
    .values({
      channel_id: w.channel.id,
      remote_actor: `${origin}/users/r${remoteAccounts}`,
      remote_inbox: `${origin}/users/r${remoteAccounts}/inbox`,
      remote_host: `127.0.0.1:${remote.port}`,
      remote_handle: `@r${remoteAccounts}@127.0.0.1:${remote.port}`,
      remote_name: "R",
      remote_url: null,
      follow_activity: `${world.server.url}/ap/actors/channel-${w.channel.id}#follow-${remoteAccounts}`,
      state: "accepted",
      created_at: Date.now(),
      accepted_at: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
async function followsOwner(w: World): Promise<number> {
  remoteAccounts += 1;
  const origin = `http://127.0.0.1:${remote.port}`;
  const row = await w.db
    .insertInto("federation_follower")
    .values(remoteFollowerRow({ type: "channel", id: w.channel.id }, origin, `f${remoteAccounts}`, { remote_name: "F", follow_activity: `${origin}/follows/${remoteAccounts}` }))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

interface Call {
  path: string;
  /** A body, or a function of who sends it (a multipart form must be built for each request). */
  body?: unknown;
  bodyFor?: (actor: Actor) => unknown;
  /** Runs after a 2xx answer (a changed password must be remembered; work the answer started must end before the next case looks). */
  after?: (actor: Actor, body: unknown) => void | Promise<void>;
}

type Build = (w: World) => Call | Promise<Call>;

type Case =
  /** Reachable without a session on purpose. */
  | { kind: "public"; reason: string }
  /** Acts on the caller's own account only: nothing in it names someone else's object. */
  | { kind: "self"; call: Build }
  /** The object's owner (and admins) only: a member and a moderator are refused. */
  | { kind: "owner"; call: Build; cleanup?: (w: World) => Promise<unknown> }
  /** Admins only. */
  | { kind: "admin"; call: Build; ownerRefusedToo?: boolean; cleanup?: (w: World) => Promise<unknown> }
  /** Moderation: the channel owner, moderators and admins; a plain member is refused. */
  | { kind: "moderation"; reason: string; call: Build; cleanup?: (w: World) => Promise<unknown> }
  /** Ends the caller's own account: a new member does it (the world's actors are needed after), touching only their rows. */
  | { kind: "ownAccount"; call: Build }
  /** Any member may do it to someone else's object; it must touch only the member's own rows (and `mayTouch`). */
  | { kind: "open"; reason: string; call: Build; mayTouch?: { tables: string[]; reason: string }; impersonation?: Build };

let clips = 0;
/** A ready clip of the world's channel, made by its owner (no file: the routes under test never read it). */
async function newClip(w: World): Promise<number> {
  clips += 1;
  const row = await w.db
    .insertInto("clip")
    .values({
      channel_id: w.channel.id,
      user_id: w.owner.user.id,
      title: `Clip ${clips}`,
      status: "ready",
      start_seconds: 0,
      requested_seconds: 10,
      live_session_id: null,
      replay_id: null,
      game_id: 1,
      file_path: null,
      thumbnail_path: null,
      duration: 10,
      file_size: 1,
      created_at: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const eventFields = {
  name: "Soirée rétro",
  description: "Des jeux d'arcade toute la nuit",
  categoryId: 2,
  startDate: new Date(Date.now() + 72 * 3_600_000).toISOString(),
  maxParticipants: 20,
  ticketPrice: 5,
};
const pngForm = (w: World) => w.form({}, { field: "filename", bytes: w.png });
/** `holder` buys a "match" ticket for `event`; its id. */
async function ticketOf(holder: Actor, event: { id: number }): Promise<number> {
  const bought = await holder.call("POST", "/api/tickets/purchase", { userId: holder.user.id, eventId: event.id, ticketType: "match", price: 100 });
  expect(bought.status).toBe(201);
  return bought.body.ticket.id as number;
}
/** A ticket type of a new event of the world's owner (issue 34, item 1). */
async function newTicketType(w: World): Promise<{ eventId: number; typeId: number }> {
  const event = await w.newEvent();
  const created = await w.owner.call("POST", `/api/tickets/event/${event.id}/types`, { name: "Standard", price: 80 });
  expect(created.status).toBe(201);
  return { eventId: event.id, typeId: created.body.ticketType.id as number };
}
/** An event of the world's owner whose one seat a fresh member holds; `waiting` joins its list (issue 19). */
async function fullEvent(w: World, waiting?: Actor) {
  const event = await w.newEvent({ extra: { maxParticipants: 1 } });
  const holder = await w.newMember();
  expect((await holder.call("POST", `/api/event-participants/${event.id}`)).status).toBe(200);
  if (!waiting) return { ...event, holder, entryId: 0 };
  expect((await waiting.call("POST", `/api/waitlist/event/${event.id}`)).status).toBe(200);
  const entry = await w.db.selectFrom("waitlist_entry").select("id").where("target_id", "=", event.id).where("user_id", "=", waiting.user.id).executeTakeFirstOrThrow();
  return { ...event, holder, entryId: entry.id };
}
/** As fullEvent, then the holder withdraws: `waiting` holds the offer. */
async function offeredEvent(w: World, waiting: Actor) {
  const event = await fullEvent(w, waiting);
  expect((await event.holder.call("DELETE", `/api/event-participants/${event.id}`)).status).toBe(200);
  return event;
}
/** A game an admin added, for the console's catalogue cases (issue 20). */
async function newGame(w: World): Promise<number> {
  const added = await w.admin.call("POST", "/api/admin/games", { name: "Jeu de test", shortName: "JT" });
  expect(added.status).toBe(201);
  return added.body.game.id;
}
let renames = 0;
/** A tournament of the world's owner with one station (issue 18). */
async function newStation(w: World, stage: "pending" | "started") {
  const t = await w.newTournament(stage);
  const created = await w.owner.call("POST", `/api/tournament/${t.id}/stations`, { name: "Poste" });
  expect(created.status).toBe(201);
  return { id: t.id, stationId: created.body.station.id as number, matchId: t.matchId };
}

/** A tournament of the world's owner starting in ten minutes, its check-in open since twenty (issue 19). */
async function newCheckIn(w: World, stage: "pending" | "full") {
  const t = await w.newTournament(stage);
  expect((await w.owner.call("PUT", `/api/tournament/update-tournament/${t.id}`, w.form({ startDate: new Date(Date.now() + 10 * 60_000).toISOString() }))).status).toBe(200);
  expect((await w.owner.call("PUT", `/api/tournament/${t.id}/check-in`, { minutesBefore: 30 })).status).toBe(200);
  return t;
}

/** `actor` joins tournament `id` and its owner approves them. */
async function approvedEntrant(w: World, id: number, actor: Actor) {
  expect((await actor.call("POST", "/api/tournament/join-tournament", { tournmentID: id })).status).toBe(200);
  const row = await w.db.selectFrom("tournament_player").select("id").where("tournament_id", "=", id).where("user_id", "=", actor.user.id).executeTakeFirstOrThrow();
  expect((await w.owner.call("PUT", "/api/tournament/approve-player", { tournmentID: id, PlayerID: row.id })).status).toBe(200);
}

/**
 * A webhook of the world's channel, made by its owner (issue 36), with a delivery already made in its log (written
 * here: a delivery the dispatcher sends would write its tries while other cases compare the rows). Its address names
 * no host that resolves, so nothing leaves the machine.
 */
async function newWebhook(w: World): Promise<{ id: number; deliveryId: number }> {
  const created = await w.owner.call("POST", "/api/webhooks", { scope: "channel", id: w.channel.id, url: "https://hooks.example.test/arena" });
  expect(created.status).toBe(201);
  const id = created.body.webhook.id as number;
  const now = Date.now();
  const delivery = await w.db
    .insertInto("webhook_delivery")
    .values({
      webhook_id: id,
      message_id: `msg_case_${id}`,
      event_type: "webhook.test",
      payload: "{}",
      state: "delivered",
      next_attempt_at: now,
      claimed_until: null,
      last_status: 204,
      created_at: now,
      tries_since: now,
      finished_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, deliveryId: delivery.id };
}
/** After a webhook case: no webhook left to take another case's event (a follow), once the tries under way are written. */
async function forgetWebhooks(w: World): Promise<void> {
  await w.db.updateTable("webhook").set({ disabled_at: Date.now() }).execute();
  await waitFor("the webhook tries under way", async () => (await w.db.selectFrom("webhook_delivery").select("id").where("claimed_until", "is not", null).execute()).length === 0, 15_000, 50);
  await w.db.deleteFrom("webhook_attempt").execute();
  await w.db.deleteFrom("webhook_delivery").execute();
  await w.db.deleteFrom("webhook").execute();
}

/**
 * A raid goes from a live to a live: the member's and the moderator's channels (made here) are flagged live, and the
 * target is a fresh member's live channel, so that no case's rows but the caller's move.
 */
async function liveRaidTarget(w: World): Promise<string> {
  const target = await w.newMember();
  // 422 once the channel exists.
  for (const actor of [w.member, w.moderator, target]) expect([201, 422]).toContain((await actor.call("POST", "/api/stream/mychannel/init")).status);
  await w.db.updateTable("channel").set({ is_live: 1 }).where("user_id", "in", [w.member.user.id, w.moderator.user.id, target.user.id]).execute();
  return target.user.username;
}

/** A follow moves the followed member's follower count (a column kept by triggers, for search). */
const followerCount = { tables: ["user"], reason: "the followed member's follower count" };

const CASES: Record<string, Case> = {
  // Public on purpose. Each is also in the fuzz test (tests/fuzz.test.ts).
  "POST /api/auth/signup": { kind: "public", reason: "creates an account: the caller has none yet" },
  "POST /api/auth/login": { kind: "public", reason: "opens a session: the caller has none yet" },
  "POST /api/auth/logout": { kind: "public", reason: "ends whatever session the request carries; without one there is nothing to end" },
  "POST /api/auth/reset": { kind: "public", reason: "mails a reset link to the address's owner, same answer whether or not it exists" },
  "POST /api/auth/reset/{token}": { kind: "public", reason: "the single-use emailed token is the credential" },
  "POST /api/translate": { kind: "public", reason: "stateless text translation for visitors' screens (rate-limited per address)" },
  "POST /api/stream/viewers/join": { kind: "public", reason: "visitors count as viewers (one presence per session or visitor cookie and address)" },
  "POST /api/stream/viewers/heartbeat": { kind: "public", reason: "visitors count as viewers" },
  "POST /api/stream/viewers/leave": { kind: "public", reason: "visitors count as viewers" },

  // The caller's own account.
  "PUT /api/auth/fullname": { kind: "self", call: () => ({ path: "/api/auth/fullname", body: { firstName: "Mallory", lastName: "Example" } }) },
  "PUT /api/auth/username": { kind: "self", call: () => ({ path: "/api/auth/username", bodyFor: () => ({ username: `renamed${++renames}${Math.random().toString(36).slice(2, 6)}` }) }) },
  "PUT /api/auth/password": {
    kind: "self",
    call: () => ({
      path: "/api/auth/password",
      bodyFor: (actor) => ({ oldPassword: actor.account.password, newPassword: `${actor.account.password} again` }),
      // The next login (the fuzz test's, a later case's) needs the new one.
      after: (actor, body) => void (actor.account.password = (body as { newPassword: string }).newPassword),
    }),
  },
  "POST /api/auth/avatar": { kind: "self", call: (w) => ({ path: "/api/auth/avatar", bodyFor: () => pngForm(w) }) },
  "POST /api/auth/banner": { kind: "self", call: (w) => ({ path: "/api/auth/banner", bodyFor: () => pngForm(w) }) },
  "POST /api/stream/mychannel/init": { kind: "self", call: () => ({ path: "/api/stream/mychannel/init" }) },
  "POST /api/stream/mystreamkey/regenerate": { kind: "self", call: () => ({ path: "/api/stream/mystreamkey/regenerate" }) },
  "POST /api/stream/startstreaming": { kind: "self", call: () => ({ path: "/api/stream/startstreaming", body: { title: "Late night ranked", gameId: 1 } }) },
  "PUT /api/stream/mysrt": { kind: "self", call: () => ({ path: "/api/stream/mysrt", body: { enabled: true } }) },
  "PUT /api/stream/channel-settings": { kind: "self", call: () => ({ path: "/api/stream/channel-settings", body: { about: "Only my own channel" } }) },
  "PUT /api/stream/restream/config": {
    kind: "self",
    call: () => ({ path: "/api/stream/restream/config", body: { enabled: false, twitchEnabled: false, youtubeEnabled: false, facebookEnabled: false } }),
  },
  "POST /api/notifications/read-all": { kind: "self", call: () => ({ path: "/api/notifications/read-all" }) },
  // Personal access tokens (issue 36, item 2): a member's own.
  "PUT /api/me/overlay": { kind: "self", call: () => ({ path: "/api/me/overlay", body: { sound: false } }) },
  "POST /api/me/overlay/reset": { kind: "self", call: () => ({ path: "/api/me/overlay/reset" }) },
  "POST /api/me/overlay/test-alert": { kind: "self", call: () => ({ path: "/api/me/overlay/test-alert", body: { kind: "follow" } }) },
  "POST /api/tokens": { kind: "self", call: () => ({ path: "/api/tokens", body: { name: "Bot", scopes: ["read"] } }) },
  "DELETE /api/tokens/{id}": {
    kind: "owner",
    call: async (w) => {
      const made = await w.owner.call("POST", "/api/tokens", { name: "Bot", scopes: ["read"] });
      expect(made.status).toBe(201);
      return { path: `/api/tokens/${made.body.token.id}` };
    },
  },
  // Raids (issue 36, item 5): always from the caller's own channel, on the caller's own settings.
  "POST /api/raids": {
    kind: "self",
    call: async (w) => {
      const target = await liveRaidTarget(w);
      return {
        path: "/api/raids",
        body: { target },
        // Called off at once (landing 10 s later would write the target's chat while another case looks), and the
        // caller's own live flag put back.
        after: async (actor) => {
          expect((await actor.call("DELETE", "/api/raids/current")).status).toBe(200);
          await w.db.updateTable("channel").set({ is_live: 0 }).where("user_id", "=", actor.user.id).execute();
        },
      };
    },
  },
  "DELETE /api/raids/current": { kind: "self", call: () => ({ path: "/api/raids/current" }) },
  "PUT /api/raids/settings": { kind: "self", call: () => ({ path: "/api/raids/settings", body: { policy: "followed" } }) },
  "POST /api/raids/blocks": { kind: "self", call: (w) => ({ path: "/api/raids/blocks", body: { username: w.owner.user.username } }) },
  "DELETE /api/raids/blocks/{username}": { kind: "self", call: (w) => ({ path: `/api/raids/blocks/${w.owner.user.username}` }) },
  "POST /api/me/data-export": {
    kind: "self",
    call: () => ({
      path: "/api/me/data-export",
      // The ZIP is written in the background: the next case must not see its row change.
      after: async (actor) => void (await waitFor("the export", async () => (await actor.call("GET", "/api/me/data-export")).body.export?.status !== "pending", 15_000, 50)),
    }),
  },
  "POST /api/me/delete": { kind: "ownAccount", call: () => ({ path: "/api/me/delete", bodyFor: (actor) => ({ password: actor.account.password }) }) },
  "POST /api/events": { kind: "self", call: () => ({ path: "/api/events", body: eventFields }) },
  "POST /api/events/cover": { kind: "self", call: (w) => ({ path: "/api/events/cover", bodyFor: () => pngForm(w) }) },
  "POST /api/tournament/create-tournament": {
    kind: "self",
    call: (w) => ({ path: "/api/tournament/create-tournament", bodyFor: () => w.form({ tournamentName: "Coupe du soir", format: "s_elim", size: "4", gameID: "1", timeZone: "Europe/Paris" }) }),
  },

  // Admins only.
  "PUT /api/admin/users/{id}/role": {
    kind: "admin",
    call: (w) => ({ path: `/api/admin/users/${w.player.user.id}/role`, body: { role: "admin" } }),
    cleanup: (w) => w.admin.call("PUT", `/api/admin/users/${w.player.user.id}/role`, { role: "viewer" }),
  },
  // The console's member actions, each on a new member (a suspension must not reach the world's actors).
  "POST /api/admin/users/{id}/suspend": { kind: "admin", call: async (w) => ({ path: `/api/admin/users/${(await w.newMember()).user.id}/suspend` }) },
  "POST /api/admin/users/{id}/unsuspend": { kind: "admin", call: async (w) => ({ path: `/api/admin/users/${(await w.newMember()).user.id}/unsuspend` }) },
  "POST /api/admin/users/{id}/sign-out": { kind: "admin", call: async (w) => ({ path: `/api/admin/users/${(await w.newMember()).user.id}/sign-out` }) },
  "POST /api/admin/users/{id}/password-reset": { kind: "admin", call: async (w) => ({ path: `/api/admin/users/${(await w.newMember()).user.id}/password-reset` }) },
  "POST /api/admin/users/{id}/coins": { kind: "admin", call: async (w) => ({ path: `/api/admin/users/${(await w.newMember()).user.id}/coins`, body: { amount: 5, reason: "Lot du tournoi" } }) },
  "POST /api/admin/backups": {
    kind: "admin",
    call: () => ({ path: "/api/admin/backups" }),
    // The backup runs in a child process: it ends before the next case.
    cleanup: (w) => waitFor("the backup", async () => (await w.admin.call("GET", "/api/admin/backups")).body.running === false, 20_000, 50),
  },
  "PUT /api/admin/storage": { kind: "admin", call: () => ({ path: "/api/admin/storage", body: { keep: "days", keepDays: 30, minFreeGb: 2, minFreePercent: 5 } }) },
  "POST /api/admin/storage/run": { kind: "admin", call: () => ({ path: "/api/admin/storage/run" }) },
  "PUT /api/legal/{type}": { kind: "admin", call: () => ({ path: "/api/legal/rgpd", body: { lang: "en", title: "Privacy", content: "<p>Rewritten</p>" } }) },
  "POST /api/stream/replays/{id}/restore": { kind: "admin", ownerRefusedToo: true, call: async (w) => ({ path: `/api/stream/replays/${await w.newReplay({ deleted: true })}/restore` }) },
  "POST /api/wallet/credit": { kind: "admin", call: (w) => ({ path: "/api/wallet/credit", bodyFor: (actor) => ({ userId: actor.user.id || w.member.user.id, amount: 1000 }) }) },
  // The console's content and site (issue 20): games are made for the case, so the world's catalogue stays as it is.
  "DELETE /api/admin/chat-bans/{channelId}/{userId}": {
    kind: "admin",
    call: async (w) => {
      expect((await w.owner.call("POST", `/api/chat/${w.channel.streamID}/bans`, { userId: w.player.user.id })).status).toBe(200);
      const channel = await w.db.selectFrom("channel").select("id").where("public_id", "=", w.channel.streamID).executeTakeFirstOrThrow();
      return { path: `/api/admin/chat-bans/${channel.id}/${w.player.user.id}` };
    },
    cleanup: (w) => w.owner.call("DELETE", `/api/chat/${w.channel.streamID}/bans/${w.player.user.id}`),
  },
  "PATCH /api/admin/site": { kind: "admin", call: () => ({ path: "/api/admin/site", body: { name: "Arena", signupsOpen: true } }) },
  "POST /api/admin/site/logo": { kind: "admin", call: (w) => ({ path: "/api/admin/site/logo", bodyFor: () => pngForm(w) }), cleanup: (w) => w.admin.call("DELETE", "/api/admin/site/logo") },
  "DELETE /api/admin/site/logo": { kind: "admin", call: () => ({ path: "/api/admin/site/logo" }) },
  "POST /api/admin/site/test-mail": { kind: "admin", call: () => ({ path: "/api/admin/site/test-mail" }) },
  "POST /api/admin/invitations": { kind: "admin", call: () => ({ path: "/api/admin/invitations", body: { maxUses: 1, expiresInDays: 7 } }) },
  "POST /api/admin/invitations/{id}/revoke": {
    kind: "admin",
    call: async (w) => {
      await w.admin.call("POST", "/api/admin/invitations", { maxUses: null, expiresInDays: null });
      const invitation = await w.db.selectFrom("invitation").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
      return { path: `/api/admin/invitations/${invitation.id}/revoke` };
    },
  },
  "POST /api/admin/games": { kind: "admin", call: () => ({ path: "/api/admin/games", body: { name: "Jeu du club", shortName: "JDC" } }) },
  "PUT /api/admin/games/{id}": { kind: "admin", call: async (w) => ({ path: `/api/admin/games/${await newGame(w)}`, body: { name: "Jeu renommé", shortName: "JR" } }) },
  "POST /api/admin/games/{id}/hide": { kind: "admin", call: async (w) => ({ path: `/api/admin/games/${await newGame(w)}/hide` }) },
  "POST /api/admin/games/{id}/show": {
    kind: "admin",
    call: async (w) => {
      const id = await newGame(w);
      await w.admin.call("POST", `/api/admin/games/${id}/hide`);
      return { path: `/api/admin/games/${id}/show` };
    },
  },
  "POST /api/admin/games/{id}/pictures/{picture}": { kind: "admin", call: async (w) => ({ path: `/api/admin/games/${await newGame(w)}/pictures/icon`, bodyFor: () => pngForm(w) }) },

  // The object's owner, or an admin.
  "DELETE /api/stream/replays/{id}": { kind: "owner", call: async (w) => ({ path: `/api/stream/replays/${await w.newReplay()}` }) },
  "PATCH /api/stream/clips/{id}": { kind: "owner", call: async (w) => ({ path: `/api/stream/clips/${await newClip(w)}`, body: { title: "Renommé" } }) },
  "PUT /api/stream/replays/{id}/pin": { kind: "owner", call: async (w) => ({ path: `/api/stream/replays/${await w.newReplay()}/pin` }) },
  "DELETE /api/stream/replays/{id}/pin": { kind: "owner", call: async (w) => ({ path: `/api/stream/replays/${await w.newReplay()}/pin` }) },
  "PUT /api/tournament/approve-player": {
    kind: "owner",
    call: async (w) => {
      const t = await w.newTournament("pending");
      return { path: "/api/tournament/approve-player", body: { tournmentID: t.id, PlayerID: t.participantId } };
    },
  },
  "DELETE /api/tournament/player/{playerId}": { kind: "owner", call: async (w) => ({ path: `/api/tournament/player/${(await w.newTournament("pending")).participantId}` }) },
  "PUT /api/tournament/update-tournament/{id}": {
    kind: "owner",
    call: async (w) => ({ path: `/api/tournament/update-tournament/${(await w.newTournament("pending")).id}`, bodyFor: () => w.form({ tournrmentName: "Coupe détournée" }) }),
  },
  "POST /api/tournament/start-tournament": { kind: "owner", call: async (w) => ({ path: "/api/tournament/start-tournament", body: { tournmentID: (await w.newTournament("full")).id } }) },
  "POST /api/tournament/start-match/{matchID}": { kind: "owner", call: async (w) => ({ path: `/api/tournament/start-match/${(await w.newTournament("started")).matchId}` }) },
  "POST /api/tournament/set-winner": {
    kind: "owner",
    call: async (w) => {
      const t = await w.newTournament("started");
      expect((await w.owner.call("POST", `/api/tournament/start-match/${t.matchId}`)).status).toBe(200);
      return { path: "/api/tournament/set-winner", body: { matchID: t.matchId, tournmentID: t.id, scorePlayer1: 2, scorePlayer2: 1 } };
    },
  },
  "POST /api/tournament/{id}/top-cut": {
    kind: "owner",
    call: async (w) => {
      const { id, tied } = await swissTiedOnTheCutLine(w.server, w.owner);
      return { path: `/api/tournament/${id}/top-cut`, body: { playerIds: [tied[0]] } };
    },
  },
  "DELETE /api/tournament/delete/{id}": { kind: "owner", call: async (w) => ({ path: `/api/tournament/delete/${(await w.newTournament("pending")).id}` }) },
  "POST /api/tournament/{id}/stations": { kind: "owner", call: async (w) => ({ path: `/api/tournament/${(await w.newTournament("pending")).id}/stations`, body: { name: "Poste 1" } }) },
  "PUT /api/tournament/{id}/check-in": {
    kind: "owner",
    call: async (w) => {
      const t = await w.newTournament("pending");
      expect((await w.owner.call("PUT", `/api/tournament/update-tournament/${t.id}`, w.form({ startDate: new Date(Date.now() + 10 * 60_000).toISOString() }))).status).toBe(200);
      return { path: `/api/tournament/${t.id}/check-in`, body: { minutesBefore: 30 } };
    },
  },
  "POST /api/tournament/{id}/check-in/close": { kind: "owner", call: async (w) => ({ path: `/api/tournament/${(await newCheckIn(w, "pending")).id}/check-in/close` }) },
  "PUT /api/tournament/{id}/check-in/{participantId}": {
    kind: "owner",
    call: async (w) => {
      const t = await newCheckIn(w, "full");
      return { path: `/api/tournament/${t.id}/check-in/${t.participantId}`, body: { checkedIn: true } };
    },
  },
  "POST /api/tournament/{id}/check-in/ticket": {
    kind: "owner",
    call: async (w) => {
      const t = await w.newTournament("pending");
      const event = await w.newEventWithTicket();
      await w.db.updateTable("event").set({ tournament_id: t.id }).where("id", "=", event.id).execute();
      const ticket = await w.db.selectFrom("ticket").select(["code", "user_id"]).where("id", "=", event.ticketId).executeTakeFirstOrThrow();
      const holder = [w.buyer, w.member, w.streamer, w.moderator].find((actor) => actor.user.id === ticket.user_id)!;
      await approvedEntrant(w, t.id, holder);
      return { path: `/api/tournament/${t.id}/check-in/ticket`, body: { code: ticket.code } };
    },
  },
  "PUT /api/tournament/{id}/stations/{stationId}": {
    kind: "owner",
    call: async (w) => {
      const { id, stationId } = await newStation(w, "pending");
      return { path: `/api/tournament/${id}/stations/${stationId}`, body: { name: "Poste détourné" } };
    },
  },
  "DELETE /api/tournament/{id}/stations/{stationId}": {
    kind: "owner",
    call: async (w) => {
      const { id, stationId } = await newStation(w, "pending");
      return { path: `/api/tournament/${id}/stations/${stationId}` };
    },
  },
  // The asked streamer answers (issue 34, item 17): here the world's owner, asked by another member's tournament.
  "POST /api/tournament/{id}/stations/{stationId}/answer": {
    kind: "owner",
    call: async (w) => {
      const form = w.form({ tournamentName: "Coupe d'un autre", format: "robin", size: "2", gameID: "1", timeZone: "Europe/Paris" });
      const id = (await w.streamer.call("POST", "/api/tournament/create-tournament", form)).body.id as number;
      const station = await w.streamer.call("POST", `/api/tournament/${id}/stations`, { name: "Poste", channel: w.owner.user.username });
      expect(station.body.station.requestedChannel).toEqual({ username: w.owner.user.username });
      return { path: `/api/tournament/${id}/stations/${station.body.station.id}/answer`, body: { accept: true } };
    },
  },
  "PUT /api/tournament/{id}/stations/{stationId}/match": {
    kind: "owner",
    call: async (w) => {
      const { id, stationId, matchId } = await newStation(w, "started");
      return { path: `/api/tournament/${id}/stations/${stationId}/match`, body: { matchID: matchId } };
    },
  },
  "PUT /api/tournament/{id}/matches/{matchID}/score": {
    kind: "owner",
    call: async (w) => {
      const t = await w.newTournament("started");
      expect((await w.owner.call("POST", `/api/tournament/start-match/${t.matchId}`)).status).toBe(200);
      return { path: `/api/tournament/${t.id}/matches/${t.matchId}/score`, body: { scorePlayer1: 1, scorePlayer2: 0 } };
    },
  },
  "PUT /api/tournament/{id}/auto-assign": { kind: "owner", call: async (w) => ({ path: `/api/tournament/${(await w.newTournament("started")).id}/auto-assign`, body: { autoAssign: true } }) },
  "POST /api/wallet/debit": { kind: "owner", call: (w) => ({ path: "/api/wallet/debit", body: { userId: w.owner.user.id, amount: 10 } }) },
  "PUT /api/events/{slug}": { kind: "owner", call: async (w) => ({ path: `/api/events/${(await w.newEvent()).slug}`, body: { description: "Rewritten by someone who does not organise it" } }) },
  "DELETE /api/events/{slug}": { kind: "owner", call: async (w) => ({ path: `/api/events/${(await w.newEventWithTicket()).slug}` }) },
  "PATCH /api/events/{eventId}": { kind: "owner", call: async (w) => ({ path: `/api/events/${(await w.newEventWithTicket()).id}`, body: { status: "cancelled" } }) },
  "PUT /api/events/{slug}/publish": { kind: "owner", call: async (w) => ({ path: `/api/events/${(await w.newEvent({ publish: false })).slug}/publish` }) },
  "PATCH /api/event-participants/{eventId}/{participantId}": {
    kind: "owner",
    call: async (w) => {
      const event = await w.newEventWithTicket();
      return { path: `/api/event-participants/${event.id}/${event.participantId}`, body: { status: "rejected" } };
    },
  },
  "POST /api/tickets/event/{eventId}/types": { kind: "owner", call: async (w) => ({ path: `/api/tickets/event/${(await w.newEvent()).id}/types`, body: { name: "VIP", price: 250, quantity: 5 } }) },
  "PUT /api/tickets/event/{eventId}/types/{typeId}": {
    kind: "owner",
    call: async (w) => {
      const { eventId, typeId } = await newTicketType(w);
      return { path: `/api/tickets/event/${eventId}/types/${typeId}`, body: { price: 1, closed: true } };
    },
  },
  "DELETE /api/tickets/event/{eventId}/types/{typeId}": {
    kind: "owner",
    call: async (w) => {
      const { eventId, typeId } = await newTicketType(w);
      return { path: `/api/tickets/event/${eventId}/types/${typeId}` };
    },
  },
  "PUT /api/tickets/event/{eventId}/type-order": {
    kind: "owner",
    call: async (w) => {
      const { eventId, typeId } = await newTicketType(w);
      return { path: `/api/tickets/event/${eventId}/type-order`, body: { order: [typeId] } };
    },
  },
  "POST /api/tickets/validate": { kind: "owner", call: async (w) => ({ path: "/api/tickets/validate", body: { qr: (await w.newEventWithTicket()).qr } }) },
  "POST /api/assignments": { kind: "owner", call: async (w) => ({ path: "/api/assignments", body: { eventId: (await w.newEvent()).id, streamerId: w.streamer.user.id, role: "main_streamer" } }) },
  "DELETE /api/assignments/{id}": { kind: "owner", call: async (w) => ({ path: `/api/assignments/${await w.newAssignment((await w.newEvent()).id)}` }) },

  // Moderation.
  "DELETE /api/messages/{messageId}": {
    kind: "moderation",
    reason: "removing a chat message is the moderators' job in every channel",
    call: async (w) => ({ path: `/api/messages/${await w.newMessage()}` }),
  },
  "POST /api/chat/{streamID}/bans": {
    kind: "moderation",
    reason: "moderators ban in every channel",
    call: (w) => ({ path: `/api/chat/${w.channel.streamID}/bans`, body: { userId: w.player.user.id, minutes: 5 } }),
    cleanup: (w) => w.owner.call("DELETE", `/api/chat/${w.channel.streamID}/bans/${w.player.user.id}`),
  },
  "DELETE /api/chat/{streamID}/bans/{userId}": {
    kind: "moderation",
    reason: "moderators lift bans in every channel",
    call: async (w) => {
      expect((await w.owner.call("POST", `/api/chat/${w.channel.streamID}/bans`, { userId: w.player.user.id })).status).toBe(200);
      return { path: `/api/chat/${w.channel.streamID}/bans/${w.player.user.id}` };
    },
    cleanup: (w) => w.owner.call("DELETE", `/api/chat/${w.channel.streamID}/bans/${w.player.user.id}`),
  },
  "PUT /api/chat/{streamID}/slow": {
    kind: "moderation",
    reason: "moderators set slow mode in every channel",
    call: (w) => ({ path: `/api/chat/${w.channel.streamID}/slow`, body: { seconds: 30 } }),
    cleanup: (w) => w.owner.call("PUT", `/api/chat/${w.channel.streamID}/slow`, { seconds: 0 }),
  },
  // Webhooks (issue 36): a channel's are its owner's (a tournament's and an event's: server/webhooks/webhooks.test.ts).
  "POST /api/webhooks": { kind: "owner", call: (w) => ({ path: "/api/webhooks", body: { scope: "channel", id: w.channel.id, url: "https://hooks.example.test/new" } }), cleanup: forgetWebhooks },
  "PATCH /api/webhooks/{id}": { kind: "owner", call: async (w) => ({ path: `/api/webhooks/${(await newWebhook(w)).id}`, body: { description: "Salon #annonces" } }), cleanup: forgetWebhooks },
  "DELETE /api/webhooks/{id}": { kind: "owner", call: async (w) => ({ path: `/api/webhooks/${(await newWebhook(w)).id}` }), cleanup: forgetWebhooks },
  "POST /api/webhooks/{id}/secret": { kind: "owner", call: async (w) => ({ path: `/api/webhooks/${(await newWebhook(w)).id}/secret` }), cleanup: forgetWebhooks },
  "POST /api/webhooks/{id}/test": { kind: "owner", call: async (w) => ({ path: `/api/webhooks/${(await newWebhook(w)).id}/test` }), cleanup: forgetWebhooks },
  "POST /api/webhooks/{id}/deliveries/{deliveryId}/resend": {
    kind: "owner",
    call: async (w) => {
      const { id, deliveryId } = await newWebhook(w);
      return { path: `/api/webhooks/${id}/deliveries/${deliveryId}/resend` };
    },
    cleanup: forgetWebhooks,
  },
  "DELETE /api/stream/clips/{id}": {
    kind: "moderation",
    reason: "a clip is removed by its author, the channel's streamer or the site's moderators",
    call: async (w) => ({ path: `/api/stream/clips/${await newClip(w)}` }),
  },
  "PATCH /api/reports/{id}": {
    kind: "moderation",
    reason: "the report queue belongs to moderators and admins",
    call: async (w) => ({ path: `/api/reports/${await w.newReport()}`, body: { status: "dismissed" } }),
  },

  // Any member, on someone else's object.
  "POST /api/stream/clips": {
    kind: "open",
    reason: "any member clips a moment of any channel's replay",
    call: async (w) => ({
      path: "/api/stream/clips",
      body: { source: "replay", replayId: await w.newReplay(), start: 0, end: 10 },
      // The cut runs in the background (and fails here: the replay has no file); it ends before the next case looks.
      after: async () => void (await waitFor("the clip's cut", async () => (await w.db.selectFrom("clip").select("id").where("status", "=", "processing").execute()).length === 0, 15_000, 50)),
    }),
  },
  "POST /api/stream/follow": {
    kind: "open",
    reason: "anyone follows any channel",
    call: (w) => ({ path: "/api/stream/follow", body: { channelId: w.channel.streamID } }),
    mayTouch: followerCount,
  },
  "POST /api/stream/unfollow": {
    kind: "open",
    reason: "unfollowing removes the caller's own follow only",
    mayTouch: followerCount,
    call: async (w) => {
      expect((await w.buyer.call("POST", "/api/stream/follow", { channelId: w.channel.streamID })).status).toBe(200);
      return { path: "/api/stream/unfollow", body: { channelId: w.channel.streamID } };
    },
  },
  "POST /api/report": {
    kind: "open",
    reason: "anyone reports a stream, user, replay, tournament or message",
    call: (w) => ({ path: "/api/report", body: { targetType: "stream", targetId: w.channel.streamID, reason: "Spam links in the chat" } }),
  },
  "POST /api/tournament/join-tournament": {
    kind: "open",
    reason: "anyone asks to join a tournament (the organiser approves)",
    call: async (w) => ({ path: "/api/tournament/join-tournament", body: { tournmentID: (await w.newTournament("pending")).id } }),
    impersonation: async (w) => ({ path: "/api/tournament/join-tournament", body: { tournmentID: (await w.newTournament("pending")).id, PlayerID: w.streamer.user.id } }),
  },
  "POST /api/tournament/leave-tournament": {
    kind: "open",
    reason: "leaving removes the caller's own place only",
    call: async (w) => {
      const t = await w.newTournament("pending");
      expect((await w.member.call("POST", "/api/tournament/join-tournament", { tournmentID: t.id })).status).toBe(200);
      return { path: "/api/tournament/leave-tournament", body: { tournmentID: t.id } };
    },
    impersonation: async (w) => ({ path: "/api/tournament/leave-tournament", body: { tournmentID: (await w.newTournament("pending")).id, PlayerID: w.player.user.id } }),
  },
  "POST /api/tournament/{id}/check-in": {
    kind: "open",
    reason: "an approved entrant checks themself in: it marks the caller's own place only",
    call: async (w) => {
      const t = await newCheckIn(w, "pending");
      await approvedEntrant(w, t.id, w.member);
      return { path: `/api/tournament/${t.id}/check-in` };
    },
  },
  "POST /api/event-participants/{eventId}": { kind: "open", reason: "anyone registers for a published public event", call: (w) => ({ path: `/api/event-participants/${w.event.id}` }) },
  "DELETE /api/event-participants/{eventId}": {
    kind: "open",
    reason: "unregistering removes the caller's own registration only",
    call: async (w) => ({ path: `/api/event-participants/${(await w.newEventWithTicket()).id}` }),
  },
  "POST /api/tickets/purchase": {
    kind: "open",
    reason: "anyone buys a ticket for a published public event",
    call: async (w) => ({ path: "/api/tickets/purchase", bodyFor: () => ({ userId: w.member.user.id, eventId: w.event.id, ticketType: "match", price: 100 }) }),
    mayTouch: { tables: ["wallet", "wallet_transaction", "notification"], reason: "the organiser is paid and told of the sale" },
    impersonation: (w) => ({ path: "/api/tickets/purchase", body: { userId: w.buyer.user.id, eventId: w.event.id, ticketType: "match", price: 100 } }),
  },
  "POST /api/tickets/{ticketId}/cancel": {
    kind: "open",
    reason: "a holder gives their own ticket back",
    call: async (w) => ({ path: `/api/tickets/${await ticketOf(w.member, await w.newEvent())}/cancel` }),
    mayTouch: { tables: ["wallet", "wallet_transaction"], reason: "the organiser's wallet pays the refund" },
    impersonation: async (w) => ({ path: `/api/tickets/${await ticketOf(w.buyer, await w.newEvent())}/cancel` }),
  },
  "POST /api/waitlist/{kind}/{id}": {
    kind: "open",
    reason: "any member joins the waiting list of a full public event",
    call: async (w) => ({ path: `/api/waitlist/event/${(await fullEvent(w)).id}` }),
  },
  "DELETE /api/waitlist/{kind}/{id}": { kind: "open", reason: "a member leaves the list they are on", call: async (w) => ({ path: `/api/waitlist/event/${(await fullEvent(w, w.member)).id}` }) },
  "POST /api/waitlist/offers/{entryId}/accept": {
    kind: "open",
    reason: "a member accepts their own offer, buying the ticket",
    call: async (w) => ({ path: `/api/waitlist/offers/${(await offeredEvent(w, w.member)).entryId}/accept`, body: { ticketType: "match", price: 100 } }),
    mayTouch: { tables: ["wallet", "wallet_transaction", "notification"], reason: "the organiser is paid and told of the sale" },
    impersonation: async (w) => ({ path: `/api/waitlist/offers/${(await offeredEvent(w, w.buyer)).entryId}/accept`, body: { ticketType: "match", price: 100 } }),
  },
  "POST /api/waitlist/offers/{entryId}/decline": {
    kind: "open",
    reason: "a member declines their own offer",
    call: async (w) => ({ path: `/api/waitlist/offers/${(await offeredEvent(w, w.member)).entryId}/decline` }),
    impersonation: async (w) => ({ path: `/api/waitlist/offers/${(await offeredEvent(w, w.buyer)).entryId}/decline` }),
  },
  "POST /api/waitlist/entries/{entryId}/take": { kind: "owner", call: async (w) => ({ path: `/api/waitlist/entries/${(await fullEvent(w, w.player)).entryId}/take` }) },
  "PUT /api/waitlist/{kind}/{id}/hold": { kind: "owner", call: async (w) => ({ path: `/api/waitlist/event/${(await w.newEvent()).id}/hold`, body: { minutes: 15 } }) },

  // The fediverse (issue 38): a member follows accounts with their own channel; a channel's owner removes its followers.
  "POST /api/fediverse/following": {
    kind: "self",
    call: async (w) => {
      await channelsToFollowWith(w);
      remoteAccounts += 1;
      return { path: "/api/fediverse/following", body: { handle: `@a${remoteAccounts}@127.0.0.1:${remote.port}` }, after: async () => void (await deliveriesSent(w)) };
    },
  },
  "DELETE /api/fediverse/following/{id}": { kind: "owner", call: async (w) => ({ path: `/api/fediverse/following/${await ownerFollows(w)}` }), cleanup: deliveriesSent },
  "DELETE /api/fediverse/followers/{id}": { kind: "owner", call: async (w) => ({ path: `/api/fediverse/followers/${await followsOwner(w)}` }), cleanup: deliveriesSent },
};

const doc = (await world.visitor.call("GET", "/api/openapi.json")).body as { paths: Record<string, Record<string, { security?: unknown[] }>> };
const MUTATING = new Set(["post", "put", "patch", "delete"]);
/** "POST /api/events" → its operation in the document. */
const operations = new Map(
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => MUTATING.has(method))
      .map(([method, operation]) => [`${method.toUpperCase()} /api${path}` as string, operation] as const),
  ),
);
const routes = [...operations.keys()];

/** The expected statuses as text when the answer has one of them, else the answer's own status, so a failure prints what came back. */
function statusIn(answer: Answer, statuses: number[]): string | number {
  return statuses.includes(answer.status) ? statuses.join(" or ") : answer.status;
}

async function send(actor: Actor, method: string, call: Call): Promise<Answer> {
  // A visitor sends what a member would have sent, so only the missing session differs.
  const sender = actor.user.id ? actor : world.member;
  const body = call.bodyFor ? call.bodyFor(sender) : call.body;
  const answer = await actor.call(method, call.path, body);
  if (answer.status < 300) await call.after?.(actor, body);
  return answer;
}

/** Sends the call and checks that it was refused for the right reason and that the database did not move. */
async function expectRefused(actor: Actor, method: string, call: Call, statuses: number[]): Promise<void> {
  const before = await snapshot(world.db);
  const answer = await send(actor, method, call);
  const after = await snapshot(world.db);
  expect({ status: statusIn(answer, statuses), body: answer.body }).toMatchObject({ status: statuses.join(" or "), body: { code: expect.any(String) } });
  // The same-origin guard answers 403 too: a refusal for that reason would prove nothing about access.
  expect(answer.body.code).not.toBe("cross_site_refused");
  expect(cheapStateOf(after)).toEqual(cheapStateOf(before));
  expect(diff(before, after)).toEqual([]);
}

/** Sends the call and checks that it succeeded and changed only rows of `actor` (or of the tables `mayTouch` names). */
async function expectOwnRowsOnly(actor: Actor, method: string, call: Call, mayTouch: string[] = []): Promise<Answer> {
  const before = await snapshot(world.db);
  const answer = await send(actor, method, call);
  const after = await snapshot(world.db);
  expect({ status: statusIn(answer, [200, 201]), body: answer.body }).toMatchObject({ status: "200 or 201" });
  const foreign = diff(before, after).filter((change: RowChange) => !mayTouch.includes(change.table) && ownerOf(change, [before, after]) !== actor.user.id);
  expect(foreign).toEqual([]);
  return answer;
}

/** A success: 200, 201, 202 for what is queued to happen after the answer (a webhook's test event), 204 for a removal. */
async function expectAllowed(actor: Actor, method: string, call: Call): Promise<void> {
  const answer = await send(actor, method, call);
  expect({ status: statusIn(answer, [200, 201, 202, 204]), body: answer.body }).toMatchObject({ status: "200 or 201 or 202 or 204" });
}

describe("the route table", () => {
  it("reads every mutating route from the running server's OpenAPI document", () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  for (const route of routes) {
    if (!CASES[route]) {
      it(`${route} says who may call it (add it to CASES in tests/authorization.test.ts)`, () => {
        expect(CASES[route]).toBeDefined();
      });
    }
  }

  it("has no case for a route the server no longer has", () => {
    expect(Object.keys(CASES).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it("refuses a write from another page of the same site, so the cases below send the app's own Origin on purpose", async () => {
    const event = await world.newEvent();
    const before = await snapshot(world.db);
    const response = await world.owner.browser.request("DELETE", `/api/events/${event.slug}`, undefined, { origin: "http://127.0.0.1:1" });
    expect({ status: response.status, body: await response.json() }).toMatchObject({ status: 403, body: { code: "cross_site_refused" } });
    expect(diff(before, await snapshot(world.db))).toEqual([]);
    const sameOrigin = await callAs(world.owner.browser, "PUT", `/api/events/${event.slug}`, { description: "Edited from the app's own page" });
    expect(sameOrigin.status).toBe(200);
  });
});

for (const route of routes) {
  const spec = CASES[route];
  if (!spec) continue;
  const method = route.split(" ")[0]!;
  describe(route, () => {
    if (spec.kind === "public") {
      it(`is public, and documented without a session: ${spec.reason}`, () => expect(operations.get(route)?.security).toBeUndefined());
      return;
    }
    it("is documented as needing a session", () => expect(operations.get(route)?.security?.length).toBeGreaterThan(0));
    it("refuses a visitor with 401", async () => expectRefused(world.visitor, method, await spec.call(world), [401]));

    switch (spec.kind) {
      case "self":
        it("lets a member act on their own account only", async () => void (await expectOwnRowsOnly(world.member, method, await spec.call(world))));
        it("lets a moderator act on their own account only", async () => void (await expectOwnRowsOnly(world.moderator, method, await spec.call(world))));
        break;
      case "ownAccount":
        it("refuses a member whose password is wrong, changing nothing", async () =>
          expectRefused(world.member, method, { ...(await spec.call(world)), bodyFor: () => ({ password: "not the password" }) }, [400]));
        it("lets a new member delete their own account, touching only their own rows", async () => void (await expectOwnRowsOnly(await world.newMember(), method, await spec.call(world))));
        break;
      case "owner":
        it("refuses a member who does not own the object, changing nothing", async () => expectRefused(world.member, method, await spec.call(world), [403, 404]));
        it("refuses a moderator, changing nothing", async () => expectRefused(world.moderator, method, await spec.call(world), [403, 404]));
        it("lets the owner do it (so the refusals above are about access, not a malformed call)", async () => {
          await expectAllowed(world.owner, method, await spec.call(world));
          await spec.cleanup?.(world);
        });
        break;
      case "admin":
        it("refuses a member, changing nothing", async () => expectRefused(world.member, method, await spec.call(world), [403, 404]));
        it("refuses a moderator, changing nothing", async () => expectRefused(world.moderator, method, await spec.call(world), [403, 404]));
        if (spec.ownerRefusedToo) it("refuses the object's owner, changing nothing", async () => expectRefused(world.owner, method, await spec.call(world), [403, 404]));
        it("lets an admin do it (so the refusals above are about access, not a malformed call)", async () => {
          await expectAllowed(world.admin, method, await spec.call(world));
          await spec.cleanup?.(world);
        });
        break;
      case "moderation":
        it("refuses a member who does not own the channel, changing nothing", async () => expectRefused(world.member, method, await spec.call(world), [403, 404]));
        it(`lets a moderator do it: ${spec.reason}`, async () => {
          await expectAllowed(world.moderator, method, await spec.call(world));
          await spec.cleanup?.(world);
        });
        break;
      case "open": {
        const { impersonation, mayTouch } = spec;
        if (impersonation) it("refuses a member acting in someone else's name, changing nothing", async () => expectRefused(world.member, method, await impersonation(world), [403, 404]));
        const touching = mayTouch ? `; also ${mayTouch.tables.join(", ")}: ${mayTouch.reason}` : "";
        it(`lets a member act on the owner's object, touching only the member's rows (${spec.reason}${touching})`, async () =>
          void (await expectOwnRowsOnly(world.member, method, await spec.call(world), mayTouch?.tables)));
        break;
      }
    }
  });
}
