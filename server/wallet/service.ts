import type { User, WalletTransactionType } from "../../db/types.ts";
import { canAdminister, canSeeWallet, isOwner } from "../access/policy.ts";
import { recordAudit } from "../admin/audit.ts";
import type { AppDeps } from "../http/context.ts";
import { ForbiddenError, NotFoundError } from "../http/errors.ts";
import type { Language } from "../i18n/messages.ts";
import { applyMovement, balanceOf } from "../ledger/ledger.ts";
import { describeLine } from "./describe-line.ts";
import type { MovementInput } from "./schemas.ts";
import { inTransaction } from "../../db/transaction.ts";
import { TEST_TOP_UP } from "../../shared/wallet.ts";

/** Another user's wallet does not exist for the caller (404), unless the caller is an admin. */
function assertOwnOrAdmin(caller: User, userId: number): void {
  if (!canSeeWallet(caller, userId)) throw new NotFoundError("wallet_not_found");
}

export async function getBalance(deps: AppDeps, caller: User, userId: number) {
  assertOwnOrAdmin(caller, userId);
  return { userId, balance: await balanceOf(deps.db, userId), currency: "GCOIN" };
}

export async function listTransactions(deps: AppDeps, caller: User, userId: number, page: number, limit: number, lang: Language) {
  assertOwnOrAdmin(caller, userId);
  const rows = await deps.db
    .selectFrom("wallet_transaction")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return {
    transactions: rows.slice(0, limit).map((row) => ({
      id: row.id,
      userId: row.user_id,
      amount: row.amount,
      balanceAfter: row.balance_after,
      transactionType: row.type,
      description: describeLine(lang, row),
      refType: row.ref_type,
      refId: row.ref_id,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    pagination: { page, limit, hasMore: rows.length > limit },
  };
}

/**
 * Credits: admins credit anyone any amount. Anyone else only gets the test top-up of 1,000, on
 * their own wallet, and only when the server runs in DEMO mode.
 */
export async function credit(deps: AppDeps, caller: User, input: MovementInput) {
  const isAdmin = canAdminister(caller);
  const isTestTopUp = deps.config.demo && isOwner(caller, input.userId) && input.amount === TEST_TOP_UP;
  if (!isAdmin && !isTestTopUp) throw new ForbiddenError("credit_not_allowed");
  // Checked here rather than left to the wallet's foreign key, which would answer 500.
  if (!(await deps.db.selectFrom("user").select("id").where("id", "=", input.userId).executeTakeFirst())) throw new NotFoundError("user_not_found");
  const type: WalletTransactionType = isAdmin && !isOwner(caller, input.userId) ? "admin_credit" : "manual_credit";
  const now = deps.now();
  const balance = await inTransaction(deps.db, async (trx) => {
    const after = await applyMovement(
      trx,
      {
        userId: input.userId,
        amount: input.amount,
        type,
        description: input.description || { code: isTestTopUp && !isAdmin ? "test_top_up" : type === "admin_credit" ? "desk_payment" : "credit" },
        refType: "user",
        refId: caller.id,
      },
      now,
    );
    if (isAdmin)
      await recordAudit(
        trx,
        caller,
        {
          action: "wallet.credit",
          targetType: "user",
          targetId: input.userId,
          before: { balance: after - input.amount },
          after: { balance: after, amount: input.amount, reason: input.description ?? "" },
        },
        now,
      );
    return after;
  });
  return { userId: input.userId, balance, currency: "GCOIN" };
}

/** A debit of the caller's own wallet (the spec's client calls it; Arena's own payments debit inside their transactions). */
export async function debit(deps: AppDeps, caller: User, input: MovementInput) {
  if (!isOwner(caller, input.userId)) throw new NotFoundError("wallet_not_found");
  const balance = await inTransaction(deps.db, (trx) =>
    applyMovement(trx, { userId: caller.id, amount: -input.amount, type: "debit", description: input.description || input.transactionType || { code: "debit" } }, deps.now()),
  );
  return { userId: caller.id, balance, currency: "GCOIN" };
}
