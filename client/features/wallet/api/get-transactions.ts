import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { TransactionPage } from "../../../../server/wallet/schemas.ts";
import { api } from "../../../lib/api.ts";
import { walletKeys } from "../../../data/wallet-balance.ts";

export type { Transaction } from "../../../../server/wallet/schemas.ts";

const getTransactions = (page: number, signal?: AbortSignal) => api<TransactionPage>(`/wallet/transactions?page=${page}&limit=20`, { signal });

/** The caller's ledger, newest first, 20 at a time. */
function transactionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: walletKeys.transactions,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => getTransactions(pageParam, signal),
    getNextPageParam: (last, all) => (last.pagination.hasMore ? all.length + 1 : undefined),
  });
}

export const useTransactions = () => useInfiniteQuery(transactionsQueryOptions());
