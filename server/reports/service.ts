import type { DbOrTransaction } from "../../db/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import type { ReportTargetType, User } from "../../db/types.ts";
import { recordAudit } from "../admin/audit.ts";
import { isStaff } from "../access/policy.ts";
import { suspendAccount } from "../admin/members.ts";
import type { AppDeps } from "../http/context.ts";
import { BadRequestError, ForbiddenError, NotFoundError } from "../http/errors.ts";
import { hitRateLimit, type Limit } from "../http/rate-limit.ts";
import type { ReportInput, ReportResponse } from "./schemas.ts";

interface Target {
  user: { id: number; username: string } | null;
  label: string;
  /** The channel a chat ban applies to. */
  channelId: number | null;
}

/** Finds what a report points at, so moderators see a name rather than an id; unknown targets are refused. */
async function resolveTarget(deps: AppDeps, type: ReportTargetType, id: string): Promise<Target> {
  const db = deps.db;
  switch (type) {
    case "stream": {
      const row = await db
        .selectFrom("channel")
        .innerJoin("user", "user.id", "channel.user_id")
        .select(["user.id", "user.username", "channel.id as channelId", "channel.title"])
        .where("channel.public_id", "=", id)
        .executeTakeFirst();
      if (row) return { user: { id: row.id, username: row.username }, label: row.title || row.username, channelId: row.channelId };
      break;
    }
    case "user": {
      const row = await db
        .selectFrom("user")
        .leftJoin("channel", "channel.user_id", "user.id")
        .select(["user.id", "user.username", "channel.id as channelId"])
        .where("user.id", "=", Number(id) || 0)
        .executeTakeFirst();
      if (row) return { user: { id: row.id, username: row.username }, label: row.username, channelId: row.channelId };
      break;
    }
    case "replay": {
      const row = await db
        .selectFrom("replay")
        .innerJoin("channel", "channel.id", "replay.channel_id")
        .innerJoin("user", "user.id", "channel.user_id")
        .select(["user.id", "user.username", "replay.title", "channel.id as channelId"])
        .where("replay.id", "=", Number(id) || 0)
        .executeTakeFirst();
      if (row) return { user: { id: row.id, username: row.username }, label: row.title, channelId: row.channelId };
      break;
    }
    case "message": {
      const row = await db
        .selectFrom("chat_message")
        .innerJoin("user", "user.id", "chat_message.user_id")
        .select(["user.id", "user.username", "chat_message.content", "chat_message.channel_id"])
        .where("chat_message.id", "=", Number(id) || 0)
        .executeTakeFirst();
      if (row) return { user: { id: row.id, username: row.username }, label: row.content.slice(0, 140), channelId: row.channel_id };
      break;
    }
    case "tournament": {
      const row = await db
        .selectFrom("tournament")
        .innerJoin("user", "user.id", "tournament.admin_id")
        .select(["user.id", "user.username", "tournament.name"])
        .where("tournament.id", "=", Number(id) || 0)
        .executeTakeFirst();
      if (row) return { user: { id: row.id, username: row.username }, label: row.name, channelId: null };
      break;
    }
  }
  throw new NotFoundError("report_target_not_found");
}

/** Enough for a member who witnesses a raid; too few to bury the moderators' queue. */
export const reportsPerMember: Limit = { max: 10, windowMs: 60 * 60 * 1000 };

export async function createReport(deps: AppDeps, reporter: User, input: ReportInput): Promise<{ username: string }> {
  const target = await resolveTarget(deps, input.targetType, input.targetId);
  if (target.user?.id === reporter.id) throw new BadRequestError("cannot_report_self");
  await hitRateLimit(deps.db, `report:user:${reporter.id}`, reportsPerMember, deps.now());
  await deps.db
    .insertInto("report")
    .values({ reporter_id: reporter.id, target_type: input.targetType, target_id: input.targetId, reason: input.reason, resolved_by: null, resolved_at: null, created_at: deps.now() })
    .execute();
  return { username: target.user?.username ?? target.label };
}

function assertModerator(user: User): void {
  if (!isStaff(user)) throw new ForbiddenError();
}

export async function listReports(deps: AppDeps, caller: User, status: "open" | "dismissed" | "actioned" | "all"): Promise<ReportResponse[]> {
  assertModerator(caller);
  let query = deps.db
    .selectFrom("report")
    .innerJoin("user", "user.id", "report.reporter_id")
    .selectAll("report")
    .select(["user.username as reporter_name"])
    .orderBy("report.created_at", "desc")
    .limit(200);
  if (status !== "all") query = query.where("report.status", "=", status);
  const rows = await query.execute();
  return Promise.all(
    rows.map(async (row) => {
      const target = await resolveTarget(deps, row.target_type, row.target_id).catch(() => ({ user: null, label: `#${row.target_id}`, channelId: null }));
      return {
        id: row.id,
        targetType: row.target_type,
        targetId: row.target_id,
        targetUser: target.user,
        targetLabel: target.label,
        reason: row.reason,
        status: row.status,
        resolution: row.resolution,
        reporter: { id: row.reporter_id, username: row.reporter_name },
        createdAt: new Date(row.created_at).toISOString(),
      };
    }),
  );
}

/**
 * Dismisses a report, or acts on it: hide the replay, ban the user from that channel's chat, or suspend the account.
 * The action, the report's resolution and the audit log's line (issue 34, item 19) are one transaction.
 */
export async function resolveReport(deps: AppDeps, caller: User, id: number, input: { status: "dismissed" | "actioned"; action?: "hide_replay" | "ban_chat" | "suspend_account" }): Promise<void> {
  assertModerator(caller);
  const report = await deps.db.selectFrom("report").selectAll().where("id", "=", id).executeTakeFirst();
  if (!report) throw new NotFoundError("report_not_found");
  const now = deps.now();
  const target = input.status === "actioned" && input.action ? await resolveTarget(deps, report.target_type, report.target_id) : undefined;
  await inTransaction(deps.db, async (trx) => {
    if (target && input.action) await applyAction({ db: trx, bus: deps.bus }, caller, report, target, input.action, now);
    await trx
      .updateTable("report")
      .set({ status: input.status, resolved_by: caller.id, resolved_at: now, resolution: input.action ?? "" })
      .where("id", "=", id)
      .execute();
  });
}

type ReportAction = "hide_replay" | "ban_chat" | "suspend_account";

async function applyAction(
  deps: { db: DbOrTransaction; bus: AppDeps["bus"] },
  caller: User,
  report: { id: number; target_type: ReportTargetType; target_id: string },
  target: Target,
  action: ReportAction,
  now: number,
): Promise<void> {
  const via = { report: report.id };
  if (action === "hide_replay") {
    if (report.target_type !== "replay") throw new BadRequestError("report_action_mismatch");
    await deps.db.updateTable("replay").set({ deleted_at: now }).where("id", "=", Number(report.target_id)).execute();
    await recordAudit(deps.db, caller, { action: "replay.hide", targetType: "replay", targetId: report.target_id, after: via }, now);
    return;
  }
  if (!target.user) throw new BadRequestError("report_action_mismatch");
  if (action === "suspend_account") return suspendAccount(deps, caller, target.user.id, now, via);
  if (target.user.id === caller.id) throw new BadRequestError("cannot_report_self");
  if (!target.channelId) throw new BadRequestError("report_action_mismatch");
  await deps.db
    .insertInto("chat_ban")
    .values({ channel_id: target.channelId, user_id: target.user.id, until: null, reason: "report", created_by: caller.id, created_at: now })
    .onConflict((oc) => oc.columns(["channel_id", "user_id"]).doUpdateSet({ until: null, created_by: caller.id, created_at: now }))
    .execute();
  await recordAudit(deps.db, caller, { action: "chat.ban", targetType: "user", targetId: target.user.id, after: { ...via, channel: target.channelId, until: null } }, now);
}
