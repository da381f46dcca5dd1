import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { Webhook } from "standardwebhooks";
import { ADMIN_ENV, adminBrowserOf, fundedUser, publishedEvent } from "../../tests/fixtures/money.ts";
import { waitFor } from "../../tests/fixtures/publisher.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { connect } from "../../tests/fixtures/sockets.ts";
import { startedTournament } from "../../tests/fixtures/tournaments.ts";
import { startReceiver } from "../../tests/fixtures/webhook-receiver.ts";
import { deliverDue, RETRY_DELAYS_MS } from "./dispatcher.ts";

// Outgoing webhooks (issue 36, item 1) against a real server and a real receiver on loopback, which the operator
// allows here (ALLOWED_PRIVATE_ADDRESSES), as a site would for a bot on its own machine. Signatures are checked with
// `standardwebhooks`, the convention's reference library, never with our own code. Retries are due minutes apart:
// the test asks the dispatcher for a pass at a later time instead of waiting for it.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ALLOWED_PRIVATE_ADDRESSES: "127.0.0.1/32", ...ADMIN_ENV });
});
afterAll(async () => {
  await server?.stop();
});

type Member = Awaited<ReturnType<typeof signedInUser>>;

async function channelWebhook(owner: Member, url: string, extra: Record<string, unknown> = {}) {
  const created = await owner.browser.post("/api/webhooks", { scope: "channel", url, ...extra });
  expect(created.status).toBe(201);
  return created.body as { webhook: { id: number }; secret: string };
}

async function follow(follower: Member, streamer: Member) {
  expect((await follower.browser.post("/api/stream/follow", { channelId: streamer.user.id })).status).toBe(200);
}

async function deliveriesOf(owner: Member, webhookId: number) {
  const page = await owner.browser.get(`/api/webhooks/${webhookId}/deliveries`);
  expect(page.status).toBe(200);
  return page.body.deliveries as { id: number; messageId: string; eventType: string; state: string; attempts: { status: number | null; error: string | null }[]; nextAttemptAt: string | null }[];
}

/** A pass of the dispatcher `ms` after now: what a node would send once that time has come. */
const passAfter = (ms: number) => deliverDue(server.deps, Date.now() + ms);

describe("a signed delivery", () => {
  it("sends a new follower to the channel's webhook, signed so that the reference library verifies it", async () => {
    const receiver = startReceiver();
    try {
      const streamer = await signedInUser(server);
      const { secret } = await channelWebhook(streamer, receiver.url);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const fan = await signedInUser(server);
      await follow(fan, streamer);
      const [request] = await receiver.got(1);
      const event = new Webhook(secret).verify(request!.body, request!.headers) as { type: string; data: Record<string, unknown> };
      expect(event.type).toBe("channel.follow");
      expect(event.data).toMatchObject({
        username: streamer.account.username,
        follower: fan.account.username,
        followers: 1,
        url: `${server.deps.config.publicUrl}/stream/${streamer.account.username}`,
      });
      // A body changed on the way, or signed with another key, is refused by the same library.
      expect(() => new Webhook(secret).verify(request!.body.replace("channel.follow", "channel.unfollow"), request!.headers)).toThrow();
      // Following again is no new follower: nothing more is sent.
      await follow(fan, streamer);
      await passAfter(0);
      expect(receiver.received.length).toBe(1);
    } finally {
      receiver.stop();
    }
  });

  it("signs with both keys for a day after a rotation, then with the new one alone", async () => {
    const receiver = startReceiver();
    try {
      const streamer = await signedInUser(server);
      const { webhook, secret: before } = await channelWebhook(streamer, receiver.url);
      const rotated = await streamer.browser.post(`/api/webhooks/${webhook.id}/secret`);
      expect(rotated.status).toBe(200);
      const after = rotated.body.secret as string;
      expect(after).not.toBe(before);
      expect(rotated.body.webhook.previousSecretUntil).not.toBeNull();
      await follow(await signedInUser(server), streamer);
      const [request] = await receiver.got(1);
      expect(request!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
      for (const secret of [before, after]) expect(new Webhook(secret).verify(request!.body, request!.headers)).toMatchObject({ type: "channel.follow" });
      // A day later the old key signs nothing.
      const old = server.deps.db
        .updateTable("webhook")
        .set({ previous_secret_until: Date.now() - 1 })
        .where("id", "=", webhook.id);
      await old.execute();
      await follow(await signedInUser(server), streamer);
      const second = (await receiver.got(2))[1]!;
      expect(second.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
      expect(() => new Webhook(before).verify(second.body, second.headers)).toThrow();
      expect(new Webhook(after).verify(second.body, second.headers)).toMatchObject({ type: "channel.follow" });
    } finally {
      receiver.stop();
    }
  });
});

describe("at least once", () => {
  it("tries again after 5 s, 30 s and 2 min when the receiver fails, and stops at the first success: one accepted delivery", async () => {
    const receiver = startReceiver((index) => ({ status: index < 3 ? 500 : 200 }));
    try {
      const streamer = await signedInUser(server);
      const { webhook } = await channelWebhook(streamer, receiver.url);
      await follow(await signedInUser(server), streamer);
      await receiver.got(1);
      const first = await waitFor("the first try written", async () => (await deliveriesOf(streamer, webhook.id))[0]?.attempts.length === 1 && (await deliveriesOf(streamer, webhook.id))[0]);
      expect(Date.parse(first.nextAttemptAt!) - Date.now()).toBeGreaterThan(RETRY_DELAYS_MS[0]! - 2000);
      // Not due yet: nothing goes.
      expect(await passAfter(0)).toBe(0);
      let elapsed = 0;
      for (const delay of RETRY_DELAYS_MS.slice(0, 3)) {
        elapsed += delay;
        expect(await passAfter(elapsed + 1000)).toBe(1);
      }
      expect(await passAfter(24 * 3_600_000)).toBe(0);
      expect(receiver.received.map((request) => request.status)).toEqual([500, 500, 500, 200]);
      expect(new Set(receiver.received.map((request) => request.headers["webhook-id"])).size).toBe(1);
      const [delivery] = await deliveriesOf(streamer, webhook.id);
      expect(delivery).toMatchObject({ state: "delivered", nextAttemptAt: null });
      expect(delivery!.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 500, 200]);
    } finally {
      receiver.stop();
    }
  });

  it("gives up after 24 h of failures, disables the webhook and tells its owner, who can enable it again", async () => {
    const receiver = startReceiver(() => ({ status: 503 }));
    try {
      const streamer = await signedInUser(server);
      const { webhook } = await channelWebhook(streamer, receiver.url);
      await follow(await signedInUser(server), streamer);
      await receiver.got(1);
      await waitFor("the first try written", async () => (await deliveriesOf(streamer, webhook.id))[0]?.attempts.length === 1);
      let elapsed = 0;
      for (const delay of RETRY_DELAYS_MS) {
        elapsed += delay;
        await passAfter(elapsed + 1000);
      }
      // The schedule's tries, all within the day; the next would have come after it.
      expect(receiver.received.length).toBe(RETRY_DELAYS_MS.length + 1);
      expect(elapsed).toBeLessThan(24 * 3_600_000);
      const listed = (await streamer.browser.get("/api/webhooks?scope=channel")).body.webhooks[0];
      expect(listed).toMatchObject({ enabled: false, disabledReason: "failing" });
      expect((await deliveriesOf(streamer, webhook.id))[0]!.state).toBe("failed");
      const notifications = (await streamer.browser.get("/api/notifications")).body.notifications as { type: string; link: string }[];
      expect(notifications.find((notification) => notification.type === "webhook_failing")).toMatchObject({ link: "/settings?tab=integrations" });
      // Disabled: new events are not queued for it.
      await follow(await signedInUser(server), streamer);
      expect((await deliveriesOf(streamer, webhook.id)).length).toBe(1);
      expect((await streamer.browser.json("PATCH", `/api/webhooks/${webhook.id}`, { enabled: true })).body.webhook.enabled).toBe(true);
    } finally {
      receiver.stop();
    }
  });

  it("stops at once when the receiver answers 410 Gone", async () => {
    const receiver = startReceiver(() => ({ status: 410 }));
    try {
      const streamer = await signedInUser(server);
      const { webhook } = await channelWebhook(streamer, receiver.url);
      await follow(await signedInUser(server), streamer);
      await receiver.got(1);
      await waitFor("the webhook disabled", async () => (await streamer.browser.get("/api/webhooks?scope=channel")).body.webhooks[0].disabledReason === "gone");
      expect((await deliveriesOf(streamer, webhook.id))[0]!.state).toBe("failed");
    } finally {
      receiver.stop();
    }
  });

  it("sends a test event and sends a delivery again with the same webhook-id", async () => {
    const receiver = startReceiver();
    try {
      const streamer = await signedInUser(server);
      const { webhook, secret } = await channelWebhook(streamer, receiver.url);
      expect((await streamer.browser.post(`/api/webhooks/${webhook.id}/test`)).status).toBe(202);
      const [test] = await receiver.got(1);
      expect(new Webhook(secret).verify(test!.body, test!.headers)).toMatchObject({ type: "webhook.test" });
      const [delivery] = await deliveriesOf(streamer, webhook.id);
      await waitFor("the test delivered", async () => (await deliveriesOf(streamer, webhook.id))[0]!.state === "delivered");
      expect((await streamer.browser.post(`/api/webhooks/${webhook.id}/deliveries/${delivery!.id}/resend`)).status).toBe(202);
      const again = (await receiver.got(2))[1]!;
      expect(again.headers["webhook-id"]).toBe(test!.headers["webhook-id"]);
      expect(again.body).toBe(test!.body);
    } finally {
      receiver.stop();
    }
  });
});

/** The events a receiver got, checked and read with the reference library. */
const eventsOf = (received: { body: string; headers: Record<string, string> }[], secret: string) =>
  received.map((request) => new Webhook(secret).verify(request.body, request.headers) as { type: string; data: Record<string, unknown> });

describe("each domain's events", () => {
  it("tells a tournament's webhook each match started and ended with its scores, then the champion, as the bracket shows them", async () => {
    const receiver = startReceiver();
    try {
      const organiser = await signedInUser(server);
      const { id } = await startedTournament(server, organiser, 4);
      const created = await organiser.browser.post("/api/webhooks", { scope: "tournament", id, url: receiver.url });
      expect(created.status).toBe(201);
      // Played as an organiser would: the first-listed player wins each match 2–1.
      type Seed = { id: string; finished: boolean; teams: { playerID: number | null; player: { name: string } | null }[] };
      const played: { player1: string; player2: string }[] = [];
      for (;;) {
        const rounds = (await new Browser(server.url).get(`/api/tournament/rounds/${id}`)).body.data as { seeds: Seed[] }[];
        const next = rounds.flatMap((round) => round.seeds).find((seed) => !seed.finished && seed.teams.every((team) => team.playerID !== null));
        if (!next) break;
        expect((await organiser.browser.post(`/api/tournament/start-match/${next.id}`)).status).toBe(200);
        const ended = await organiser.browser.post("/api/tournament/set-winner", { matchID: next.id, tournmentID: id, winnerID: next.teams[0]!.playerID, scorePlayer1: 2, scorePlayer2: 1 });
        expect(ended.status).toBe(200);
        played.push({ player1: next.teams[0]!.player!.name, player2: next.teams[1]!.player!.name });
      }
      expect(played.length).toBe(3);
      const champion = (await new Browser(server.url).get(`/api/tournament/getTournament/${id}`)).body;
      await receiver.got(played.length * 2 + 1);
      // Deliveries go out side by side, in no set order (as Standard Webhooks says): each is looked up by its match.
      const events = eventsOf(receiver.received, created.body.secret);
      expect(events.length).toBe(played.length * 2 + 1);
      for (const { player1, player2 } of played) {
        const ofMatch = events.filter((event) => event.data.player1 === player1 && event.data.player2 === player2);
        expect(ofMatch.map((event) => event.type).sort()).toEqual(["tournament.match.ended", "tournament.match.started"]);
        expect(ofMatch.find((event) => event.type === "tournament.match.ended")!.data).toMatchObject({ score1: 2, score2: 1, winner: player1 });
        // One match, one id, when it starts and when it ends.
        expect(new Set(ofMatch.map((event) => event.data.matchId)).size).toBe(1);
      }
      const championName = played.at(-1)!.player1;
      expect(events.filter((event) => event.type === "tournament.finished").map((event) => event.data)).toEqual([expect.objectContaining({ tournamentId: id, champion: championName })]);
      expect(JSON.stringify(champion)).toContain(championName);
    } finally {
      receiver.stop();
    }
  });

  it("tells an event's webhook of a ticket sold, checked in at the door and, for another, refunded", async () => {
    const receiver = startReceiver();
    try {
      const admin = await adminBrowserOf(server);
      const organiser = await fundedUser(server, admin, 1000);
      const event = await publishedEvent(organiser);
      const created = await organiser.browser.post("/api/webhooks", { scope: "event", id: event.id, url: receiver.url });
      expect(created.status).toBe(201);
      const [guest, quitter] = [await fundedUser(server, admin, 500), await fundedUser(server, admin, 500)];
      const buy = async (member: typeof guest) => (await member.browser.post("/api/tickets/purchase", { userId: String(member.user.id), eventId: event.id, ticketType: "match" })).body.ticket;
      const ticket = await buy(guest);
      expect((await organiser.browser.post("/api/tickets/validate", { qr: ticket.qr_code, eventId: event.id })).status).toBe(200);
      const other = await buy(quitter);
      expect((await quitter.browser.post(`/api/tickets/${other.id}/cancel`)).status).toBe(200);
      await receiver.got(4);
      // In no set order (deliveries go out side by side): sorted by ticket, then as they happened.
      const order = ["event.ticket.sold", "event.checkin", "event.ticket.refunded"];
      const events = eventsOf(receiver.received, created.body.secret)
        .map((event) => [event.type, event.data.holder, event.data.ticketId, event.data.price] as [string, string, number, number])
        .sort((a, b) => a[2] - b[2] || order.indexOf(a[0]) - order.indexOf(b[0]));
      expect(events).toEqual([
        ["event.ticket.sold", guest.account.username, ticket.id, ticket.price],
        ["event.checkin", guest.account.username, ticket.id, ticket.price],
        ["event.ticket.sold", quitter.account.username, other.id, other.price],
        ["event.ticket.refunded", quitter.account.username, other.id, other.price],
      ]);
    } finally {
      receiver.stop();
    }
  });

  it("sends the chat's lines only to a webhook that asked for them by name", async () => {
    const [all, chat] = [startReceiver(), startReceiver()];
    try {
      const streamer = await signedInUser(server);
      await channelWebhook(streamer, all.url);
      const { secret } = await channelWebhook(streamer, chat.url, { events: ["chat.message"] });
      const streamID = (await streamer.browser.get("/api/webhooks?scope=channel")).body.webhooks[0].scopeId as number;
      const publicId = (await server.deps.db.selectFrom("channel").select("public_id").where("id", "=", streamID).executeTakeFirstOrThrow()).public_id;
      const viewer = await signedInUser(server);
      const socket = await connect(server.url, "/writechat", { cookie: `arena_session=${viewer.browser.cookies.get("arena_session")}` });
      try {
        await socket.emitWithAck("join", publicId);
        expect(await socket.emitWithAck("message", { message: "Bonne chance !", streamID: publicId })).toMatchObject({ ok: true });
        const [line] = await chat.got(1);
        expect(eventsOf([line!], secret)[0]).toMatchObject({ type: "chat.message", data: { author: viewer.account.username, text: "Bonne chance !", username: streamer.account.username } });
        await passAfter(0);
        expect(all.received).toEqual([]);
      } finally {
        socket.disconnect();
      }
    } finally {
      all.stop();
      chat.stop();
    }
  });
});

describe("the Discord preset", () => {
  it("posts Discord's body (content and an embed with the title, link and game) and waits as long as a 429 says", async () => {
    const receiver = startReceiver((index) => (index === 0 ? { status: 429, body: JSON.stringify({ message: "You are being rate limited.", retry_after: 2.5, global: false }) } : { status: 204 }));
    try {
      const admin = await adminBrowserOf(server);
      const organiser = await fundedUser(server, admin, 1000);
      const event = await publishedEvent(organiser, { name: "LAN du Rhône" });
      // Made in French, the posts speak French.
      const created = await organiser.browser.speaking("fr").post("/api/webhooks", { scope: "event", id: event.id, url: receiver.url, format: "discord", events: ["event.ticket.sold"] });
      expect(created.status).toBe(201);
      const buyer = await fundedUser(server, admin, 500);
      const bought = await buyer.browser.post("/api/tickets/purchase", { userId: String(buyer.user.id), eventId: event.id, ticketType: "match" });
      expect(bought.status).toBe(201);
      const [limited] = await receiver.got(1);
      const body = JSON.parse(limited!.body) as { content: string; embeds: { title: string; url: string }[]; allowed_mentions: { parse: string[] } };
      // The price the buyer paid, read from their wallet's side: the post says the same.
      const paid = 500 - (await buyer.browser.get(`/api/wallet/balance/${buyer.user.id}`)).body.balance;
      expect(paid).toBeGreaterThan(0);
      // The type's name in the webhook's language, whatever the buyer's (English here).
      expect(bought.body.ticket.ticket_name).toBe("Match Ticket");
      expect(body.content).toBe(`Billet vendu pour LAN du Rhône : Billet Match, ${paid} G-Coins.`);
      expect(body.embeds[0]).toMatchObject({ url: `${server.deps.config.publicUrl}/events/${event.slug}` });
      expect(body.allowed_mentions.parse).toEqual([]);
      const [delivery] = await deliveriesOf(organiser, created.body.webhook.id);
      const waited = Date.parse(delivery!.nextAttemptAt!) - limited!.at;
      expect(waited).toBeGreaterThanOrEqual(2400);
      expect(waited).toBeLessThan(RETRY_DELAYS_MS[0]!);
      await receiver.got(2);
      expect(receiver.received[1]!.body).toBe(limited!.body);
    } finally {
      receiver.stop();
    }
  });
});

describe("addresses Arena never calls", () => {
  it("refuses loopback, link-local and the node's own port, and a private network until an admin allows it", async () => {
    const streamer = await signedInUser(server);
    const refusal = async (url: string) => {
      const answer = await streamer.browser.post("/api/webhooks", { scope: "channel", url });
      return answer.status === 201 ? 201 : answer.body.errors?.[0]?.code;
    };
    // Loopback is allowed on this server by its operator, except Arena's own port (its API, its /metrics).
    expect(await refusal(`http://127.0.0.1:${server.port}/metrics`)).toBe("outbound_address_internal");
    expect(await refusal(`http://localhost:${server.port}/api/health`)).toBe("outbound_address_internal");
    for (const url of ["http://169.254.169.254/latest/meta-data/", "http://[::1]:9000/", "http://0.0.0.0:8080/", "http://[fe80::1]/", "http://127.0.0.2:9000/"])
      expect(await refusal(url)).toBe("outbound_address_internal");
    expect(await refusal("ftp://example.test/hook")).toBe("outbound_url_invalid");
    expect(await refusal("http://user:pass@example.test/hook")).toBe("outbound_url_invalid");
    expect(await refusal("http://10.1.2.3/hook")).toBe("outbound_address_private");
    expect(await refusal("http://192.168.1.20:8080/hook")).toBe("outbound_address_private");
    const admin = await adminBrowserOf(server);
    expect((await admin.json("PATCH", "/api/admin/site", { webhooksToPrivateNetworks: true })).status).toBe(200);
    try {
      expect(await refusal("http://192.168.1.20:8080/hook")).toBe(201);
      expect(await refusal("http://169.254.169.254/latest/meta-data/")).toBe("outbound_address_internal");
    } finally {
      expect((await admin.json("PATCH", "/api/admin/site", { webhooksToPrivateNetworks: false })).status).toBe(200);
    }
  });

  it("checks the address again before each try: a private address no longer allowed is not called", async () => {
    const admin = await adminBrowserOf(server);
    await admin.json("PATCH", "/api/admin/site", { webhooksToPrivateNetworks: true });
    const streamer = await signedInUser(server);
    const { webhook } = await channelWebhook(streamer, "http://192.168.255.254:9/hook");
    await admin.json("PATCH", "/api/admin/site", { webhooksToPrivateNetworks: false });
    await follow(await signedInUser(server), streamer);
    const [delivery] = await waitFor("the try written", async () => {
      const deliveries = await deliveriesOf(streamer, webhook.id);
      return deliveries[0]?.attempts.length ? deliveries : undefined;
    });
    expect(delivery!.attempts[0]).toMatchObject({ status: null, error: "outbound_address_private" });
  });
});

describe("who manages which webhooks", () => {
  it("keeps a channel's webhooks to its owner, a tournament's and an event's to their organiser, the site's to admins", async () => {
    const receiver = startReceiver();
    try {
      const owner = await signedInUser(server);
      const other = await signedInUser(server);
      const { webhook } = await channelWebhook(owner, receiver.url);
      const ownChannel = (await owner.browser.get("/api/webhooks?scope=channel")).body.webhooks[0].scopeId as number;
      // Another member sees none of it, as if it did not exist, and cannot add one to the owner's channel.
      expect((await other.browser.get(`/api/webhooks/${webhook.id}/deliveries`)).status).toBe(404);
      expect((await other.browser.json("PATCH", `/api/webhooks/${webhook.id}`, { url: receiver.url })).status).toBe(404);
      expect((await other.browser.json("DELETE", `/api/webhooks/${webhook.id}`)).status).toBe(404);
      expect((await other.browser.post(`/api/webhooks/${webhook.id}/test`)).status).toBe(404);
      expect((await other.browser.post(`/api/webhooks/${webhook.id}/secret`)).status).toBe(404);
      expect((await other.browser.get(`/api/webhooks?scope=channel&id=${ownChannel}`)).status).toBe(403);
      expect((await other.browser.post("/api/webhooks", { scope: "channel", id: ownChannel, url: receiver.url })).status).toBe(403);
      expect((await other.browser.get("/api/webhooks?scope=site")).status).toBe(403);
      const admin = await adminBrowserOf(server);
      expect((await admin.get("/api/webhooks?scope=site")).status).toBe(200);
      const organiser = await fundedUser(server, admin, 1000);
      const event = await publishedEvent(organiser);
      expect((await other.browser.post("/api/webhooks", { scope: "event", id: event.id, url: receiver.url })).status).toBe(403);
      // An event's scope offers its own events only.
      const wrong = await organiser.browser.post("/api/webhooks", { scope: "event", id: event.id, url: receiver.url, events: ["stream.online"] });
      expect([wrong.status, wrong.body.errors?.[0]?.code]).toEqual([400, "webhook_event_unknown"]);
      // The owner's own calls work, so the refusals above are about who asks.
      expect((await owner.browser.json("DELETE", `/api/webhooks/${webhook.id}`)).status).toBe(200);
      expect((await owner.browser.get("/api/webhooks?scope=channel")).body.webhooks).toEqual([]);
    } finally {
      receiver.stop();
    }
  });
});
