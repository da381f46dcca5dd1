import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { walletKeys } from "../../../lib/wallet-balance.ts";

export interface Transaction {
  id: number;
  amount: number;
  balanceAfter: number;
  transactionType: string;
  description: string;
  createdAt: string;
}

export const getTransactions = (page: number, signal?: AbortSignal) => api<{ transactions: Transaction[]; pagination: { hasMore: boolean } }>(`/wallet/transactions?page=${page}&limit=20`, { signal });

/** The caller's ledger, newest first, 20 at a time. */
export function transactionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: walletKeys.transactions,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => getTransactions(pageParam, signal),
    getNextPageParam: (last, all) => (last.pagination.hasMore ? all.length + 1 : undefined),
  });
}

export const useTransactions = () => useInfiniteQuery(transactionsQueryOptions());
