import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { PublicUserResponse } from "../../../../server/users/schemas.ts";
import type { Balance, MovementInputSchema } from "../../../../server/wallet/schemas.ts";
import { ApiError, api } from "../../../lib/api.ts";
import { walletKeys } from "../../../data/wallet-balance.ts";

const creditWallet = (body: z.input<typeof MovementInputSchema>) => api<Balance>("/wallet/credit", { method: "POST", body });

/** DEMO mode's test top-up of the caller's own wallet. */
export function useTestTopUp({ onSuccess, onError }: { onSuccess: () => void; onError: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, amount }: { userId: number; amount: number }) => creditWallet({ userId, amount }),
    onSuccess: () => {
      onSuccess();
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
    onError,
  });
}

/** The admin's credit by username: the member is looked up first, a 404 becomes the username field's message. */
export function useAdminCredit({ noMember, onSuccess, onError }: { noMember: string; onSuccess: (credited: { username: string; balance: number }) => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, amount, reason }: { username: string; amount: number; reason?: string }) => {
      const member = await api<PublicUserResponse>(`/user/${encodeURIComponent(username)}`).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) throw new ApiError(404, "user_not_found", noMember, [{ field: "username", code: "user_not_found", msg: noMember }]);
        throw error;
      });
      const answer = await creditWallet({ userId: member.user.id, amount, description: reason });
      return { username: member.user.username, balance: answer.balance };
    },
    onSuccess: (credited) => {
      onSuccess(credited);
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
    onError,
  });
}
