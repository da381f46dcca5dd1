import type { WalletTransactionType } from "../../db/types.ts";
import type { DbOrTransaction } from "../../db/index.ts";
import { AppError } from "../http/errors.ts";
import { type LedgerText, storedText } from "./ledger-lines.ts";

interface Movement {
  userId: number;
  /** Positive: credit; negative: debit. */
  amount: number;
  type: WalletTransactionType;
  description: LedgerText;
  refType?: string;
  refId?: number;
}

export class InsufficientFundsError extends AppError {
  constructor(required: number, balance: number) {
    super(402, "insufficient_balance", { params: { price: required, balance }, extra: { required, balance } });
  }
}

/**
 * Moves G-Coins and writes the ledger row, inside the caller's transaction. The balance update is
 * conditional (it never goes below zero) and the CHECK constraint backs it up, so two concurrent
 * debits can never overdraw a wallet.
 */
export async function applyMovement(db: DbOrTransaction, movement: Movement, now: number): Promise<number> {
  if (!Number.isInteger(movement.amount) || movement.amount === 0) throw new AppError(400, "invalid_amount");
  await db
    .insertInto("wallet")
    .values({ user_id: movement.userId, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  const updated = await db
    .updateTable("wallet")
    .set((eb) => ({ balance: eb("balance", "+", movement.amount), updated_at: now }))
    .where("user_id", "=", movement.userId)
    .where((eb) => eb(eb("balance", "+", movement.amount), ">=", 0))
    .returning("balance")
    .executeTakeFirst();
  if (!updated) throw new InsufficientFundsError(-movement.amount, await balanceOf(db, movement.userId));
  await db
    .insertInto("wallet_transaction")
    .values({
      user_id: movement.userId,
      amount: movement.amount,
      balance_after: updated.balance,
      type: movement.type,
      ...storedText(movement.description),
      ref_type: movement.refType ?? null,
      ref_id: movement.refId ?? null,
      created_at: now,
    })
    .execute();
  return updated.balance;
}

export async function balanceOf(db: DbOrTransaction, userId: number): Promise<number> {
  const wallet = await db.selectFrom("wallet").select("balance").where("user_id", "=", userId).executeTakeFirst();
  return wallet?.balance ?? 0;
}
