import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

/** The answer's message is the success text shown to the user. */
export function changePassword(change: PasswordChange): Promise<{ message: string }> {
  return api<{ message: string }>("/auth/password", { method: "PUT", body: change });
}

export function useChangePassword(options: Pick<UseMutationOptions<{ message: string }, Error, PasswordChange>, "onSuccess" | "onError"> = {}) {
  return useMutation({ ...options, mutationFn: changePassword });
}
