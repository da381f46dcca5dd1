import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ADMIN_ENV, adminBrowserOf, auditLedgerThenStop, balanceOf, fundedUser, type Member } from "../../tests/fixtures/money.ts";
import { waitFor } from "../../tests/fixtures/publisher.ts";
import { startBackup } from "./backups.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

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
afterAll(() => auditLedgerThenStop(server));

/** Every call of the console's members, on a target made for it. */
const calls: { name: string; method: "GET" | "POST"; path: (id: number) => string; body?: unknown }[] = [
  { name: "list", method: "GET", path: () => "/api/admin/users?q=user" },
  { name: "open", method: "GET", path: (id) => `/api/admin/users/${id}` },
  { name: "suspend", method: "POST", path: (id) => `/api/admin/users/${id}/suspend` },
  { name: "lift", method: "POST", path: (id) => `/api/admin/users/${id}/unsuspend` },
  { name: "sign out", method: "POST", path: (id) => `/api/admin/users/${id}/sign-out` },
  { name: "reset mail", method: "POST", path: (id) => `/api/admin/users/${id}/password-reset` },
  { name: "coins", method: "POST", path: (id) => `/api/admin/users/${id}/coins`, body: { amount: 10, reason: "Lot" } },
  { name: "audit log", method: "GET", path: () => "/api/admin/audit" },
  { name: "machine", method: "GET", path: () => "/api/admin/machine" },
  { name: "backups", method: "GET", path: () => "/api/admin/backups" },
  { name: "backup", method: "POST", path: () => "/api/admin/backups" },
];

describe("the admin console's calls", () => {
  for (const call of calls) {
    it(`${call.name}: refused to a member and a moderator, changing nothing`, async () => {
      const target = await signedInUser(server);
      const auditBefore = await server.deps.db.selectFrom("audit_log").select("id").execute();
      for (const caller of [member, moderator]) {
        const answer = await caller.browser.json(call.method, call.path(target.user.id), call.body);
        expect({ who: caller.user.username, status: answer.status }).toEqual({ who: caller.user.username, status: 403 });
      }
      expect((await target.browser.get("/api/auth/me")).status).toBe(200);
      expect(await server.deps.db.selectFrom("audit_log").select("id").execute()).toEqual(auditBefore);
    });
  }

  it("finds members by part of their name or e-mail, by role and by state", async () => {
    const zelda = await signedInUser(server, { username: "ZeldaPro", email: "zelda.pro@example.test" });
    const byName = (await admin.get("/api/admin/users?q=eldap")).body;
    expect(byName.members.map((m: { username: string }) => m.username)).toEqual(["ZeldaPro"]);
    expect((await admin.get("/api/admin/users?q=ZELDA.PRO@")).body.members.map((m: { id: number }) => m.id)).toEqual([zelda.user.id]);
    expect((await admin.get("/api/admin/users?q=%25")).body.members).toEqual([]);
    const moderators = (await admin.get("/api/admin/users?role=moderator")).body.members.map((m: { id: number }) => m.id);
    expect(moderators).toEqual([moderator.user.id]);
    expect((await admin.post(`/api/admin/users/${zelda.user.id}/suspend`)).status).toBe(200);
    expect((await admin.get("/api/admin/users?state=suspended")).body.members.map((m: { id: number }) => m.id)).toEqual([zelda.user.id]);
  });

  it("suspends (signed out, cannot sign in), lifts, never the admin themselves or another admin", async () => {
    const target = await signedInUser(server);
    expect((await admin.post(`/api/admin/users/${target.user.id}/suspend`)).status).toBe(200);
    expect((await target.browser.get("/api/auth/me")).status).toBe(401);
    expect((await new Browser(server.url).post("/api/auth/login", { login: target.account.username, password: target.account.password })).status).toBe(403);
    expect((await admin.post(`/api/admin/users/${target.user.id}/unsuspend`)).status).toBe(200);
    expect((await new Browser(server.url).post("/api/auth/login", { login: target.account.username, password: target.account.password })).status).toBe(200);
    expect((await admin.speaking("fr").post(`/api/admin/users/${adminId}/suspend`)).body).toMatchObject({ code: "cannot_suspend_self", msg: "Vous ne pouvez pas suspendre votre propre compte." });
    const otherAdmin = await signedInUser(server);
    await admin.put(`/api/admin/users/${otherAdmin.user.id}/role`, { role: "admin" });
    expect((await admin.post(`/api/admin/users/${otherAdmin.user.id}/suspend`)).status).toBe(409);
  });

  it("signs a member out everywhere and mails them a reset link", async () => {
    const target = await signedInUser(server);
    const secondDevice = new Browser(server.url);
    await secondDevice.post("/api/auth/login", { login: target.account.username, password: target.account.password });
    const signedOut = await admin.post(`/api/admin/users/${target.user.id}/sign-out`);
    expect(signedOut.body.sessionsEnded).toBe(2);
    expect((await target.browser.get("/api/auth/me")).status).toBe(401);
    expect((await secondDevice.get("/api/auth/me")).status).toBe(401);
    expect((await admin.post(`/api/admin/users/${target.user.id}/password-reset`)).status).toBe(200);
    const mail = readdirSync(join(server.dataDir, "mail")).filter((name) => name.endsWith(`${target.account.email}.eml`));
    expect(mail.map((name) => readFileSync(join(server.dataDir, "mail", name), "utf8")).join()).toContain("/new-password/");
  });

  it("credits and debits with a reason the ledger keeps; the balance is the ledger's sum; a debit never overdraws", async () => {
    const target = await fundedUser(server, admin, 0);
    expect((await admin.post(`/api/admin/users/${target.user.id}/coins`, { amount: 50, reason: "Lot du tournoi" })).body.balance).toBe(50);
    expect((await admin.post(`/api/admin/users/${target.user.id}/coins`, { amount: -20, reason: "Erreur de caisse" })).body.balance).toBe(30);
    expect((await admin.post(`/api/admin/users/${target.user.id}/coins`, { amount: -31, reason: "Trop" })).status).toBe(402);
    const noReason = await admin.speaking("fr").post(`/api/admin/users/${target.user.id}/coins`, { amount: 5, reason: " " });
    expect(noReason.body.errors[0]).toMatchObject({ field: "reason", code: "adjust_reason_required" });
    const ledger = await server.deps.db.selectFrom("wallet_transaction").select(["amount", "description"]).where("user_id", "=", target.user.id).orderBy("id").execute();
    expect(ledger).toEqual([
      { amount: 50, description: "Lot du tournoi" },
      { amount: -20, description: "Erreur de caisse" },
    ]);
    expect(await balanceOf(target)).toBe(ledger.reduce((sum, line) => sum + line.amount, 0));
  });

  it("opens a member with their channel, tickets, wallet and the reports about them", async () => {
    const target = await fundedUser(server, admin, 40);
    await target.browser.post("/api/stream/mychannel/init");
    const report = await member.browser.post("/api/report", { targetType: "user", targetId: target.user.id, reason: "Pseudo offensant" });
    expect(report.status).toBe(201);
    const detail = (await admin.get(`/api/admin/users/${target.user.id}`)).body;
    expect(detail.member).toMatchObject({ id: target.user.id, username: target.account.username, email: target.account.email, state: "active", openSessions: 1 });
    expect(detail.channel).not.toBeNull();
    expect(detail.wallet.balance).toBe(40);
    expect(detail.reports.map((r: { reason: string }) => r.reason)).toEqual(["Pseudo offensant"]);
  });

  it("writes every action to the audit log: who, what, on whom, when, before and after", async () => {
    const target = await signedInUser(server);
    const since =
      (
        await server.deps.db
          .selectFrom("audit_log")
          .select((eb) => eb.fn.max("id").as("max"))
          .executeTakeFirstOrThrow()
      ).max ?? 0;
    await admin.put(`/api/admin/users/${target.user.id}/role`, { role: "organizer" });
    await admin.post(`/api/admin/users/${target.user.id}/suspend`);
    await admin.post(`/api/admin/users/${target.user.id}/unsuspend`);
    await admin.post(`/api/admin/users/${target.user.id}/coins`, { amount: 7, reason: "Cadeau" });
    await admin.post("/api/wallet/credit", { userId: target.user.id, amount: 3 });
    const log = (await admin.get(`/api/admin/audit?targetType=user&targetId=${target.user.id}`)).body.entries.filter((e: { id: number }) => e.id > Number(since));
    expect(log.map((e: { action: string }) => e.action)).toEqual(["wallet.credit", "wallet.adjust", "user.unsuspend", "user.suspend", "user.role"]);
    expect(log.every((e: { actor: { id: number } }) => e.actor.id === adminId)).toBe(true);
    expect(log.find((e: { action: string }) => e.action === "user.role")).toMatchObject({ before: { role: "viewer" }, after: { role: "organizer" } });
    expect(log.find((e: { action: string }) => e.action === "wallet.adjust")).toMatchObject({ before: { balance: 0 }, after: { balance: 7, amount: 7, reason: "Cadeau" } });
    expect(Number.isNaN(Date.parse(log[0].at))).toBe(false);
  });

  it("shows the machine: disk use against a walk of its own, free room, the lives, this node's log", async () => {
    const machine = (await admin.get("/api/admin/machine")).body;
    expect(machine.disks.map((d: { volume: string }) => d.volume)).toEqual(["data", "media"]);
    expect(machine.disks[0].freeBytes).toBeGreaterThan(0);
    const database = ["arena.db", "arena.db-wal", "arena.db-shm"]
      .map((f) => join(server.dataDir, f))
      .filter((f) => existsSync(f))
      .reduce((sum, f) => sum + statSync(f).size, 0);
    if (!server.deps.config.databaseUrl) expect(machine.usage.database).toBe(database);
    else expect(machine.usage.database).toBeGreaterThan(0);
    expect(machine.usage.recordings).toBe(0);
    expect(machine.lives).toEqual([]);
    expect(machine.ffmpegJobs).toBeGreaterThanOrEqual(0);
    expect(Array.isArray(machine.log)).toBe(true);
  });

  it("takes a backup from the console, lists it and lets an admin (only) download it; one at a time", async () => {
    const started = await admin.post("/api/admin/backups");
    expect(started.status).toBe(201);
    const listed = await waitFor("the backup", async () => {
      const list = (await admin.get("/api/admin/backups")).body;
      return !list.running && list.backups.length > 0 ? list : undefined;
    });
    const backup = listed.backups[0];
    expect(backup.name).toMatch(/^arena-backup-.*\.tar$/);
    const download = await admin.request("GET", backup.downloadUrl);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(backup.size);
    expect((await member.browser.request("GET", backup.downloadUrl)).status).toBe(403);
    expect((await admin.request("GET", "/api/admin/backups/..%2Farena.db")).status).toBe(404);
    const log = (await admin.get("/api/admin/audit?targetType=site")).body.entries;
    expect(log[0]).toMatchObject({ action: "site.backup", actor: { id: adminId } });
    // Two clicks at once: the second is refused, whatever the timing.
    const caller = await server.deps.db.selectFrom("user").selectAll().where("id", "=", adminId).executeTakeFirstOrThrow();
    const first = startBackup(server.deps, caller);
    await expect(startBackup(server.deps, caller)).rejects.toThrow("backup_running");
    await (await first).done;
  });
});
