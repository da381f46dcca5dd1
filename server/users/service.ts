import type { Role, User } from "../../db/types.ts";
import { canAdminister } from "../access/policy.ts";
import { inTransaction } from "../../db/transaction.ts";
import { recordAudit } from "../admin/audit.ts";
import type { AppDeps } from "../http/context.ts";
import { ForbiddenError, NotFoundError } from "../http/errors.ts";

export async function findPublicUser(deps: AppDeps, username: string): Promise<User> {
  const user = await deps.db.selectFrom("user").selectAll().where("username", "=", username).where("suspended_at", "is", null).executeTakeFirst();
  if (!user) throw new NotFoundError("user_not_found");
  return user;
}

/** Admins only. An admin cannot change their own role, so a server never loses its last admin by mistake. */
export async function changeRole(deps: AppDeps, caller: User, userId: number, role: Role): Promise<User> {
  if (!canAdminister(caller)) throw new ForbiddenError();
  if (caller.id === userId) throw new ForbiddenError("cannot_change_own_role");
  const now = deps.now();
  return inTransaction(deps.db, async (trx) => {
    const before = await trx.selectFrom("user").select("role").where("id", "=", userId).executeTakeFirst();
    const user = await trx.updateTable("user").set({ role, updated_at: now }).where("id", "=", userId).returningAll().executeTakeFirst();
    if (!user || !before) throw new NotFoundError("user_not_found");
    await recordAudit(trx, caller, { action: "user.role", targetType: "user", targetId: userId, before: { role: before.role }, after: { role } }, now);
    return user;
  });
}
