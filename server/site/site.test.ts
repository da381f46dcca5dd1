import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ADMIN_ENV, adminBrowserOf, type Member } from "../../tests/fixtures/money.ts";
import { makeImage } from "../../tests/fixtures/images.ts";
import { Browser, newAccount, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { insertReplay } from "../../tests/fixtures/replays.ts";
import { sendTestMail } from "./service.ts";

// The console's Content and Site tabs (issue 20): every call refused to a member and a moderator,
// every change written to the audit log with its before and after.
let server: TestServer;
let admin: Browser;
let adminId: number;
let member: Member;
let moderator: Member;
beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminBrowserOf(server);
  adminId = (await admin.get("/api/auth/me")).body.user.id;
  member = await signedInUser(server);
  moderator = await signedInUser(server);
  expect((await admin.put(`/api/admin/users/${moderator.user.id}/role`, { role: "moderator" })).status).toBe(200);
});
afterAll(() => server.stop());

function picture(bytes: Uint8Array): FormData {
  const data = new FormData();
  data.append("filename", new File([bytes as Uint8Array<ArrayBuffer>], "picture.png", { type: "image/png" }));
  return data;
}

async function auditSince(id: number) {
  return server.deps.db.selectFrom("audit_log").selectAll().where("id", ">", id).orderBy("id").execute();
}
async function lastAuditId(): Promise<number> {
  const row = await server.deps.db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirstOrThrow();
  return Number(row.max ?? 0);
}

/** A ready replay of a fresh streamer, with a video and a thumbnail on disk. */
async function replayOnDisk(title: string) {
  const owner = await signedInUser(server);
  await owner.browser.post("/api/stream/mychannel/init");
  const channel = await server.deps.db.selectFrom("channel").select("id").where("user_id", "=", owner.user.id).executeTakeFirstOrThrow();
  const name = crypto.randomUUID();
  const replay = await insertReplay(server.deps.db, channel.id, { title, filePath: `${channel.id}/${name}.mp4`, thumbnailPath: `${channel.id}/${name}.jpg`, fileSize: 1 });
  const folder = join(server.deps.config.mediaDir, "recordings", String(channel.id));
  mkdirSync(folder, { recursive: true });
  const files = [join(folder, `${name}.mp4`), join(folder, `${name}.jpg`)];
  for (const file of files) writeFileSync(file, "x");
  return { owner, id: replay.id, files };
}

/** Every new call of the two tabs (restore and delete-for-good are the replay routes', tried below). */
const calls: { name: string; method: string; path: string; body?: () => unknown }[] = [
  { name: "replays", method: "GET", path: "/api/admin/replays?state=deleted" },
  { name: "chat bans", method: "GET", path: "/api/admin/chat-bans" },
  { name: "lift a ban", method: "DELETE", path: "/api/admin/chat-bans/1/1" },
  { name: "site", method: "GET", path: "/api/admin/site" },
  { name: "edit the site", method: "PATCH", path: "/api/admin/site", body: () => ({ name: "Pirate", signupsOpen: false }) },
  { name: "logo", method: "DELETE", path: "/api/admin/site/logo" },
  { name: "test mail", method: "POST", path: "/api/admin/site/test-mail" },
  { name: "invitations", method: "GET", path: "/api/admin/invitations" },
  { name: "invite", method: "POST", path: "/api/admin/invitations", body: () => ({ maxUses: 1, expiresInDays: null }) },
  { name: "revoke", method: "POST", path: "/api/admin/invitations/1/revoke" },
  { name: "legal versions", method: "GET", path: "/api/legal/cgu/versions?lang=fr" },
  { name: "edit the CGU", method: "PUT", path: "/api/legal/cgu", body: () => ({ lang: "fr", title: "Pirate", content: "<p>x</p>" }) },
  { name: "games", method: "GET", path: "/api/admin/games" },
  { name: "add a game", method: "POST", path: "/api/admin/games", body: () => ({ name: "Pirate", shortName: "P" }) },
  { name: "edit a game", method: "PUT", path: "/api/admin/games/1", body: () => ({ name: "Pirate", shortName: "P" }) },
  { name: "hide a game", method: "POST", path: "/api/admin/games/1/hide" },
  { name: "show a game", method: "POST", path: "/api/admin/games/1/show" },
  { name: "restore a replay", method: "POST", path: "/api/stream/replays/1/restore" },
];

describe("the console's content and site calls", () => {
  for (const call of calls) {
    it(`${call.name}: refused to a member and a moderator, changing nothing`, async () => {
      const since = await lastAuditId();
      for (const caller of [member, moderator]) {
        const answer = await caller.browser.json(call.method, call.path, call.body?.());
        expect({ who: caller.user.username, status: answer.status }).toEqual({ who: caller.user.username, status: 403 });
      }
      expect(await auditSince(since)).toEqual([]);
    });
  }

  it("pictures (logo, game posters) are refused to a member and a moderator too", async () => {
    const image = await makeImage("png");
    for (const caller of [member, moderator]) {
      expect((await caller.browser.post("/api/admin/site/logo", picture(image))).status).toBe(403);
      expect((await caller.browser.post("/api/admin/games/1/pictures/icon", picture(image))).status).toBe(403);
    }
  });
});

describe("content", () => {
  it("lists deleted replays, restores one and deletes another for good (files gone), each audited", async () => {
    const kept = await replayOnDisk("Finale à garder");
    const purged = await replayOnDisk("Finale à effacer");
    for (const replay of [kept, purged]) expect((await replay.owner.browser.json("DELETE", `/api/stream/replays/${replay.id}`)).status).toBe(200);
    const deleted = (await admin.get("/api/admin/replays?state=deleted&q=finale")).body;
    expect(deleted.replays.map((r: { id: number }) => r.id).sort()).toEqual([kept.id, purged.id].sort());
    expect(deleted.replays.every((r: { deletedAt: string | null }) => r.deletedAt !== null)).toBe(true);

    const since = await lastAuditId();
    expect((await admin.post(`/api/stream/replays/${kept.id}/restore`)).status).toBe(200);
    expect((await kept.owner.browser.get(`/api/stream/replays/${kept.id}`)).status).toBe(200);
    expect((await admin.json("DELETE", `/api/stream/replays/${purged.id}?hard=true`)).status).toBe(200);
    expect(purged.files.map(existsSync)).toEqual([false, false]);
    expect(kept.files.map(existsSync)).toEqual([true, true]);
    expect(await server.deps.db.selectFrom("replay").select("id").where("id", "=", purged.id).execute()).toEqual([]);

    const log = await auditSince(since);
    expect(log.map((row) => [row.action, row.target_type, row.target_id, row.actor_id])).toEqual([
      ["replay.restore", "replay", String(kept.id), adminId],
      ["replay.purge", "replay", String(purged.id), adminId],
    ]);
    expect(JSON.parse(log[0]!.after!)).toEqual({ deletedAt: null });
    expect(JSON.parse(log[1]!.before!)).toMatchObject({ title: "Finale à effacer" });
    // The owner deleting their own replay is not an admin action: nothing was logged for it.
  });

  it("lists the chat bans of every channel and lifts one, audited, as the channel's own moderation history says", async () => {
    const owners = [await signedInUser(server), await signedInUser(server)];
    const troll = await signedInUser(server);
    const streams: string[] = [];
    for (const owner of owners) {
      await owner.browser.post("/api/stream/mychannel/init");
      const streamID = (await owner.browser.get("/api/stream/mychannelinfo")).body.channelArn as string;
      streams.push(streamID);
      expect((await owner.browser.post(`/api/chat/${streamID}/bans`, { userId: troll.user.id, reason: "spam" })).status).toBe(200);
    }
    const bans = (await admin.get("/api/admin/chat-bans")).body.bans.filter((b: { userId: number }) => b.userId === troll.user.id);
    expect(bans.map((b: { channel: string }) => b.channel).sort()).toEqual(owners.map((o) => o.user.username).sort());
    const since = await lastAuditId();
    expect((await admin.json("DELETE", `/api/admin/chat-bans/${bans[0].channelId}/${troll.user.id}`)).status).toBe(200);
    expect((await admin.json("DELETE", `/api/admin/chat-bans/${bans[0].channelId}/${troll.user.id}`)).status).toBe(404);
    const left = (await admin.get("/api/admin/chat-bans")).body.bans.filter((b: { userId: number }) => b.userId === troll.user.id);
    expect(left.map((b: { channelId: number }) => b.channelId)).toEqual([bans[1].channelId]);
    const log = await auditSince(since);
    expect(log.map((row) => [row.action, row.target_id])).toEqual([["chat.unban", String(troll.user.id)]]);
    expect(JSON.parse(log[0]!.before!)).toMatchObject({ reason: "spam", until: null });
    const history = await server.deps.db.selectFrom("chat_moderation").select(["action", "moderator_id"]).where("channel_id", "=", bans[0].channelId).orderBy("id").execute();
    expect(history.at(-1)).toEqual({ action: "unban", moderator_id: adminId });
  });
});

describe("site", () => {
  it("renames the site and sets a logo, both shown to everyone, each audited with before and after", async () => {
    const since = await lastAuditId();
    expect((await new Browser(server.url).get("/api/site")).body).toEqual({ success: true, name: "Arena", logo: null, signupsOpen: true });
    expect((await admin.json("PATCH", "/api/admin/site", { name: "LAN des Cimes" })).body.settings.name).toBe("LAN des Cimes");
    const noName = await admin.json("PATCH", "/api/admin/site", { name: "  " });
    expect(noName.body.errors[0]).toMatchObject({ field: "name", code: "site_name_invalid" });
    const logo = await admin.post("/api/admin/site/logo", picture(await makeImage("png")));
    expect(logo.body.logo).toMatch(/^\/uploads\/site\/\d+-[0-9a-f]+\.webp$/);
    expect((await fetch(server.url + logo.body.logo)).status).toBe(200);
    expect((await new Browser(server.url).get("/api/site")).body).toMatchObject({ name: "LAN des Cimes", logo: logo.body.logo });
    expect((await admin.json("DELETE", "/api/admin/site/logo")).body.logo).toBeNull();
    expect(existsSync(join(server.deps.config.mediaDir, logo.body.logo.slice(1)))).toBe(false);
    const log = await auditSince(since);
    expect(log.map((row) => [row.action, JSON.parse(row.before!), JSON.parse(row.after!)])).toEqual([
      ["site.settings", { name: "Arena" }, { name: "LAN des Cimes" }],
      ["site.logo", { logo: null }, { logo: logo.body.logo }],
      ["site.logo", { logo: logo.body.logo }, { logo: null }],
    ]);
    await admin.json("PATCH", "/api/admin/site", { name: "Arena" });
  });

  it("closes sign-ups: refused without an invitation, accepted with one until it is used up, expired or revoked", async () => {
    const since = await lastAuditId();
    expect((await admin.json("PATCH", "/api/admin/site", { signupsOpen: false })).body.settings.signupsOpen).toBe(false);
    const closed = await new Browser(server.url, "fr").post("/api/auth/signup", newAccount());
    expect(closed).toMatchObject({ status: 403, body: { code: "signups_closed" } });

    const once = (await admin.post("/api/admin/invitations", { note: "Équipe A", maxUses: 1, expiresInDays: 7 })).body.url as string;
    const twice = (await admin.post("/api/admin/invitations", { maxUses: 2, expiresInDays: null })).body.url as string;
    const tokenOf = (url: string) => new URL(url).searchParams.get("invite")!;
    expect(once.startsWith(`${server.deps.config.publicUrl}/?auth=signup&invite=`)).toBe(true);

    const signUp = (invite: string) => new Browser(server.url).post("/api/auth/signup", { ...newAccount(), invite });
    expect((await signUp(tokenOf(once))).status).toBe(200);
    expect((await signUp(tokenOf(once))).body.code).toBe("invitation_invalid");
    expect((await signUp("made-up")).body.code).toBe("invitation_invalid");
    // A sign-up refused for a taken name gives the use back.
    expect((await new Browser(server.url).post("/api/auth/signup", { ...newAccount(), username: member.account.username, invite: tokenOf(twice) })).status).toBe(409);
    expect((await signUp(tokenOf(twice))).status).toBe(200);
    expect((await signUp(tokenOf(twice))).status).toBe(200);
    expect((await signUp(tokenOf(twice))).body.code).toBe("invitation_invalid");

    const third = (await admin.post("/api/admin/invitations", { maxUses: null, expiresInDays: 1 })).body.url as string;
    const list = (await admin.get("/api/admin/invitations")).body.invitations;
    expect(list.map((i: { state: string; uses: number }) => [i.state, i.uses])).toEqual([
      ["active", 0],
      ["used", 2],
      ["used", 1],
    ]);
    await server.deps.db
      .updateTable("invitation")
      .set({ expires_at: Date.now() - 1 })
      .where("token", "=", tokenOf(third))
      .execute();
    expect((await signUp(tokenOf(third))).body.code).toBe("invitation_invalid");
    await server.deps.db.updateTable("invitation").set({ expires_at: null }).where("token", "=", tokenOf(third)).execute();
    expect((await admin.post(`/api/admin/invitations/${list[0].id}/revoke`)).status).toBe(200);
    expect((await signUp(tokenOf(third))).body.code).toBe("invitation_invalid");

    expect((await admin.json("PATCH", "/api/admin/site", { signupsOpen: true })).status).toBe(200);
    expect((await new Browser(server.url).post("/api/auth/signup", newAccount())).status).toBe(200);
    const log = await auditSince(since);
    expect(log.map((row) => row.action)).toEqual(["site.settings", "invitation.create", "invitation.create", "invitation.create", "invitation.revoke", "site.settings"]);
    expect(JSON.parse(log[1]!.after!)).toMatchObject({ note: "Équipe A", maxUses: 1 });
    expect(JSON.parse(log[4]!.after!)).toEqual({ state: "revoked" });
  });

  it("turns the captcha on (the login then asks for it) and off again", async () => {
    expect((await new Browser(server.url).get("/api/auth/options")).body.captcha).toBe(false);
    await admin.json("PATCH", "/api/admin/site", { captcha: true });
    expect((await new Browser(server.url).get("/api/auth/options")).body.captcha).toBe(true);
    expect((await new Browser(server.url).get("/api/auth/captcha")).body.enabled).toBe(true);
    const login = await new Browser(server.url).post("/api/auth/login", { login: member.account.username, password: member.account.password });
    expect(login.body.errors[0]).toMatchObject({ field: "captchaToken", code: "captcha_required" });
    await admin.json("PATCH", "/api/admin/site", { captcha: false });
    expect((await new Browser(server.url).post("/api/auth/login", { login: member.account.username, password: member.account.password })).status).toBe(200);
  });

  it("sends a test mail to the admin, and gives back the mailer's error when SMTP fails; both audited", async () => {
    const since = await lastAuditId();
    const sent = (await admin.post("/api/admin/site/test-mail")).body;
    expect(sent).toMatchObject({ sent: true, to: ADMIN_ENV.ADMIN_EMAIL, error: null });
    const caller = await server.deps.db.selectFrom("user").selectAll().where("id", "=", adminId).executeTakeFirstOrThrow();
    const broken = {
      delivers: true,
      send: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:2525");
      },
      forget: () => undefined,
    };
    const failed = await sendTestMail({ ...server.deps, mailer: broken }, caller, "en");
    expect(failed).toEqual({ sent: false, to: ADMIN_ENV.ADMIN_EMAIL, error: "connect ECONNREFUSED 127.0.0.1:2525" });
    const log = await auditSince(since);
    expect(log.map((row) => [row.action, JSON.parse(row.after!).sent])).toEqual([
      ["site.test_mail", true],
      ["site.test_mail", false],
    ]);
  });

  it("edits the CGU: sanitised, the version and date move on for members, every version kept, audited", async () => {
    const before = (await new Browser(server.url).get("/api/legal/cgu?lang=fr")).body.data;
    const since = await lastAuditId();
    const edited = await admin.put("/api/legal/cgu", { lang: "fr", title: "Conditions", content: '<p>Article 1 révisé.</p><script>alert(1)</script><img src=x onerror="alert(1)">' });
    expect(edited.status).toBe(200);
    const page = (await new Browser(server.url).get("/api/legal/cgu?lang=fr")).body.data;
    expect(page).toMatchObject({ title: "Conditions", content: "<p>Article 1 révisé.</p>", version: before.version + 1 });
    expect(Date.parse(page.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    const versions = (await admin.get("/api/legal/cgu/versions?lang=fr")).body.versions;
    expect(versions.map((v: { version: number; title: string }) => [v.version, v.title])).toEqual([
      [before.version + 1, "Conditions"],
      [before.version, before.title],
    ]);
    const log = await auditSince(since);
    expect(log.map((row) => [row.action, row.target_type, row.target_id, JSON.parse(row.before!).version, JSON.parse(row.after!).version])).toEqual([
      ["legal.edit", "legal", "cgu:fr", before.version, before.version + 1],
    ]);
  });

  it("adds a game with its pictures, edits it, hides it from the catalogue and shows it again; the shipped catalogue keeps the admin's edits", async () => {
    const since = await lastAuditId();
    const added = await admin.post("/api/admin/games", { name: "Tournoi Maison", shortName: "TM", descriptionFr: "Un jeu du club." });
    expect(added.status).toBe(201);
    const game = added.body.game;
    expect(game.id).toBeGreaterThanOrEqual(10_001);
    const icon = await admin.post(`/api/admin/games/${game.id}/pictures/icon`, picture(await makeImage("png")));
    expect(icon.body.game.icon).toMatch(/^\/uploads\/games\/.*\.webp$/);
    const poster = await admin.post(`/api/admin/games/${game.id}/pictures/portrait`, picture(await makeImage("png")));
    expect((await fetch(server.url + poster.body.game.portraitImage)).status).toBe(200);
    const catalogue = async () => (await new Browser(server.url).get("/api/stream/games")).body.games.map((g: { id: number }) => g.id);
    expect(await catalogue()).toContain(game.id);

    expect((await admin.put("/api/admin/games/1", { name: "Renamed by the admin", shortName: "RBA" })).status).toBe(200);
    const { seedGames } = await import("../games/service.ts");
    await seedGames(server.deps.db);
    expect((await new Browser(server.url).get("/api/stream/games/1")).body.game.name).toBe("Renamed by the admin");

    expect((await admin.post(`/api/admin/games/${game.id}/hide`)).body.game.hidden).toBe(true);
    expect(await catalogue()).not.toContain(game.id);
    expect((await new Browser(server.url).get("/api/stream/games/search?q=tournoi")).body.games).toEqual([]);
    expect((await admin.get("/api/admin/games")).body.games.find((g: { id: number }) => g.id === game.id).hidden).toBe(true);
    expect((await admin.post(`/api/admin/games/${game.id}/show`)).body.game.hidden).toBe(false);
    expect(await catalogue()).toContain(game.id);

    const log = await auditSince(since);
    expect(log.map((row) => [row.action, row.target_id])).toEqual([
      ["game.add", String(game.id)],
      ["game.icon", String(game.id)],
      ["game.portrait", String(game.id)],
      ["game.edit", "1"],
      ["game.hide", String(game.id)],
      ["game.show", String(game.id)],
    ]);
    expect(JSON.parse(log[3]!.after!)).toMatchObject({ name: "Renamed by the admin" });
    expect(log.every((row) => row.actor_id === adminId)).toBe(true);
  });
});
