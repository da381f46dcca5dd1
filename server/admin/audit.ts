import type { DbOrTransaction } from "../../db/index.ts";
import type { User } from "../../db/types.ts";
import { assertAdmin } from "./guard.ts";

/** What an admin did, e.g. "user.role", "user.suspend", "wallet.adjust"; the target names the object. */
export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: AuditValues | null;
  after?: AuditValues | null;
}

/** What an entry records of a change: plain values only (a role, a balance, a date, a reason). */
export type AuditValues = Record<string, string | number | boolean | null>;

/** Written in the same transaction as the change it records, so the log never misses or invents one. */
export async function recordAudit(db: DbOrTransaction, actor: Pick<User, "id">, entry: AuditEntry, now: number): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      actor_id: actor.id,
      action: entry.action,
      target_type: entry.targetType,
      target_id: String(entry.targetId),
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
      created_at: now,
    })
    .execute();
}

export async function listAudit(db: DbOrTransaction, options: { caller: User; page: number; limit: number; targetType?: string; targetId?: string }) {
  assertAdmin(options.caller);
  let query = db.selectFrom("audit_log").leftJoin("user", "user.id", "audit_log.actor_id");
  if (options.targetType) query = query.where("audit_log.target_type", "=", options.targetType);
  if (options.targetId) query = query.where("audit_log.target_id", "=", options.targetId);
  const [rows, total] = await Promise.all([
    query
      .select([
        "audit_log.id",
        "audit_log.actor_id",
        "user.username as actor",
        "audit_log.action",
        "audit_log.target_type",
        "audit_log.target_id",
        "audit_log.before",
        "audit_log.after",
        "audit_log.created_at",
      ])
      .orderBy("audit_log.id", "desc")
      .limit(options.limit)
      .offset((options.page - 1) * options.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      actor: { id: row.actor_id, username: row.actor ?? null },
      action: row.action,
      target: { type: row.target_type, id: row.target_id },
      before: row.before ? (JSON.parse(row.before) as AuditValues) : null,
      after: row.after ? (JSON.parse(row.after) as AuditValues) : null,
      at: new Date(row.created_at).toISOString(),
    })),
    total: Number(total.count),
  };
}
