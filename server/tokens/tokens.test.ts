import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createHash } from "node:crypto";
import { waitFor } from "../../tests/fixtures/publisher.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { connect } from "../../tests/fixtures/sockets.ts";
import { startedTournament } from "../../tests/fixtures/tournaments.ts";

// Personal access tokens (issue 36, item 2) against a real server: made with a session, shown once, kept hashed; they
// open the API as `Authorization: Bearer` and the chat socket, each call only where a scope reaches, never the
// account, its wallet, its tokens or its webhooks; revoked at once; limited per token.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Member = Awaited<ReturnType<typeof signedInUser>>;

async function tokenOf(member: Member, scopes: string[], name = "Bot du tournoi") {
  const made = await member.browser.post("/api/tokens", { name, scopes });
  expect(made.status).toBe(201);
  return made.body as { token: { id: number; hint: string; scopes: string[] }; secret: string };
}

/** A client that knows only the token, as a bot would. */
const bot = (secret: string) => {
  const client = new Browser(server.url);
  const bearer = { authorization: `Bearer ${secret}` };
  return {
    get: (path: string) => client.get(path, bearer),
    post: (path: string, body?: unknown) => client.post(path, body, bearer),
    put: (path: string, body?: unknown) => client.put(path, body, bearer),
  };
};

describe("a personal access token", () => {
  it("is shown once, kept as its hash, and listed by its first characters only", async () => {
    const member = await signedInUser(server);
    const { token, secret } = await tokenOf(member, ["read"]);
    expect(secret).toMatch(/^arena_pat_[A-Za-z0-9_-]{43}$/);
    const row = await server.deps.db.selectFrom("personal_token").selectAll().where("id", "=", token.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = (await member.browser.get("/api/tokens")).body.tokens;
    expect(listed).toEqual([expect.objectContaining({ id: token.id, name: "Bot du tournoi", hint: `${secret.slice(0, 14)}…`, scopes: ["read"], lastUsedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it("reads as its member with `read`, and nothing with another scope alone", async () => {
    const member = await signedInUser(server);
    const reader = await tokenOf(member, ["read"]);
    const me = await bot(reader.secret).get("/api/auth/me");
    expect([me.status, me.body.user?.username]).toEqual([200, member.account.username]);
    expect((await member.browser.get("/api/tokens")).body.tokens[0].lastUsedAt).not.toBeNull();
    const scorer = await tokenOf(member, ["tournament:score"]);
    const refused = await bot(scorer.secret).get("/api/auth/me");
    expect([refused.status, refused.body.code]).toEqual([401, "unauthorized"]);
  });

  it("records a score with `tournament:score`, and is refused it without, changing nothing", async () => {
    const organiser = await signedInUser(server);
    const { id } = await startedTournament(server, organiser, 4);
    const rounds = (await new Browser(server.url).get(`/api/tournament/rounds/${id}`)).body.data as { seeds: { id: string; teams: { playerID: number }[] }[] }[];
    const first = rounds[0]!.seeds[0]!;
    const readOnly = bot((await tokenOf(organiser, ["read"])).secret);
    const refused = await readOnly.post(`/api/tournament/start-match/${first.id}`);
    expect([refused.status, refused.body.code]).toEqual([403, "token_scope_missing"]);
    const before = (await new Browser(server.url).get(`/api/tournament/rounds/${id}`)).body;
    expect(JSON.stringify(before)).not.toContain('"playing":true');
    const scorer = bot((await tokenOf(organiser, ["tournament:score"])).secret);
    expect((await scorer.post(`/api/tournament/start-match/${first.id}`)).status).toBe(200);
    const ended = await scorer.post("/api/tournament/set-winner", { matchID: first.id, tournmentID: id, winnerID: first.teams[0]!.playerID, scorePlayer1: 3, scorePlayer2: 1 });
    expect(ended.status).toBe(200);
    // The token acts as its member: another member's token with the scope is refused by the tournament's own rule.
    const stranger = bot((await tokenOf(await signedInUser(server), ["tournament:score"])).secret);
    const second = rounds[0]!.seeds[1]!;
    expect((await stranger.post(`/api/tournament/start-match/${second.id}`)).status).toBe(403);
  });

  it("never reaches the account, its wallet, its tokens or its webhooks, whatever its scopes", async () => {
    const member = await signedInUser(server);
    const all = bot((await tokenOf(member, ["read", "chat:write", "chat:moderate", "channel:manage", "tournament:score", "event:door"])).secret);
    expect((await all.get("/api/auth/me")).status).toBe(200);
    const refusal = (answer: { status: number; body: { code?: string } }) => `${answer.status} ${answer.body?.code}`;
    const calls: [string, string][] = [
      ["PUT /api/auth/password", refusal(await all.put("/api/auth/password", { oldPassword: member.account.password, newPassword: "another password 1", confirmPassword: "another password 1" }))],
      ["PUT /api/auth/username", refusal(await all.put("/api/auth/username", { username: "hijacked" }))],
      ["POST /api/tokens", refusal(await all.post("/api/tokens", { name: "more", scopes: ["read"] }))],
      ["GET /api/tokens", refusal(await all.get("/api/tokens"))],
      ["POST /api/webhooks", refusal(await all.post("/api/webhooks", { scope: "channel", url: "https://example.test/hook" }))],
      ["GET /api/stream/mystreamkey", refusal(await all.get("/api/stream/mystreamkey"))],
      // The SRT address holds a passphrase made from the stream key.
      ["GET /api/stream/mysrt", refusal(await all.get("/api/stream/mysrt"))],
      ["PUT /api/stream/mysrt", refusal(await all.put("/api/stream/mysrt", { enabled: true }))],
      ["POST /api/me/delete", refusal(await all.post("/api/me/delete", { password: member.account.password }))],
      ["GET /api/wallet/balance", refusal(await all.get(`/api/wallet/balance/${member.user.id}`))],
    ];
    expect(calls.filter(([, answer]) => answer !== "403 token_scope_missing")).toEqual([]);
    // Still the same account, password and all.
    expect((await new Browser(server.url).post("/api/auth/login", { login: member.account.username, password: member.account.password })).status).toBe(200);
    expect((await member.browser.get("/api/tokens")).body.tokens).toHaveLength(1);
  });

  it("stops working the moment it is revoked, and another member cannot revoke it", async () => {
    const member = await signedInUser(server);
    const { token, secret } = await tokenOf(member, ["read"]);
    expect((await (await signedInUser(server)).browser.json("DELETE", `/api/tokens/${token.id}`)).status).toBe(404);
    expect((await bot(secret).get("/api/auth/me")).status).toBe(200);
    expect((await member.browser.json("DELETE", `/api/tokens/${token.id}`)).status).toBe(200);
    expect((await bot(secret).get("/api/auth/me")).status).toBe(401);
    expect((await member.browser.get("/api/tokens")).body.tokens[0].revokedAt).not.toBeNull();
  });

  it("counts its calls on its own: the 601st in a minute is refused with 429", async () => {
    const member = await signedInUser(server);
    const { secret } = await tokenOf(member, ["read"]);
    const reader = bot(secret);
    const statuses: number[] = [];
    for (let call = 0; call < 601; call++) statuses.push((await reader.get("/api/auth/me")).status);
    expect(statuses.slice(0, 600).every((status) => status === 200)).toBe(true);
    expect(statuses[600]).toBe(429);
    // The member's own session is not limited by its bot.
    expect((await member.browser.get("/api/auth/me")).status).toBe(200);
  });

  it("writes in a chat with `chat:write`, is refused without it, and its socket closes when it is revoked", async () => {
    const streamer = await signedInUser(server);
    await streamer.browser.post("/api/stream/mychannel/init");
    const channel = await server.deps.db.selectFrom("channel").select("public_id").where("user_id", "=", streamer.user.id).executeTakeFirstOrThrow();
    const member = await signedInUser(server);
    const writer = await tokenOf(member, ["chat:write"]);
    const reader = await tokenOf(member, ["read"]);
    const open = async (token: string) => {
      const client = await connect(server.url, "/writechat", { token });
      await client.emitWithAck("join", channel.public_id);
      return client;
    };
    const withScope = await open(writer.secret);
    const without = await open(reader.secret);
    try {
      expect(await withScope.emitWithAck("message", { message: "GG à tous", streamID: channel.public_id })).toMatchObject({ ok: true, message: { username: member.account.username } });
      const refused = await without.emitWithAck("message", { message: "Pas le droit", streamID: channel.public_id });
      expect(JSON.stringify(refused)).toContain("token_scope_missing");
      const lines = await server.deps.db.selectFrom("chat_message").select("content").where("user_id", "=", member.user.id).execute();
      expect(lines.map((line) => line.content)).toEqual(["GG à tous"]);
      expect((await member.browser.json("DELETE", `/api/tokens/${writer.token.id}`)).status).toBe(200);
      await waitFor("the revoked token's socket closed", () => !withScope.connected);
    } finally {
      withScope.close();
      without.close();
    }
  });

  it("is described in the OpenAPI document: each call that needs a login names the scope a token needs, or none", async () => {
    const document = (await new Browser(server.url).get("/api/openapi.json")).body;
    expect(document.paths["/tournament/set-winner"].post["x-token-scope"]).toBe("tournament:score");
    expect(document.paths["/tournament/set-winner"].post.security).toEqual([{ cookieAuth: [] }, { bearerAuth: ["tournament:score"] }]);
    expect(document.paths["/tickets/validate"].post["x-token-scope"]).toBe("event:door");
    expect(document.paths["/auth/password"].put["x-token-scope"]).toBe("none");
    expect(document.paths["/tokens"].post["x-token-scope"]).toBe("none");
    expect(document.paths["/notifications"].get["x-token-scope"]).toBe("read");
  });
});
