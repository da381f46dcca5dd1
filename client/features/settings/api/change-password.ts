import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { ChangePasswordSchema, SuccessMessage } from "../../../../server/auth/schemas.ts";
import { api } from "../../../lib/api.ts";

type PasswordChange = z.input<typeof ChangePasswordSchema>;

/** The answer's message is the success text shown to the user. */
function changePassword(change: PasswordChange): Promise<SuccessMessage> {
  return api<SuccessMessage>("/auth/password", { method: "PUT", body: change });
}

export function useChangePassword(options: Pick<UseMutationOptions<SuccessMessage, Error, PasswordChange>, "onSuccess" | "onError"> = {}) {
  return useMutation({ ...options, mutationFn: changePassword });
}
