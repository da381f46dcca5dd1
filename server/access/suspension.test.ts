import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Role } from "../../db/types.ts";
import { ADMIN_ENV, adminBrowserOf } from "../../tests/fixtures/money.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { insertUser } from "../auth/service.ts";
import { createSession } from "../auth/sessions.ts";

/**
 * Who may suspend whom (issue 35), through both ways in: the admin console's button and the
 * moderation queue's "suspend the account" on a report. The table is written from the rule as
 * docs/decisions.md states it, not from the code: moderators suspend members, admins moderators too,
 * nobody suspends themselves or an admin (demoted first).
 */

type Target = Role | "self";
type Outcome = "suspended" | "forbidden" | "cannot_suspend_self" | "cannot_suspend_admin" | "cannot_suspend_moderator";

const roles: Role[] = ["viewer", "streamer", "organizer", "moderator", "admin"];
const targets: Target[] = [...roles, "self"];

const nobody: Record<Target, Outcome> = { viewer: "forbidden", streamer: "forbidden", organizer: "forbidden", moderator: "forbidden", admin: "forbidden", self: "forbidden" };
const expected: Record<Role, Record<Target, Outcome>> = {
  viewer: nobody,
  streamer: nobody,
  organizer: nobody,
  moderator: { viewer: "suspended", streamer: "suspended", organizer: "suspended", moderator: "cannot_suspend_moderator", admin: "cannot_suspend_admin", self: "cannot_suspend_self" },
  admin: { viewer: "suspended", streamer: "suspended", organizer: "suspended", moderator: "suspended", admin: "cannot_suspend_admin", self: "cannot_suspend_self" },
};
const statusOf: Record<Outcome, number> = { suspended: 200, forbidden: 403, cannot_suspend_self: 403, cannot_suspend_moderator: 403, cannot_suspend_admin: 409 };

/** The console is the admins' tool as a whole: anyone else is refused at its door, whatever the target. */
const throughConsole = (actor: Role, target: Target): Outcome => (actor === "admin" ? expected[actor][target] : "forbidden");
/** The queue is the staff's: the rule's answer is the queue's. */
const throughQueue = (actor: Role, target: Target): Outcome => expected[actor][target];

type Member = Awaited<ReturnType<typeof signedInUser>>;

let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminBrowserOf(server);
});
afterAll(() => server.stop());

/** A signed-up member given `role` by the admin: the one acting. */
async function member(role: Role) {
  const user = await signedInUser(server);
  if (role !== "viewer") expect((await admin.put(`/api/admin/users/${user.user.id}/role`, { role })).status).toBe(200);
  return user;
}

let victims = 0;
/** An account with `role` and an open session (made in the database: the sign-up limit per address is not this test's subject). */
async function victim(role: Role) {
  victims += 1;
  const user = await insertUser(server.deps, { username: `target${victims}`, email: `target${victims}@example.test`, passwordHash: null, emailVerified: true, role });
  const token = await createSession(server.deps.db, user.id, false, Date.now());
  return { user, signedIn: async () => (await new Browser(server.url).get("/api/auth/me", { authorization: `Bearer ${token}` })).status === 200 };
}

const suspendedAt = async (id: number) => (await server.deps.db.selectFrom("user").select("suspended_at").where("id", "=", id).executeTakeFirstOrThrow()).suspended_at;
const auditLines = async (id: number) => (await server.deps.db.selectFrom("audit_log").select("id").where("action", "=", "user.suspend").where("target_id", "=", String(id)).execute()).length;

/** The answer's outcome, and whether the target ended suspended, signed out, with one audit line per suspension. */
async function attempt(send: (targetId: number) => Promise<{ status: number; body: { code?: string } }>, actor: Member, target: Target) {
  const account = target === "self" ? { user: actor.user, signedIn: async () => (await actor.browser.get("/api/auth/me")).status === 200 } : await victim(target);
  const answer = await send(account.user.id);
  const outcome = answer.status === 200 ? "suspended" : answer.body.code;
  const suspended = (await suspendedAt(account.user.id)) !== null;
  return { status: answer.status, outcome, suspended, signedIn: await account.signedIn(), audited: await auditLines(account.user.id) };
}

const consequences = (outcome: Outcome) => ({ status: statusOf[outcome], outcome, suspended: outcome === "suspended", signedIn: outcome !== "suspended", audited: outcome === "suspended" ? 1 : 0 });

describe.each(roles)("suspending as %s", (actorRole) => {
  let actor: Member;
  let reporter: Member;
  beforeAll(async () => {
    actor = await member(actorRole);
    reporter = await signedInUser(server);
  });

  it.each(targets)("the target %s, from the admin console, gets what the table says", async (target) => {
    const result = await attempt((id) => actor.browser.post(`/api/admin/users/${id}/suspend`), actor, target);
    expect(result).toEqual(consequences(throughConsole(actorRole, target)));
  });

  it.each(targets)("the target %s, from a report in the moderation queue, gets what the table says; a refused report stays open", async (target) => {
    let reportId = 0;
    const result = await attempt(
      async (id) => {
        reportId = await reportOf(reporter, id);
        return actor.browser.json("PATCH", `/api/reports/${reportId}`, { status: "actioned", action: "suspend_account" });
      },
      actor,
      target,
    );
    const outcome = throughQueue(actorRole, target);
    expect(result).toEqual(consequences(outcome));
    const report = await server.deps.db.selectFrom("report").select("status").where("id", "=", reportId).executeTakeFirstOrThrow();
    expect(report.status).toBe(outcome === "suspended" ? "actioned" : "open");
  });
});

async function reportOf(reporter: Member, targetId: number): Promise<number> {
  const answer = await reporter.browser.post("/api/report", { targetType: "user", targetId, reason: "Harasses other players in chat" });
  expect(answer.status).toBe(201);
  const row = await server.deps.db.selectFrom("report").select("id").where("reporter_id", "=", reporter.user.id).orderBy("id", "desc").executeTakeFirstOrThrow();
  return row.id;
}

describe("both ways agree on the cases around the rule", () => {
  it("suspending an account already suspended changes nothing: its first time and audit line stay", async () => {
    const moderator = await member("moderator");
    const target = await victim("streamer");
    expect((await admin.post(`/api/admin/users/${target.user.id}/suspend`)).status).toBe(200);
    const first = await suspendedAt(target.user.id);
    const id = await reportOf(await signedInUser(server), target.user.id);
    expect((await moderator.browser.json("PATCH", `/api/reports/${id}`, { status: "actioned", action: "suspend_account" })).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${target.user.id}/suspend`)).status).toBe(200);
    expect(await suspendedAt(target.user.id)).toBe(first);
    expect(await auditLines(target.user.id)).toBe(1);
  });

  it("tells the refusal in the caller's language", async () => {
    const moderator = await member("moderator");
    const id = await reportOf(await signedInUser(server), (await victim("moderator")).user.id);
    const answer = await moderator.browser.speaking("fr").json("PATCH", `/api/reports/${id}`, { status: "actioned", action: "suspend_account" });
    expect(answer.body).toMatchObject({ code: "cannot_suspend_moderator", msg: "Seul un administrateur peut suspendre un modérateur." });
  });
});
