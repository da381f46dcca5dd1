import type { DbOrTransaction } from "../../db/index.ts";
import type { User } from "../../db/types.ts";
import { recordAudit } from "../admin/audit.ts";
import { assertAdmin } from "../admin/guard.ts";
import type { AppDeps } from "../http/context.ts";
import type { StoragePolicy, StoragePolicyInput } from "./schemas.ts";

const POLICY_ROW = 1;

/** The policy as the admin set it (the migration writes the defaults: keep forever, 2 GB or 5 % free). */
export async function readPolicy(db: DbOrTransaction): Promise<StoragePolicy> {
  const row = await db.selectFrom("storage_policy").selectAll().where("id", "=", POLICY_ROW).executeTakeFirstOrThrow();
  return {
    keep: row.keep,
    keepDays: row.keep_days === null ? null : Number(row.keep_days),
    maxRecordingsGb: row.max_recordings_gb === null ? null : Number(row.max_recordings_gb),
    minFreeGb: Number(row.min_free_gb),
    minFreePercent: Number(row.min_free_percent),
    lastRunAt: row.last_run_at === null ? null : new Date(Number(row.last_run_at)).toISOString(),
  };
}

/** An admin changes the policy; the audit log keeps the values before and after. */
export async function updatePolicy(deps: AppDeps, caller: User, input: StoragePolicyInput): Promise<StoragePolicy> {
  assertAdmin(caller);
  return deps.db.transaction().execute(async (trx) => {
    const before = await readPolicy(trx);
    // Only the limit of the chosen rule is kept, so the row never holds a rule that does not apply.
    const values = {
      keep: input.keep,
      keep_days: input.keep === "days" ? input.keepDays : null,
      max_recordings_gb: input.keep === "size" ? input.maxRecordingsGb : null,
      min_free_gb: input.minFreeGb,
      min_free_percent: input.minFreePercent,
    };
    await trx.updateTable("storage_policy").set(values).where("id", "=", POLICY_ROW).execute();
    const after = await readPolicy(trx);
    const audited = ({ lastRunAt: _, ...rest }: StoragePolicy) => rest;
    await recordAudit(trx, caller, { action: "storage.policy", targetType: "site", targetId: "storage", before: audited(before), after: audited(after) }, deps.now());
    return after;
  });
}
