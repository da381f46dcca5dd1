import { z } from "zod";
import { numeric } from "../../shared/numeric.ts";

export const WalletOwnerParamSchema = z.object({ userId: numeric(z.number().int().positive()) });

export const TransactionPageQuerySchema = z.object({
  userId: numeric(z.number().int().positive().optional()),
  page: numeric(z.number().int().min(1).optional().default(1)),
  limit: numeric(z.number().int().min(1).max(100).optional().default(20)),
});

/** A credit or a debit; `amount` is always positive, the route says which way it goes. */
export const MovementInputSchema = z.object({
  userId: numeric(z.number().int().positive()),
  amount: z.number({ error: "invalid_amount" }).int("invalid_amount").positive("invalid_amount").max(100_000_000, "invalid_amount"),
  description: z.string().trim().max(200).optional(),
  transactionType: z.string().max(40).optional(),
});
export type MovementInput = z.infer<typeof MovementInputSchema>;

/** A wallet's balance in G-Coins (`currency` is always "GCOIN"). */
export const BalanceResponseSchema = z.object({ success: z.literal(true), userId: z.number(), balance: z.number(), currency: z.string() }).meta({ id: "Balance" });
export type Balance = z.infer<typeof BalanceResponseSchema>;

const TransactionTypeSchema = z.enum(["event_creation", "manual_credit", "admin_credit", "ticket_purchase", "ticket_sale", "refund", "refund_reversal", "debit"]);

/** One line of the ledger: credits are positive, debits negative; `description` is in the reader's language. */
const TransactionResponseSchema = z
  .object({
    id: z.number(),
    userId: z.number(),
    amount: z.number(),
    balanceAfter: z.number(),
    transactionType: TransactionTypeSchema,
    description: z.string(),
    refType: z.string().nullable(),
    refId: z.number().nullable(),
    createdAt: z.string().describe("ISO 8601"),
  })
  .meta({ id: "Transaction" });
export type Transaction = z.infer<typeof TransactionResponseSchema>;

export const TransactionPageResponseSchema = z.object({
  success: z.literal(true),
  transactions: z.array(TransactionResponseSchema),
  pagination: z.object({ page: z.number(), limit: z.number(), hasMore: z.boolean() }),
});
export type TransactionPage = z.infer<typeof TransactionPageResponseSchema>;
