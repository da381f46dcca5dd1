import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Balance } from "../../server/wallet/schemas.ts";
import { api } from "../lib/api.ts";

/** Spec 02 §9: the badge refreshes every 30 s and gives up on a call after 5 s. */
const BALANCE_REFRESH_MS = 30_000;
const BALANCE_TIMEOUT_MS = 5000;

// Shared (client/lib), not the wallet feature's: the events feature reads the balance and refreshes it after a purchase, a refund or a paid creation.
export const walletKeys = {
  all: ["wallet"] as const,
  balance: (userId: number | undefined) => ["wallet", "balance", userId] as const,
  transactions: ["wallet", "transactions"] as const,
};

async function getBalance(userId: number, signal?: AbortSignal): Promise<number> {
  return (await api<Balance>(`/wallet/balance/${userId}`, { signal, timeoutMs: BALANCE_TIMEOUT_MS })).balance;
}

/** The one G-Coins balance of a user: the top bar's badge, the wallet page, the ticket panel and the event form read this cache. */
function balanceQueryOptions(userId: number | undefined) {
  return queryOptions({ queryKey: walletKeys.balance(userId), enabled: userId !== undefined, queryFn: ({ signal }) => getBalance(userId!, signal), refetchInterval: BALANCE_REFRESH_MS });
}

export const useBalance = (userId: number | undefined) => useQuery(balanceQueryOptions(userId));
