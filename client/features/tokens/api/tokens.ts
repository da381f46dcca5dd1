import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { TokenCreatedSchema, TokenCreateSchema, TokenListSchema } from "../../../../server/tokens/schemas.ts";
import { api } from "../../../lib/api.ts";

type TokenList = z.infer<typeof TokenListSchema>;
type TokenCreated = z.infer<typeof TokenCreatedSchema>;
type TokenInput = z.input<typeof TokenCreateSchema>;

const tokensQuery = queryOptions({ queryKey: ["tokens"] as const, queryFn: ({ signal }) => api<TokenList>("/tokens", { signal }) });

export const useTokens = () => useQuery(tokensQuery);

function useTokenMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey }) });
}

export const useCreateToken = () => useTokenMutation((input: TokenInput) => api<TokenCreated>("/tokens", { method: "POST", body: input }));
export const useRevokeToken = () => useTokenMutation((id: number) => api(`/tokens/${id}`, { method: "DELETE" }));
