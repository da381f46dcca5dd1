// The admin console's members (issue 20): find a member, open everything about them, and act on
// their account. Every action is checked here (admins only) and written to the audit log in the
// same transaction as the change.
import { sql } from "kysely";
import { inTransaction } from "../../db/transaction.ts";
import type { Role, User } from "../../db/types.ts";
import { sendPasswordResetMail } from "../auth/service.ts";
import { endSessions } from "../auth/sessions.ts";
import { ERASED_EMAIL_PATTERN, isErasedAccount } from "../auth/erased-accounts.ts";
import type { DbOrTransaction } from "../../db/index.ts";
import { assertCanSuspend } from "../access/policy.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError, NotFoundError } from "../http/errors.ts";
import type { Language } from "../i18n/messages.ts";
import { applyMovement } from "../ledger/ledger.ts";
import { recordAudit } from "./audit.ts";
import { assertAdmin } from "./guard.ts";

type MemberState = "active" | "suspended" | "deleted";

/** Deleted accounts keep a row under this address (server/privacy/erase.ts). */

export async function listMembers(deps: AppDeps, caller: User, filter: { q?: string; role?: Role; state?: MemberState; page: number; limit: number }) {
  assertAdmin(caller);
  let query = deps.db.selectFrom("user");
  if (filter.q) {
    const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb(sql`lower(username)`, "like", sql`${pattern} escape '\\'`), eb(sql`lower(email)`, "like", sql`${pattern} escape '\\'`)]));
  }
  if (filter.role) query = query.where("role", "=", filter.role);
  if (filter.state === "active") query = query.where("suspended_at", "is", null);
  if (filter.state === "suspended") query = query.where("suspended_at", "is not", null).where("email", "not like", ERASED_EMAIL_PATTERN);
  if (filter.state === "deleted") query = query.where("email", "like", ERASED_EMAIL_PATTERN);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy("id", "desc")
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { members: rows.map(memberRow), total: Number(total.count) };
}

function stateOf(user: User): MemberState {
  if (isErasedAccount(user)) return "deleted";
  return user.suspended_at === null ? "active" : "suspended";
}

function memberRow(user: User) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    state: stateOf(user),
    createdAt: new Date(user.created_at).toISOString(),
    lastLoginAt: user.last_login_at === null ? null : new Date(user.last_login_at).toISOString(),
    suspendedAt: user.suspended_at === null ? null : new Date(user.suspended_at).toISOString(),
  };
}

async function findMember(deps: AppDeps, id: number): Promise<User> {
  const user = await deps.db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirst();
  if (!user) throw new NotFoundError("user_not_found");
  return user;
}

/** Everything about one member an admin needs on one screen. */
export async function memberDetail(deps: AppDeps, caller: User, id: number) {
  assertAdmin(caller);
  const user = await findMember(deps, id);
  const db = deps.db;
  const channel = await db.selectFrom("channel").select(["id", "public_id", "title", "is_live"]).where("user_id", "=", id).executeTakeFirst();
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const [lives, replays, tickets, wallet, ledger, reports, sessions] = await Promise.all([
    channel ? db.selectFrom("live_session").select(["id", "title", "started_at", "ended_at"]).where("channel_id", "=", channel.id).orderBy("id", "desc").limit(20).execute() : [],
    channel ? db.selectFrom("replay").select(["id", "title", "status", "created_at", "deleted_at", "duration"]).where("channel_id", "=", channel.id).orderBy("id", "desc").limit(50).execute() : [],
    db
      .selectFrom("ticket")
      .innerJoin("event", "event.id", "ticket.event_id")
      .select(["ticket.id", "event.name as event", "event.slug", "ticket.status", "ticket.price", "ticket.created_at"])
      .where("ticket.user_id", "=", id)
      .orderBy("ticket.id", "desc")
      .limit(50)
      .execute(),
    db.selectFrom("wallet").select("balance").where("user_id", "=", id).executeTakeFirst(),
    db.selectFrom("wallet_transaction").select(["id", "amount", "type", "description", "created_at"]).where("user_id", "=", id).orderBy("id", "desc").limit(20).execute(),
    db
      .selectFrom("report")
      .select(["id", "target_type", "target_id", "reason", "status", "created_at"])
      .where((eb) =>
        eb.or([
          eb.and([eb("target_type", "=", "user"), eb("target_id", "in", [String(id), user.username])]),
          eb.and([eb("target_type", "=", "stream"), eb("target_id", "in", [user.username, channel?.public_id ?? ""])]),
        ]),
      )
      .orderBy("id", "desc")
      .execute(),
    db
      .selectFrom("session")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("user_id", "=", id)
      .where("expires_at", ">", deps.now())
      .executeTakeFirstOrThrow(),
  ]);
  return {
    member: { ...memberRow(user), firstName: user.first_name, lastName: user.last_name, emailVerified: user.email_verified_at !== null, openSessions: Number(sessions.count) },
    channel: channel ? { publicId: channel.public_id, title: channel.title, isLive: channel.is_live === 1 } : null,
    lives: lives.map((l) => ({ id: l.id, title: l.title, startedAt: iso(l.started_at)!, endedAt: iso(l.ended_at) })),
    replays: replays.map((r) => ({ id: r.id, title: r.title, status: r.status, duration: r.duration, createdAt: iso(r.created_at)!, deletedAt: iso(r.deleted_at) })),
    tickets: tickets.map((t) => ({ id: t.id, event: t.event, eventSlug: t.slug, status: t.status, price: t.price, createdAt: iso(t.created_at)! })),
    wallet: { balance: wallet?.balance ?? 0, recent: ledger.map((l) => ({ id: l.id, amount: l.amount, type: l.type, description: l.description, createdAt: iso(l.created_at)! })) },
    reports: reports.map((r) => ({ id: r.id, targetType: r.target_type, targetId: r.target_id, reason: r.reason, status: r.status, createdAt: iso(r.created_at)! })),
  };
}

/** A suspended member is signed out everywhere and cannot sign in. Who may suspend whom is the policy's (`assertCanSuspend`). */
export async function suspendMember(deps: AppDeps, caller: User, id: number): Promise<void> {
  assertAdmin(caller);
  await inTransaction(deps.db, (trx) => suspendAccount({ db: trx, bus: deps.bus }, caller, id, deps.now()));
}

/**
 * The one way an account is suspended, from the console or from a report (`via` names the report in the
 * audit line): the rule, then the account signed out at once and the audit line, in the caller's
 * transaction. An account already suspended stays as it was, from the first suspension's time.
 */
export async function suspendAccount(deps: { db: DbOrTransaction; bus: AppDeps["bus"] }, caller: User, id: number, now: number, via: Record<string, unknown> = {}): Promise<void> {
  const user = await deps.db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirst();
  if (!user || stateOf(user) === "deleted") throw new NotFoundError("user_not_found");
  assertCanSuspend(caller, user);
  if (user.suspended_at !== null) return;
  await deps.db.updateTable("user").set({ suspended_at: now, updated_at: now }).where("id", "=", id).execute();
  await endSessions(deps.db, deps.bus, { userId: id });
  await recordAudit(deps.db, caller, { action: "user.suspend", targetType: "user", targetId: id, before: { suspendedAt: null }, after: { ...via, suspendedAt: new Date(now).toISOString() } }, now);
}

export async function liftSuspension(deps: AppDeps, caller: User, id: number): Promise<void> {
  assertAdmin(caller);
  const now = deps.now();
  await inTransaction(deps.db, async (trx) => {
    const user = await trx.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirst();
    if (!user || stateOf(user) === "deleted") throw new NotFoundError("user_not_found");
    if (user.suspended_at === null) return;
    await trx.updateTable("user").set({ suspended_at: null, updated_at: now }).where("id", "=", id).execute();
    await recordAudit(
      trx,
      caller,
      { action: "user.unsuspend", targetType: "user", targetId: id, before: { suspendedAt: new Date(user.suspended_at).toISOString() }, after: { suspendedAt: null } },
      now,
    );
  });
}

/** Ends every session of the member (a stolen laptop, a shared computer). */
export async function signOutEverywhere(deps: AppDeps, caller: User, id: number): Promise<number> {
  assertAdmin(caller);
  await findMember(deps, id);
  const now = deps.now();
  return inTransaction(deps.db, async (trx) => {
    const count = await endSessions(trx, deps.bus, { userId: id });
    await recordAudit(trx, caller, { action: "user.sign_out", targetType: "user", targetId: id, after: { sessionsEnded: count } }, now);
    return count;
  });
}

/** Mails the member a reset link, as if they had asked for one (the admin never sees or sets the password). */
export async function mailPasswordReset(deps: AppDeps, caller: User, id: number, lang: Language): Promise<void> {
  assertAdmin(caller);
  const user = await findMember(deps, id);
  if (stateOf(user) !== "active") throw new AppError(409, "member_not_active");
  await sendPasswordResetMail(deps, user, lang);
  await recordAudit(deps.db, caller, { action: "user.password_reset", targetType: "user", targetId: id, after: { mailedTo: user.email } }, deps.now());
}

/** Credits (amount > 0) or debits an account with a reason the ledger keeps as typed. */
export async function adjustCoins(deps: AppDeps, caller: User, id: number, input: { amount: number; reason: string }): Promise<number> {
  assertAdmin(caller);
  await findMember(deps, id);
  const now = deps.now();
  return inTransaction(deps.db, async (trx) => {
    const before = (await trx.selectFrom("wallet").select("balance").where("user_id", "=", id).executeTakeFirst())?.balance ?? 0;
    const balance = await applyMovement(
      trx,
      { userId: id, amount: input.amount, type: input.amount > 0 ? "admin_credit" : "debit", description: input.reason, refType: "user", refId: caller.id },
      now,
    );
    await recordAudit(trx, caller, { action: "wallet.adjust", targetType: "user", targetId: id, before: { balance: before }, after: { balance, amount: input.amount, reason: input.reason } }, now);
    return balance;
  });
}
